import { createCustomer } from './support/accounts';
import {
  acceptCookies,
  expect,
  expectAccessible,
  logIn,
  pressSend,
  test,
} from './support/fixtures';
import {
  acceptFirstBid,
  addCard,
  sendDowntownMove,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * Chat (spec/portal.md "Chat", §9): a customer whose move is paid opens Chat from the
 * request, writes to the demo company that won it, and the company's answer arrives on the open
 * conversation without a reload; a second answer, while the customer is elsewhere, shows the
 * 2-second snack and the sidebar's unread dot, which opening the conversation clears.
 */

test.beforeEach(async ({ page, baseURL }) => {
  // Bids, payment and two demo replies, with axe at two widths on the chat screen.
  test.setTimeout(180_000);
  await acceptCookies(page, baseURL);
});

test('a customer chats with the company of a paid move and sees its replies arrive live', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'chat');
  await logIn(page, customer.email, customer.password);
  // A card first, so that the payment screen pays at once.
  await page.goto('/dashboard/my-cards');
  await addCard(page, `${customer.firstName} ${customer.lastName}`);

  const requestId = await sendDowntownMove(page);
  await waitForBids(page.request, customer.token, requestId);
  const companyName = await acceptFirstBid(page, requestId);
  const summary = summaryOf(page, requestId);
  await summary.getByRole('link', { name: `Pay for request #${requestId}` }).click();
  await page.getByRole('checkbox', { name: 'Agree to terms' }).check();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/customer/make_payment'));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  expect((await paid).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));

  // Chat from the request: the company's conversation at 3 and 4, the foreman's from 5 (the demo
  // company plays move day on its own, so either may be showing by now).
  await summary
    .getByRole('link', {
      name: new RegExp(`^Chat with the (company|foreman) of request #${requestId}$`),
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/chats\\?request_id=${requestId}&type=[02]$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Chat List' });
  const companyEntry = list.getByRole('button', {
    name: new RegExp(`^${companyName} Company · Request #${requestId}`),
  });
  await expect(companyEntry).toBeVisible();
  await companyEntry.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/chats\\?request_id=${requestId}&type=0$`));
  const conversation = page.getByRole('region', { name: companyName, exact: true });
  await expect(conversation.getByRole('link', { name: 'Show request' })).toHaveAttribute(
    'href',
    `/dashboard/my-requests/${requestId}`,
  );

  // A message is required.
  await pressSend(conversation);
  await expect(conversation.getByText('Please enter a message.')).toBeVisible();

  // The page must not reload for the reply to show: a mark on the window would go with it.
  await page.evaluate(() => {
    (window as unknown as { chatJourney: boolean }).chatJourney = true;
  });
  const log = conversation.getByRole('log', { name: `Messages with ${companyName}` });
  await conversation
    .getByRole('textbox', { name: 'Message' })
    .fill('Hello! Can you bring blankets?');
  await pressSend(conversation);
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByRole('listitem').first()).toContainText(
    'You: Hello! Can you bring blankets?',
  );
  await expect(conversation.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // The demo company answers within a few seconds, into the open conversation.
  await expect(log.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await expect(log.getByRole('listitem').nth(1)).toContainText(`${companyName}: `);
  expect(
    await page.evaluate(() => (window as unknown as { chatJourney?: boolean }).chatJourney),
  ).toBe(true);
  await expectAccessible(page, 'chat, a conversation');

  // Below 600 px one pane at a time: 'Chat List' goes back to the list.
  await page.setViewportSize({ width: 375, height: 800 });
  await conversation.getByRole('button', { name: 'Chat List' }).click();
  await expect(list).toBeVisible();
  await expect(conversation).toBeHidden();
  await expectAccessible(page, 'chat, the list on a phone');
  await companyEntry.click();
  await expect(conversation).toBeVisible();
  await expect(list).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Go elsewhere, then write again from a second tab that closes as soon as the message is
  // sent: the answer, seconds later, finds the customer on My Requests, with the snack and the
  // sidebar's unread dot (whatever the machine's pace, the open conversation never reads it).
  const conversationUrl = page.url();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'My Requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Requests' })).toBeVisible();
  const tab = await page.context().newPage();
  await tab.goto(conversationUrl);
  const tabConversation = tab.getByRole('region', { name: companyName, exact: true });
  await tabConversation.getByRole('textbox', { name: 'Message' }).fill('Thanks, see you then.');
  await tabConversation.getByRole('button', { name: 'Send' }).click();
  await expect(
    tabConversation
      .getByRole('log', { name: `Messages with ${companyName}` })
      .getByRole('listitem')
      .filter({ hasText: 'You: Thanks, see you then.' }),
  ).toBeVisible();
  await tab.close();
  await expect(
    page.getByRole('alert').filter({ hasText: `New message from ${companyName}` }),
  ).toBeVisible({ timeout: 20_000 });
  const chatLink = nav.getByRole('link', { name: 'Chat, unread messages' });
  await expect(chatLink).toBeVisible();

  // The unread count on the list, then opening the conversation reads it and the dot goes.
  await chatLink.click();
  await expect(companyEntry).toContainText('1 unread message');
  await companyEntry.click();
  await expect(log.getByRole('listitem')).toHaveCount(4);
  await expect(nav.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(companyEntry).not.toContainText('unread');
});
