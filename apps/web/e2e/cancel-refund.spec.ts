import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import {
  acceptFirstBid,
  addCard,
  sendDowntownMove,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * A paid request cancelled (spec/request-lifecycle.md §2 "Request detail", §4
 * delete_request): the move is a week ahead, more than the Cancellation policy's 72 hours, so the
 * whole amount held in escrow comes back. The cancel dialog states the refund before the
 * customer confirms, the message after it says what is refunded, and the request moves to
 * Cancelled.
 *
 * The demo company plays move day once a request is paid (a step every
 * DEMO_SIMULATOR_DELAY_MS / 2 on the e2e server), and a started move refunds nothing: the
 * customer cancels straight after paying, before the crew starts (the assignment before it does
 * not change the refund).
 */

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await acceptCookies(page, baseURL);
});

/** The dollars of the first amount in a text ('Total: $1,234.00' is 1234). */
const dollars = (text: string) =>
  Number(/\$([\d,]+(?:\.\d+)?)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);

test('a customer cancels a paid move a week ahead and is told the whole price is refunded', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'cancel-refund');
  await logIn(page, customer.email, customer.password);
  await page.goto('/dashboard/my-cards');
  await addCard(page, `${customer.firstName} ${customer.lastName}`);
  const requestId = await sendDowntownMove(page);
  await waitForBids(page.request, customer.token, requestId);
  await acceptFirstBid(page, requestId);
  const summary = summaryOf(page, requestId);

  // Before payment, cancelling refunds nothing and the dialog says nothing of money: it is only
  // looked at here, not confirmed.
  await summary.getByRole('button', { name: 'Cancel Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Request' });
  await expect(dialog).toContainText(`Are you sure you want to cancel request #${requestId}?`);
  await expect(dialog).not.toContainText('refunded');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();

  // Pay (the price into escrow, the fee on top).
  await page.goto(`/dashboard/my-requests/make-payment/${requestId}`);
  const price = page.getByRole('region', { name: 'Price' });
  const finalPrice = dollars(await price.locator('p', { hasText: /^Final Price:/ }).innerText());
  expect(finalPrice).toBeGreaterThan(0);
  await page.getByRole('checkbox', { name: 'Agree to terms' }).check();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/customer/make_payment'));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  expect((await paid).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));

  // Cancel at once from the detail: the dialog states the refund (the whole price, a week
  // ahead) and the policy; the fee is not part of it.
  await summary.getByRole('button', { name: 'Cancel Request' }).click();
  const refundLine = dialog.getByText(/^You will be refunded \$[\d,]+\.\d{2}\.$/);
  await expect(refundLine).toBeVisible();
  expect(dollars(await refundLine.innerText())).toBe(finalPrice);
  await expect(dialog).toContainText('The card processing fee is not refunded.');
  await expect(dialog).not.toContainText('cancellation fee.');
  const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/customer/delete_request'));
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const answer = await cancelled;
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as {
    data: { refund_amount: number; kept_amount: number; request_timeline_status: number };
  };
  expect(
    data,
    'cancelled before the demo crew started the move (else nothing is refunded)',
  ).toMatchObject({ refund_amount: finalPrice, kept_amount: 0, request_timeline_status: 11 });

  // The message says what comes back, and the request is in Cancelled.
  const refunded = `$${finalPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })} will be refunded to your card.`;
  await expect(page.getByText(refunded)).toBeVisible();
  // The customer lands on My Requests' Cancelled tab, where the request now is (decision 041),
  // not back on the payment screen they came from.
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await expect(page.getByText('Payment successful')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Cancelled/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const card = page.getByRole('listitem').filter({ hasText: `Request #${requestId}` });
  await expect(card.getByText('Request Cancelled')).toBeVisible();
  await expectAccessible(page, 'my requests, cancelled');

  // Its detail opens read-only: the refund, the timeline's entry, the two receipts.
  await card.getByRole('link', { name: `View details of request #${requestId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  const money = `$${finalPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(summary.getByText('Request Cancelled')).toBeVisible();
  await expect(summary.getByText(`Refunded to your card: ${money}`)).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Cancel Request' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(`Refund of ${money}`);
  const receipts = page.getByRole('region', { name: 'Receipts' });
  await expect(receipts.getByRole('button', { name: /^Payment receipt No\. 1 · / })).toBeVisible();
  await expect(receipts.getByRole('button', { name: /^Refund receipt No\. 2 · / })).toBeVisible();
  await expectAccessible(page, 'cancelled request detail');
});
