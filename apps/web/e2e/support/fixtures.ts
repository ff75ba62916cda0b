import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The seeded demo customer of the embedded mode (apps/api/src/db/seed/demo.ts). */
export const DEMO = { email: 'demo@movehub.test', password: 'Demo@1234', name: 'Dana Mover' };

export const WIDTHS = [375, 1280] as const;

/**
 * Runs axe-core on the current screen at 375 px and 1280 px and fails on any serious or
 * critical violation. Every journey calls it on every screen it visits.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Let layout settle (the sidebar turns into a drawer below 769 px).
    await page.waitForTimeout(150);
    const results = await new AxeBuilder({ page }).analyze();
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
  await page.context().addCookies([{ name: 'cookie_consent', value: '1', url: baseURL }]);
}
