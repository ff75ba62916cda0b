import type { Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { acceptCookies, expect, expectAccessible, test } from './support/fixtures';
import { DEMO_PARTNER_PASSWORD, SWIFT } from './support/partner';
import { chooseAddress, daysFromToday } from './support/requests';

/*
 * The confirmation letter of a direct request (spec/request-lifecycle.md §2
 * "Confirmation letter signing"; decision 016): a customer sends a move through a company's
 * direct link, the company sends its letter with hourly rates through the partner API, and the
 * customer signs it on the public link's signing page and finds the signed PDF.
 */

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await acceptCookies(page, baseURL);
});

/** A direct request through Swift Movers LA's link; returns its id and public link. */
async function sendDirectMove(page: Page): Promise<{ id: number; link: string }> {
  await page.goto('/create-request/swift-movers-la');
  await page.locator('input[name="date"]').fill(daysFromToday(7));
  await chooseAddress(page, 'Address A', '90012', 'Los Angeles, CA 90012, USA');
  await chooseAddress(page, 'Address B', '90401', 'Santa Monica, CA 90401, USA');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Move Size').click();
  await page.getByRole('option', { name: 'Studio', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.locator('input[name="first_name"]').fill('Robin');
  await page.locator('input[name="last_name"]').fill('Signer');
  await page.locator('input[name="email"]').fill(uniqueEmail('letter'));
  await page.locator('input[name="customer_phone_number"]').pressSequentially('3105550163');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/company/generate_request_by_customer') && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Request Move' }).click();
  const body = (await (await sent).json()) as {
    data: { Request_ID: { id: number; public_access_link: string } };
  };
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  return { id: body.data.Request_ID.id, link: body.data.Request_ID.public_access_link };
}

test('a direct request gets its confirmation letter, the customer signs it and finds the PDF', async ({
  page,
}) => {
  const { id, link } = await sendDirectMove(page);

  // The company, through the partner API, sends its letter with hourly rates: 0 → 3.
  const login = await page.request.post('/app_api/login', {
    data: { email: SWIFT.email, password: DEMO_PARTNER_PASSWORD, user_type: 2 },
  });
  expect(login.ok()).toBe(true);
  const { data } = (await login.json()) as { data: { auth_token: string } };
  const sentLetter = await page.request.post('/api/company/send_confirmation_letter', {
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
  expect(sentLetter.status()).toBe(200);

  await page.goto(`/sign-confirmation-letter/${link}`);
  const panel = page.getByRole('region', { name: 'Move Confirmation Letter' });
  await expect(panel.getByText('Cash Hour Rate: $120.00')).toBeVisible();
  await expect(panel.getByText('Dear Robin Signer,')).toBeVisible();
  await expectAccessible(page, 'sign confirmation letter');

  // DONE asks for the terms, then for a signature.
  await page.getByRole('button', { name: 'DONE' }).click();
  await expect(page.getByText('Please checked: Agree to terms and conditions.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Agree to terms and conditions' }).check();
  await page.getByRole('button', { name: 'DONE' }).click();
  await expect(page.getByText('Please take signature on sign-pad')).toBeVisible();

  const pad = page.getByRole('img', { name: 'Signature pad' });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  expect(box.height).toBe(250);
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 30 + i * 20, box.y + 120 + (i % 3) * 15);
  await page.mouse.up();

  const signed = page.waitForResponse((r) =>
    r.url().endsWith('/api/company/attach_signature_make_confirmation_letter_pdf'),
  );
  await page.getByRole('button', { name: 'DONE' }).click();
  expect((await signed).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/view-request/${link}$`));

  // Back on the signing page: the signed letter's PDF instead of the pad.
  await page.goto(`/sign-confirmation-letter/${link}`);
  const pdfLink = page.getByRole('link', { name: 'View the signed letter (PDF)' });
  await expect(pdfLink).toBeVisible();
  const href = await pdfLink.getAttribute('href');
  const pdf = await page.request.get(href as string);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
