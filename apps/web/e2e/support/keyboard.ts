import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * Keyboard helpers of the keyboard-only journey: every control is reached with Tab (or
 * Shift+Tab) and operated with Enter, Space, the arrows or typing. Locators only read the page.
 */

/** A short description of the focused element, for a failure's message. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (the page body)';
    const tag = el.tagName.toLowerCase();
    const role = el.getAttribute('role');
    const label =
      el.getAttribute('aria-label') ??
      (el.getAttribute('aria-labelledby')
        ? document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent
        : null) ??
      el.getAttribute('name') ??
      (el.textContent ?? '').trim().slice(0, 60);
    return `<${tag}${role ? ` role=${role}` : ''}> "${label}"`;
  });
}

/**
 * Presses Tab (Shift+Tab with `backward`) until `locator` has the focus, at most `max` times:
 * proof that the control is reachable by keyboard. Fails with what had the focus instead.
 */
export async function tabTo(
  page: Page,
  locator: Locator,
  { max = 40, backward = false }: { max?: number; backward?: boolean } = {},
): Promise<void> {
  // A screen may still be loading its code on a busy machine.
  await expect(locator).toBeVisible({ timeout: 15_000 });
  // Resolved once: a role query on every press is slow on a long list (the item catalogue).
  // Resolved again if the element leaves the page: a prerendered page's controls are replaced
  // by the app's once it has started (decision 031), the focus carried over.
  let target = await locator.elementHandle();
  if (!target) throw new Error(`${String(locator)} is not on the page`);
  const focused = async () => {
    if (!(await target!.evaluate((el) => el.isConnected))) {
      await target!.dispose();
      target = await locator.elementHandle();
      if (!target) throw new Error(`${String(locator)} left the page`);
    }
    return target.evaluate((el) => el === document.activeElement);
  };
  try {
    for (let i = 0; i < max && !(await focused()); i += 1) {
      await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
    }
    if (!(await focused())) {
      throw new Error(
        `${String(locator)} was not reached after ${max} ${backward ? 'Shift+Tab' : 'Tab'} ` +
          `presses; the focus is on ${await describeFocus(page)}`,
      );
    }
  } finally {
    await target.dispose();
  }
  await expect(locator).toBeFocused();
}

/** Tabs to a control and presses a key on it (Enter for a button or link, Space for a box). */
export async function activate(
  page: Page,
  locator: Locator,
  { key = 'Enter', max = 40, backward = false } = {},
): Promise<void> {
  await tabTo(page, locator, { max, backward });
  await page.keyboard.press(key);
}

/**
 * Picks a radio of a group as a keyboard does: Tab lands on the group's checked radio (or its
 * first), and the arrows move the choice to `target`.
 */
export async function chooseRadio(
  page: Page,
  group: Locator,
  target: Locator,
  { max = 40, key = 'ArrowDown' }: { max?: number; key?: 'ArrowDown' | 'ArrowRight' } = {},
): Promise<void> {
  const checked = group.getByRole('radio', { checked: true }).first();
  const entry = (await checked.count()) > 0 ? checked : group.getByRole('radio').first();
  await tabTo(page, entry, { max });
  for (let i = 0; i < 12 && !(await target.isChecked()); i += 1) {
    await page.keyboard.press(key);
  }
  await expect(target).toBeChecked();
  await expect(target).toBeFocused();
}

/** Tabs to a text field, selects what it holds and types `text` over it. */
export async function typeInto(
  page: Page,
  locator: Locator,
  text: string,
  { max = 40, backward = false } = {},
): Promise<void> {
  await tabTo(page, locator, { max, backward });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Waits for the focus to land on something other than the page body (a screen that has just
 * opened moves it to its heading or first control), so that the next Tab starts there.
 */
export async function expectFocusSomewhere(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== document.body), {
      message: 'the focus is somewhere on the page',
    })
    .toBe(true);
}

/** Every stylesheet rule of the page that styles :focus-visible. */
export async function focusVisibleRules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      let rules: CSSRuleList;
      try {
        rules = sheet.cssRules;
      } catch {
        continue;
      }
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule && rule.selectorText.includes(':focus-visible')) {
          found.push(rule.selectorText);
        }
      }
    }
    return found;
  });
}

/**
 * The focused element shows where the focus is: a ring (outline or shadow) on it or on the
 * visible control around a hidden native input (MUI's checkbox and radio), or, for a text field,
 * MUI's focused border (thicker and coloured).
 */
export async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const ring = (node: Element | null) => {
      if (!node) return false;
      const css = getComputedStyle(node);
      return (
        (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0) ||
        css.boxShadow !== 'none'
      );
    };
    const field = el.closest('.MuiInputBase-root');
    // An outlined field's border, drawn thicker while it has the focus (by MUI in the app, by
    // the picture's own style on a prerendered page before the app has started).
    const outline = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    return {
      keyboard: el.matches(':focus-visible'),
      shown:
        ring(el) ||
        ring(el.parentElement) ||
        (field !== null && field.classList.contains('Mui-focused')) ||
        (outline != null && parseFloat(getComputedStyle(outline).borderTopWidth) >= 2),
    };
  });
  expect(style, `${what}: something has the focus`).not.toBeNull();
  expect(style?.keyboard, `${what}: the focus is :focus-visible`).toBe(true);
  expect(style?.shown, `${what}: the focus shows (a ring, or a focused field's border)`).toBe(true);
}
