import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import { CARLOS, signInAsCompany, signInAsForeman, SWIFT } from './support/partner';
import { sendDowntownMove } from './support/requests';

/*
 * The partner console's first slice (decision 022): a demo company signs in at
 * /partner/login in a second window of the customer's browser, finds the customer's new move
 * among its open requests, bids on it, and the customer's companies list shows that bid, while
 * the customer's own session in the first window stays signed in. A foreman signs in to his own
 * jobs.
 */

/** An amount no demo bid makes (they bid whole dollars around the estimate). */
const BID = '777.25';

test.beforeEach(async ({ page, baseURL }) => {
  // Two windows and axe at two widths on three screens.
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
});

test("a company signs in beside a customer, bids on the customer's new move, and the customer sees the bid", async ({
  page,
  context,
}) => {
  const customer = await createCustomer(page.request, 'partner');
  await logIn(page, customer.email, customer.password);
  const requestId = await sendDowntownMove(page);

  // The company's window: same browser, its own session slot.
  const partner = await context.newPage();
  await partner.goto('/partner');
  await expect(partner).toHaveURL(/\/partner\/login$/);
  await expect(partner.getByRole('heading', { level: 1, name: 'Partner login' })).toBeVisible();
  await expectAccessible(partner, 'partner login');
  await signInAsCompany(partner, SWIFT.email);

  const card = partner.getByRole('article', { name: new RegExp(`^Request #${requestId}\\b`) });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Los Angeles, CA 90012/)).toBeVisible();
  await expect(card.getByText(/Santa Monica, CA 90401/)).toBeVisible();
  await expect(card.getByText('$700')).toBeVisible();
  await expect(card.getByText(customer.email)).toHaveCount(0);
  await expect(
    partner.getByRole('img', { name: new RegExp(`^Request #${requestId} pick-up:`) }),
  ).toBeAttached();
  await expectAccessible(partner, 'open requests');

  // The simulator may have bid for Swift already: then the dialog changes that bid.
  await card.getByRole('button', { name: new RegExp(`#${requestId}$`) }).click();
  const dialog = partner.getByRole('dialog', { name: new RegExp(`request #${requestId}$`) });
  await expect(dialog).toBeVisible();
  await expectAccessible(partner, 'bid dialog');
  const amount = dialog.getByLabel('Your bid (USD)');
  await amount.fill(BID);
  await dialog.getByRole('button', { name: /^(Place|Change) bid$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(`My bid: $${BID}`)).toBeVisible();

  // The customer's window is still signed in, and its companies list shows the company's bid.
  await page.bringToFront();
  await page.goto(`/dashboard/my-requests/companies-list/${requestId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bidding Companies' })).toBeVisible();
  const swift = page
    .getByRole('list', { name: 'Bidding companies' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: SWIFT.name }) });
  await expect(swift).toContainText(`$${BID}`);

  // Signing the company out leaves the customer signed in.
  await partner.bringToFront();
  await partner.getByRole('button', { name: 'Sign out' }).click();
  await expect(partner).toHaveURL(/\/partner\/login$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bidding Companies' })).toBeVisible();
});

test('a foreman signs in to his own jobs, and the company screens send him back to them', async ({
  page,
}) => {
  await signInAsForeman(page, CARLOS.email);
  await expect(page.getByRole('heading', { level: 1, name: 'My jobs' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('partner_token'))).not.toBeNull();
  await page.goto('/partner/open-requests');
  await expect(page).toHaveURL(/\/partner\/foreman$/);
  await expectAccessible(page, "foreman's jobs, sent back from a company screen");
});
