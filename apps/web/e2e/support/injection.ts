import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * Script injection in the browser: hostile text entered where a customer or a company can enter
 * it, then every screen that shows it is visited. Each payload would set window.__xss (and open
 * an alert) if it ran; none may. The console guard of the journeys' `test` fails on any error.
 */

/** Each way a text could run script when shown as HTML, naming the marker it would set. */
export const PAYLOADS = {
  img: `<img src=x onerror="window.__xss='img';alert(1)">`,
  script: `<script>window.__xss='script';alert(1)</script>`,
  svg: `"><svg onload="window.__xss='svg';alert(1)">`,
  link: `javascript:window.__xss='link';alert(1)`,
} as const;

/** All four payloads in one text (within the 200 characters of an item name). */
export function hostile(tag: string): string {
  return `${tag} ${PAYLOADS.img} ${PAYLOADS.svg} ${PAYLOADS.script} ${PAYLOADS.link}`;
}

const dialogs = new WeakMap<Page, string[]>();

/** Records (and dismisses) any dialog the page opens: a payload that ran would open one. */
export function watchDialogs(page: Page): void {
  dialogs.set(page, []);
  page.on('dialog', (dialog) => {
    dialogs.get(page)?.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/**
 * The current screen ran nothing: no dialog so far, no marker set, and nothing in the document
 * that could run later (an event handler attribute, a script the page did not ship, a javascript:
 * link).
 */
export async function expectNothingRan(page: Page, screen: string): Promise<void> {
  const found = await page.evaluate(() => {
    const handlers = Array.from(document.querySelectorAll('*')).filter((el) =>
      Array.from(el.attributes).some((a) => a.name.startsWith('on') && a.value.includes('__xss')),
    );
    const scripts = Array.from(document.scripts).filter((s) => s.text.includes('__xss'));
    const links = Array.from(document.querySelectorAll('a[href], [src], [action]')).filter((el) =>
      ['href', 'src', 'action'].some((name) =>
        /^\s*javascript:/i.test(el.getAttribute(name) ?? ''),
      ),
    );
    return {
      marker: (window as unknown as { __xss?: unknown }).__xss ?? null,
      handlers: handlers.map((el) => el.outerHTML.slice(0, 120)),
      scripts: scripts.length,
      links: links.map((el) => el.outerHTML.slice(0, 120)),
    };
  });
  expect(found, `${screen}: nothing injected ran or waits to run`).toEqual({
    marker: null,
    handlers: [],
    scripts: 0,
    links: [],
  });
  expect(dialogs.get(page) ?? [], `${screen}: no dialog opened`).toEqual([]);
}
