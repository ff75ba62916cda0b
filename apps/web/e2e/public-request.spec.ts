import type { Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { acceptCookies, expect, expectAccessible, test } from './support/fixtures';
import { DEMO_PARTNER_PASSWORD, SWIFT } from './support/partner';
import { chooseAddress, daysFromToday } from './support/requests';

/*
 * The public request page of a direct request (spec/request-lifecycle.md §2 /view-request;
 * decision 037): the customer who sent a move through a company's link follows it there, as the
 * request detail shows it, with the right status, the letter's button, and the link to keep.
 */

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await acceptCookies(page, baseURL);
});

/** A direct request through Swift Movers LA's link, up to its Congratulations step. */
async function sendDirectMove(page: Page): Promise<number> {
  await page.goto('/create-request/swift-movers-la');
  await page.locator('input[name="date"]').fill(daysFromToday(8));
  await chooseAddress(page, 'Address A', '90012', 'Los Angeles, CA 90012, USA');
  await chooseAddress(page, 'Address B', '90401', 'Santa Monica, CA 90401, USA');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Move Size').click();
  await page.getByRole('option', { name: 'Studio', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.locator('input[name="first_name"]').fill('Robin');
  await page.locator('input[name="last_name"]').fill('Publicpage');
  await page.locator('input[name="email"]').fill(uniqueEmail('public-page'));
  await page.locator('input[name="customer_phone_number"]').pressSequentially('3105550164');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/company/generate_request_by_customer') && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Request Move' }).click();
  const body = (await (await sent).json()) as { data: { Request_ID: { id: number } } };
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  return body.data.Request_ID.id;
}

test('a direct request’s customer follows it on its public page, copies the link and goes on to the letter', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await sendDirectMove(page);

  // The company sends its letter with hourly rates (0 → 3), through its API.
  const login = await page.request.post('/app_api/login', {
    data: { email: SWIFT.email, password: DEMO_PARTNER_PASSWORD, user_type: 2 },
  });
  const { data } = (await login.json()) as { data: { auth_token: string } };
  const letter = await page.request.post('/api/company/send_confirmation_letter', {
    headers: { 'x-sh-auth': data.auth_token },
    data: {
      request_id: id,
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130,
      minimum_hours: 3,
      payment_method: 'Cash',
    },
  });
  expect(letter.status()).toBe(200);

  await page.getByRole('button', { name: 'go to my request details' }).click();
  await expect(page).toHaveURL(/\/view-request\/[\w-]+$/);
  const url = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Request #${id}` })).toBeVisible();
  // Nothing was paid: the letter waits for the customer.
  await expect(page.getByText('Pending request confirmation')).toBeVisible();
  await expect(page.getByText('Paid and waiting for move')).toHaveCount(0);
  const move = page.getByRole('region', { name: 'Move' });
  await expect(move).toContainText('Cash Hour Rate: $120.00');
  await expect(move).toContainText('Minimum Hours: 3');
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
    'Confirmation letter sent',
  );
  await expect(page.getByRole('region', { name: 'Addresses' })).toContainText(
    'Santa Monica, CA 90401, USA',
  );

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page, 'public request page, letter waiting');

  await move.getByRole('link', { name: 'Confirm and proceed with the move' }).click();
  await expect(page).toHaveURL(/\/sign-confirmation-letter\/[\w-]+$/);
  await expect(page.getByRole('region', { name: 'Move Confirmation Letter' })).toContainText(
    'Cash Hour Rate: $120.00',
  );
});
