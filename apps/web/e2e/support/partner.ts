import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * The partner console's journeys: the demo companies and foremen of the embedded mode
 * (apps/api/src/db/seed/demo.ts), all with the password npm start prints, and signing in to the
 * console as each.
 */

/** DEMO_COUNTERPART_PASSWORD: every demo company's and foreman's. */
export const DEMO_PARTNER_PASSWORD = 'Demo@1234';

/** The first demo company, which serves all of Los Angeles County. */
export const SWIFT = { email: 'dispatch@swiftmovers-la.test', name: 'Swift Movers LA' } as const;
/** Swift's first foreman, and its first truck. */
export const CARLOS = { email: 'carlos.ramirez@swiftmovers-la.test', name: 'Carlos Ramirez' };
export const SWIFT_TRUCK = '26 ft box truck #1';

/** Each demo company's sign-in email by its name, as the customer's screens show it. */
export const DEMO_COMPANY_EMAILS: Readonly<Record<string, string>> = {
  'Swift Movers LA': SWIFT.email,
  'Westside Van Lines': 'hello@westsidevanlines.test',
  'Valley Star Moving': 'book@valleystarmoving.test',
  'Pasadena Pacific Movers': 'office@pasadenapacific.test',
};

/** Signs a demo company in at /partner/login; its console opens on the open requests. */
export async function signInAsCompany(page: Page, email: string = SWIFT.email): Promise<void> {
  await page.goto('/partner/login');
  await page.getByRole('radio', { name: 'A moving company' }).check();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PARTNER_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/partner\/open-requests$/);
}

/** Signs a demo foreman in at /partner/login; his console opens on his jobs. */
export async function signInAsForeman(page: Page, email: string = CARLOS.email): Promise<void> {
  await page.goto('/partner/login');
  await page.getByRole('radio', { name: 'A foreman' }).check();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PARTNER_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/partner\/foreman$/);
}

/**
 * In the company's console, bids `amount` on a request from its open requests (a bid the
 * simulator placed before the console opened is changed instead).
 */
export async function bidInConsole(page: Page, requestId: number, amount: string): Promise<void> {
  if (!/\/partner\/open-requests$/.test(page.url())) await page.goto('/partner/open-requests');
  const card = page.getByRole('article', { name: new RegExp(`^Request #${requestId}\\b`) });
  await card.getByRole('button', { name: new RegExp(`#${requestId}$`) }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`request #${requestId}$`) });
  await dialog.getByLabel('Your bid (USD)').fill(amount);
  await dialog.getByRole('button', { name: /^(Place|Change) bid$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(`My bid: $${amount}`)).toBeVisible();
}

/**
 * The foreman's phone: a browser context of its own at 375 × 812, touch, location allowed at
 * `at` (the test moves it with `phone.setGeolocation`), cookies accepted, the foreman signed in
 * on his jobs.
 */
export async function openForemanPhone(
  browser: Browser,
  baseURL: string,
  at: { latitude: number; longitude: number },
  email: string = CARLOS.email,
): Promise<{ phone: BrowserContext; foreman: Page }> {
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    permissions: ['geolocation'],
    geolocation: at,
  });
  await phone.addCookies([{ name: 'cookie_consent', value: '1', url: baseURL }]);
  const foreman = await phone.newPage();
  await signInAsForeman(foreman, email);
  return { phone, foreman };
}
