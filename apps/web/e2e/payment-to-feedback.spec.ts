import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import {
  acceptFirstBid,
  fillCard,
  reloadUntilStatus,
  sendDowntownMove,
  serviceTomorrow,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * From payment to feedback (spec/request-lifecycle.md §2 "Payment", "Confirm
 * complete", §4, §9): a new customer's move is bid on by the demo companies, the customer accepts
 * a bid, adds a card when the payment screen asks for one, pays into escrow, the demo company
 * plays move day (assigns a foreman and a truck, starts, drives the truck, completes: one step every
 * DEMO_SIMULATOR_DELAY_MS / 2 on the e2e server), and the customer confirms the move, which
 * releases the money, then rates it and tips 15%: the card in Completed shows the tip and rating.
 */

// A screen that takes taps as well as clicks, as a touch laptop's: the rating is set by both.
test.use({ hasTouch: true });

test.beforeEach(async ({ page, baseURL }) => {
  // The whole lifecycle, with axe at two widths on seven screens.
  test.setTimeout(240_000);
  await acceptCookies(page, baseURL);
});

/** The dollars of the first amount in a text ('Total: $1,234.00' is 1234). */
const dollars = (text: string) =>
  Number(/\$([\d,]+(?:\.\d+)?)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);

test('a customer pays into escrow, watches move day, confirms the move and leaves a 15% tip', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'pay-to-feedback');
  await logIn(page, customer.email, customer.password);
  // Due tomorrow: the demo crew starts it at once (decision 042).
  const requestId = await sendDowntownMove(page, { date: serviceTomorrow() });
  await waitForBids(page.request, customer.token, requestId);
  const companyName = await acceptFirstBid(page, requestId);
  const summary = summaryOf(page, requestId);

  // Pay from the detail: a new customer has no card, and the payment screen says so.
  await summary.getByRole('link', { name: `Pay for request #${requestId}` }).click();
  const paymentPath = `/dashboard/my-requests/make-payment/${requestId}`;
  await expect(page).toHaveURL(new RegExp(`${paymentPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Make Payment' })).toBeVisible();
  const noCard = page
    .getByRole('alert')
    .filter({ hasText: 'Cannot charge a customer that has no active card' });
  await expect(noCard).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeDisabled();
  await expectAccessible(page, 'make payment without a card');

  // Its Add Card link: My Cards says it comes back, and once the card is saved it is back on the
  // payment (decision 041).
  await noCard.getByRole('link', { name: 'Add Card' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-cards\?return_to=/);
  await expect(page.getByText('Add a card and you go back to your payment.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Card' })).toBeVisible();
  await fillCard(page, '4242424242424242', `${customer.firstName} ${customer.lastName}`);
  await page.getByRole('button', { name: 'Add Card' }).click();
  await expect(page).toHaveURL(new RegExp(`${paymentPath}$`));

  // The saved card, the price, the fee and the total; the terms must be ticked.
  await expect(
    page.getByRole('region', { name: 'Saved Card' }).getByText('Visa card ending in 4242'),
  ).toBeAttached();
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByText('Final Price')).toBeVisible();
  await expect(price.getByText('Processing Fee')).toBeVisible();
  const total = dollars(await price.locator('p', { hasText: /^Total:/ }).innerText());
  const payButton = page.getByRole('button', { name: /^Pay \$/ });
  await expect(payButton).toHaveText(/^Pay \$[\d,]+\.\d{2}$/);
  expect(dollars(await payButton.innerText())).toBe(total);
  await expectAccessible(page, 'make payment');
  await payButton.click();
  await expect(page.getByText('Please tick Agree to terms to pay.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Agree to terms' }).check();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/customer/make_payment'));
  await payButton.click();
  expect((await paid).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  // The server's message in the toast (the payment screen's own success line, 'Request #{id}: …',
  // may show for a moment while the detail loads).
  await expect(
    page.getByText('Your payment is held in escrow until you confirm the move.', { exact: true }),
  ).toBeVisible();

  // Move day, played by the demo company: the detail reaches 'Completed, waiting for
  // confirmation', and its timeline lists each step on the way.
  // The foreman drives the truck first (DEMO_SIMULATOR_DRIVE_MS, 45 s here), then the company
  // completes.
  await reloadUntilStatus(page, requestId, 'Completed, waiting for confirmation', 100_000);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  for (const step of [
    'Paid and waiting for move',
    'Truck assigned and ready to move',
    'Move in progress',
    'Completed, waiting for confirmation',
  ]) {
    await expect(timeline.getByText(step, { exact: true })).toBeVisible();
  }
  // Company Info with the crew the company assigned.
  const companyInfo = summary.getByRole('region', { name: 'Company Info' });
  await expect(companyInfo.getByText(companyName)).toBeVisible();
  await expect(companyInfo.getByText(/^Foreman:/)).not.toHaveText('Foreman: N/A');
  await expect(companyInfo.getByText(/^Truck Name:/)).not.toHaveText('Truck Name: N/A');
  await expectAccessible(page, 'request detail, completed by the company');

  // Confirm the move: the escrow goes to the company, and the feedback modal opens.
  await summary.getByRole('link', { name: 'Confirm move and release money' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/confirm-complete/${requestId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm move and release money' }),
  ).toBeVisible();
  await expect(page.getByText(`${companyName} has marked your move complete.`)).toBeVisible();
  await expectAccessible(page, 'confirm complete');
  const confirmed = page.waitForResponse((r) =>
    r.url().endsWith('/api/customer/end_move_confirmation'),
  );
  await page.getByRole('button', { name: 'Confirm move and release money' }).click();
  expect((await confirmed).status()).toBe(200);

  const feedback = page.getByRole('dialog', { name: 'Feedback' });
  await expect(feedback).toBeVisible();
  await expect(feedback.getByText(`Request #${requestId}`)).toBeVisible();
  await expect(feedback.getByText('How was your move?')).toBeVisible();
  await expectAccessible(page, 'feedback modal');
  const stars = feedback.locator('.MuiRating-root');
  const box = (await stars.boundingBox())!;
  const star = box.width / 5;
  // A half star by the finger: a tap on the left half of the fifth star gives 4.5.
  await stars.tap({ position: { x: star * 4.25, y: box.height / 2 } });
  await expect(feedback.getByRole('radio', { name: '4.5 Stars' })).toBeChecked();
  // A whole star by the mouse: a click on the right half of the fourth star gives 4.
  await stars.click({ position: { x: star * 3.75, y: box.height / 2 } });
  await expect(feedback.getByRole('radio', { name: '4 Stars', exact: true })).toBeChecked();
  await expect(feedback.getByRole('radio', { name: '4.5 Stars' })).not.toBeChecked();
  await feedback.getByLabel('Comments').fill('Careful crew, on time.');
  const fifteen = feedback.getByRole('radio', { name: /^15% \(/ });
  await fifteen.check();
  const label = await feedback.getByText(/^15% \(/).innerText();
  const tip = dollars(/\((.+)\)/.exec(label)?.[1] ?? '');
  expect(tip).toBeGreaterThan(0);
  const sent = page.waitForResponse((r) => r.url().endsWith('/app_api/add_feedback'));
  await feedback.getByRole('button', { name: 'Submit' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect((answer.request().postDataJSON() as { rating: number }).rating).toBe(4);
  expect(((await answer.json()) as { data: { tip: number } }).data.tip).toBe(tip);
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);

  // Status 8 in Completed: the tip, the rating and the comment on the card.
  await page.getByRole('tab', { name: /^Completed/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: `Request #${requestId}` });
  await expect(card.getByText('Feedback Given')).toBeVisible();
  expect(dollars(await card.locator('p', { hasText: /^Tip:/ }).innerText())).toBe(tip);
  await expect(card.getByRole('img', { name: 'Rating: 4 out of 5 stars' })).toBeVisible();
  await expect(card.getByText('Careful crew, on time.')).toBeVisible();
  await expectAccessible(page, 'my requests, completed');
});
