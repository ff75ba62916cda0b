import { dirname, join } from 'node:path';
import axe from 'axe-core';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { CONSENT_COOKIE } from '@movehub/shared';

interface ExpectedRefusal {
  path: string;
  status: number;
}

const expectedRefusals = new WeakMap<Page, ExpectedRefusal[]>();

/**
 * Declares that the journey makes the server refuse a call on purpose (a wrong password, a
 * declined card): Chromium logs every 4xx answer as a console error, and this one is expected.
 */
export function expectRefusal(page: Page, path: string, status: number): void {
  expectedRefusals.set(page, [...(expectedRefusals.get(page) ?? []), { path, status }]);
}

const expectedLoadFailures = new WeakMap<Page, RegExp[]>();

/**
 * Declares that the journey cuts a download on purpose (a script the network drops): Chromium
 * logs the failed load as a console error, and a failure of a matching address is expected.
 */
export function expectLoadFailure(page: Page, url: RegExp): void {
  expectedLoadFailures.set(page, [...(expectedLoadFailures.get(page) ?? []), url]);
}

/**
 * The journeys' `test`: besides Playwright's own, it fails a journey on any error in the
 * browser's console or any uncaught exception, so that an expected answer never shows there as
 * an error. A refusal the journey provokes is declared with expectRefusal.
 */
export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const url = message.location().url;
        const refused = /status of (\d{3})/.exec(message.text());
        const allowed = (expectedRefusals.get(page) ?? []).some(
          (r) =>
            refused &&
            Number(refused[1]) === r.status &&
            new URL(url, 'http://x').pathname === r.path,
        );
        const cut =
          message.text().includes('net::ERR_') &&
          (expectedLoadFailures.get(page) ?? []).some((pattern) => pattern.test(url));
        if (!allowed && !cut) errors.push(`${message.text()}${url ? ` (${url})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use();
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The seeded demo customer of the embedded mode (apps/api/src/db/seed/demo.ts). */
export const DEMO = { email: 'demo@movehub.test', password: 'Demo@1234', name: 'Dana Mover' };

/** The phone (an iPhone's 375 × 812) and the desktop every screen is checked at. */
export const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
export const WIDTHS = VIEWPORTS.map((viewport) => viewport.width);

/**
 * A screen's name as a file name: lower case, letters and digits, words joined by '-'
 * ("foreman's jobs" → "foremans-jobs", "wizard step 0" → "wizard-step-0").
 */
export function slug(screen: string): string {
  const name = screen
    .toLowerCase()
    .normalize('NFKD')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!name) throw new Error(`the screen name "${screen}" has no letter or digit to name a file`);
  return name;
}

/**
 * Runs axe-core on the current screen at 375 × 812 and 1280 × 800 and fails on any serious or
 * critical violation, or when the screen scrolls sideways (content wider than the viewport
 * hides controls off-screen, such as the account menu). At each width it keeps a full-page
 * screenshot in test-results/screenshots/<project>/<screen>-<width>.png, which CI keeps with its
 * other artefacts. Every journey calls it on every screen it visits.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A step of its own, so that the report shows what each screen's checks cost.
  await test.step(`accessible: ${screen}`, () => checkAccessible(page, screen), { box: true });
}

async function checkAccessible(page: Page, screen: string): Promise<void> {
  const info = test.info();
  // Beside Playwright's own output folder (test-results/e2e-artifacts), which it empties per run.
  const folder = join(dirname(info.project.outputDir), 'screenshots', slug(info.project.name));
  const name = slug(screen);
  const original = page.viewportSize() ?? VIEWPORTS[1];
  for (const viewport of VIEWPORTS) {
    const { width } = viewport;
    await page.setViewportSize(viewport);
    // Let layout settle (the sidebar turns into a drawer below 769 px).
    await page.waitForTimeout(150);
    // A toast or dialog still fading in or out has colours in between, which axe would measure
    // as low contrast: wait for the finite animations (not a spinner's endless one) to end.
    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity,
            ),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    // Kept before the checks, so that a failing screen is seen as it failed.
    await page.screenshot({
      path: join(folder, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0] ?? ''}`);
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
    });
    expect(
      overflow.scrollWidth,
      `${screen} at ${width}px scrolls sideways (${overflow.wide.join(', ')})`,
    ).toBeLessThanOrEqual(overflow.clientWidth);
    // axe-core runs in the page itself, put there once per page (a screen's second width finds
    // it): Playwright's evaluate is not bound by the app's CSP, which refuses inline scripts.
    // The journeys' app has no cross-origin frame (Stripe's card frames appear only with real
    // keys), so the page's own document is all there is to check. Only the violations are read:
    // axe then skips detailing every rule that passed. @axe-core/playwright's builder, used
    // before, put axe into the page again on every check: 0.6 to 0.9 s a check on My Requests,
    // against 0.1 to 0.3 s for the run alone.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
      }),
    );
    const blocking = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      blocking.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
      `${screen} at ${width}px`,
    ).toEqual([]);
  }
  await page.setViewportSize(original);
}

export async function logIn(
  page: Page,
  email = DEMO.email,
  password = DEMO.password,
): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
}

/** Consents to cookies up front so that the banner does not cover what a journey clicks. */
export async function acceptCookies(page: Page, baseURL: string | undefined): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: '1', url: baseURL }]);
}

/**
 * Waits until the app owns a prerendered page (decision 034): the page's root loses
 * `data-prerendered` once its screen is hydrated and what was typed is carried over. A journey
 * about something else types after it, as a field with a mask of its own (the phone) may lose
 * digits typed while React hydrates (a known limit, decision 034); the prerendered journeys type
 * before and while the app starts on purpose.
 */
export async function appIsRunning(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
  );
}

/**
 * Presses Send as a person does: when the chat says it is not connected yet ("Please wait a
 * moment and try again"), waits a moment and presses it again. The same text keeps its client
 * id, so a message that did go is stored once.
 */
export async function pressSend(conversation: Locator): Promise<void> {
  const notConnected = conversation.getByRole('alert').filter({ hasText: 'not connected' });
  await expect(async () => {
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toHaveValue('', {
      timeout: 2_000,
    });
  }).toPass({ intervals: [500, 1_000, 2_000] });
  await expect(notConnected).toHaveCount(0);
}
