import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import { bidInConsole, signInAsCompany, SWIFT } from './support/partner';
import { acceptBidOf, sendDirectRequest, sendDowntownMove } from './support/requests';

/*
 * One of the company's jobs (the request detail, the comment
 * thread, a change proposed and the customer's answer): a demo company bids on a new
 * customer's move in the console, the customer accepts that bid, and the company opens the job
 * from My jobs: it sees the move and now the customer's contact, proposes a change, sees the
 * customer's answer arrive without a reload, and comments on the thread.
 */

/** An amount no demo bid makes (they bid whole dollars around the estimate). */
const BID = '812.50';

test.beforeEach(async ({ page, baseURL }) => {
  // Two windows, a bid, an acceptance and axe at two widths on three screens.
  test.setTimeout(150_000);
  await acceptCookies(page, baseURL);
});

test('a company opens a job it won, proposes a change, sees the answer live and comments', async ({
  page,
  context,
}) => {
  const customer = await createCustomer(page.request, 'jobdetail');
  await logIn(page, customer.email, customer.password);
  const requestId = await sendDowntownMove(page);

  // The company's window bids on the move.
  const partner = await context.newPage();
  await signInAsCompany(partner, SWIFT.email);
  await bidInConsole(partner, requestId, BID);

  // The customer accepts that company's bid.
  await page.bringToFront();
  await acceptBidOf(page, requestId, SWIFT.name);

  // The company finds it in My jobs and opens it: the move, and now the customer's contact.
  await partner.bringToFront();
  await partner.goto('/partner/jobs?stage=awaiting_payment');
  await partner.getByRole('link', { name: `Open job #${requestId}` }).click();
  await expect(partner).toHaveURL(new RegExp(`/partner/jobs/${requestId}$`));
  await expect(
    partner.getByRole('heading', { level: 1, name: new RegExp(`^Job #${requestId}`) }),
  ).toBeVisible();
  const move = partner.getByRole('region', { name: 'Move' });
  await expect(move.getByText(/Los Angeles, CA 90012/).first()).toBeVisible();
  await expect(move.getByText('$812.50')).toBeVisible();
  // Each address in full, as the bidders saw it, with its maps link.
  await expect(move.getByRole('link', { name: /^Open .* in maps$/ })).toHaveCount(2);
  await expect(move.getByText(/^Lift type: \S/)).toHaveCount(2);
  await expect(
    partner.getByRole('region', { name: 'Customer' }).getByText(customer.email),
  ).toBeVisible();
  await expect(partner.getByText('Won, awaiting payment').first()).toBeVisible();
  // Nothing to assign before payment.
  await expect(partner.getByRole('button', { name: /Assign foreman/ })).toHaveCount(0);
  await expectAccessible(partner, 'job detail');

  // A change of movers and price.
  const changes = partner.getByRole('region', { name: 'Changes' });
  await changes.getByRole('button', { name: 'Propose a change' }).click();
  const dialog = partner.getByRole('dialog', { name: 'Propose a change' });
  await expect(dialog).toBeVisible();
  await expectAccessible(partner, 'propose a change');
  await dialog.getByRole('combobox', { name: 'Movers' }).click();
  await partner.getByRole('option', { name: '3 movers' }).click();
  await dialog.getByLabel('Price difference (USD)').fill('45');
  await dialog.getByRole('button', { name: 'Propose change' }).click();
  await expect(dialog).toBeHidden();
  const proposal = changes.getByRole('listitem').filter({ hasText: '3 movers' });
  await expect(proposal.getByText('Pending')).toBeVisible();

  // The customer rejects it (their own call); the company's screen shows it without a reload.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.post(
    '/api/customer/change_price_date_time_movers_confirmation',
    {
      headers: { 'x-sh-auth': token ?? '' },
      data: { request_id: requestId, status: '0', price: '45' },
    },
  );
  expect(answer.status()).toBe(200);
  await expect(proposal.getByText('Rejected')).toBeVisible({ timeout: 10_000 });

  // A comment on the thread.
  const comments = partner.getByRole('region', { name: 'Comments' });
  await comments.getByLabel('Your comment').fill('We will bring blankets and a dolly.');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments.getByText('We will bring blankets and a dolly.')).toBeVisible();
  await expect(comments.getByText(SWIFT.name)).toBeVisible();
  await expectAccessible(partner, 'job detail with a comment');
});

test("a company sends the confirmation letter of a direct request from the job's page", async ({
  page,
}) => {
  // Swift signs in first: with its console open the demo simulator leaves its new direct request
  // alone (it would send the letter itself some seconds after the request otherwise, which a
  // slow sign-in let it do). A customer of Swift's then sends a move through its direct link.
  await signInAsCompany(page, SWIFT.email);
  const requestId = await sendDirectRequest(page.request, 'swift-movers-la', 'Letterman');
  await page.goto('/partner/jobs');
  await expectAccessible(page, 'my jobs');
  await page.goto(`/partner/jobs/${requestId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Job #${requestId}`) }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Jordan Letterman');

  await page.getByRole('button', { name: 'Send confirmation letter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send confirmation letter' });
  await expect(dialog.getByRole('radio', { name: 'Hourly' })).toBeChecked();
  await expectAccessible(page, 'send confirmation letter');
  // Each missing rate is named at its field.
  await dialog.getByRole('button', { name: 'Send letter' }).click();
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="cash_payment_rate"]').fill('120');
  await dialog.locator('input[name="card_payment_rate"]').fill('129');
  await dialog.locator('input[name="minimum_hours"]').fill('3');
  const sent = page.waitForResponse((r) =>
    r.url().endsWith('/api/company/send_confirmation_letter'),
  );
  await dialog.getByRole('button', { name: 'Send letter' }).click();
  expect((await sent).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Waiting for the customer to sign the confirmation letter.',
    }),
  ).toBeVisible();
  await expect(page.getByText('Confirmation letter sent, awaiting signature')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send confirmation letter' })).toHaveCount(0);
});
