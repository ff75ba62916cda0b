import type { APIRequestContext } from '@playwright/test';
import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import { CARLOS, DEMO_PARTNER_PASSWORD, openForemanPhone, SWIFT } from './support/partner';
import { addCard, payForRequest, sendDowntownMove, serviceTomorrow } from './support/requests';

/*
 * Move day on the foreman's phone: a customer's move is won and paid, the
 * company assigns its foreman, and the foreman, on a 375 × 812 phone whose browser may share
 * its location, finds the job, starts the move, shares the truck's position (positions set by
 * the test) and completes the move. The customer's get_tracking shows the points arrive.
 *
 * The company is the first demo company; the journey plays its part through the partner API.
 * The foreman's console is open from before the payment, so the demo simulator leaves Swift's
 * move day to the people playing it.
 */

const DOWNTOWN = { latitude: 34.0522, longitude: -118.2437 };
/** About 1 km west of downtown: far more than the 25 m that makes a new point worth sending. */
const WEST = { latitude: 34.0522, longitude: -118.2547 };

async function api(
  request: APIRequestContext,
  path: string,
  body: object,
  token?: string,
  method: 'POST' | 'PUT' = 'POST',
) {
  const res = await request.fetch(path, {
    method,
    data: body,
    headers: token ? { 'x-sh-auth': token } : {},
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

async function partnerLogin(request: APIRequestContext, email: string, userType: number) {
  const res = await api(request, '/app_api/login', {
    email,
    password: DEMO_PARTNER_PASSWORD,
    user_type: userType,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { auth_token: string; user: { id: number } };
  return { token: data.auth_token, id: data.user.id };
}

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await acceptCookies(page, baseURL);
});

test('the foreman starts the move on his phone, shares the truck’s position and completes it', async ({
  page,
  browser,
  baseURL,
}) => {
  // The customer's move, won by Swift at the customer's price.
  const customer = await createCustomer(page.request, 'foreman');
  await logIn(page, customer.email, customer.password);
  await page.goto('/dashboard/my-cards');
  await addCard(page, `${customer.firstName} ${customer.lastName}`);
  // Due tomorrow: its move-day window is open, so the foreman may start it (decision 042).
  const requestId = await sendDowntownMove(page, { date: serviceTomorrow() });

  const swift = await partnerLogin(page.request, SWIFT.email, 2);
  const carlos = await partnerLogin(page.request, CARLOS.email, 3);
  const bid = await api(
    page.request,
    '/api/company/place_bid',
    { request_id: requestId, bid_amount: 650 },
    swift.token,
  );
  expect(bid.status, JSON.stringify(bid.body)).toBe(200);
  const accepted = await api(
    page.request,
    '/api/customer/accept_request',
    { request_id: requestId, company_id: swift.id, final_amount: 650 },
    customer.token,
    'PUT',
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

  // The foreman's phone: 375 × 812, location allowed, at downtown. Signed in before the payment:
  // his open console tells the demo simulator that Swift is played by people, so it leaves
  // Swift's move day alone.
  const { phone, foreman } = await openForemanPhone(browser, baseURL!, DOWNTOWN);

  await page.bringToFront();
  await payForRequest(page, requestId);

  // Swift assigns Carlos and its first active truck, as its job page offers them.
  const job = await api(
    page.request,
    '/api/company/job_detail',
    { request_id: requestId },
    swift.token,
  );
  expect(job.status, JSON.stringify(job.body)).toBe(200);
  const trucks = (job.body.data as { trucks: { id: number }[] }).trucks;
  const assigned = await api(
    page.request,
    '/api/company/assign_move',
    { request_id: requestId, foreman_id: carlos.id, truck_ids: [trucks[0]!.id] },
    swift.token,
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

  await foreman.bringToFront();
  await foreman.reload();
  await expect(foreman.getByRole('heading', { level: 1, name: 'My jobs' })).toBeVisible();
  const nav = foreman.getByRole('navigation', { name: 'Partner console' });
  await expect(nav.getByRole('link')).toHaveText(['My jobs']);

  // Tomorrow: among the upcoming jobs.
  const upcoming = foreman.getByRole('region', { name: /^Upcoming/ });
  const card = upcoming.getByRole('article', { name: new RegExp(`^Request #${requestId}\\b`) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Customer: Robin')).toBeVisible();
  await expect(card.getByText('Truck assigned and ready to move')).toBeVisible();
  await expectAccessible(foreman, "foreman's jobs");

  await card.getByRole('link').click();
  await expect(foreman).toHaveURL(new RegExp(`/partner/foreman/jobs/${requestId}$`));
  await expect(
    foreman.getByRole('heading', { level: 1, name: new RegExp(`^Request #${requestId}`) }),
  ).toBeVisible();
  const addresses = foreman.getByRole('region', { name: 'Addresses' });
  await expect(addresses.getByRole('link', { name: /in maps$/ })).toHaveCount(2);
  await expect(addresses.getByRole('link', { name: /in maps$/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );
  await expect(foreman.getByRole('region', { name: 'Customer' })).toContainText('Robin Tester');
  await expectAccessible(foreman, 'foreman job, assigned');

  // Start move → 5, after the confirmation.
  await foreman.getByRole('button', { name: 'Start move' }).click();
  const dialog = foreman.getByRole('dialog', { name: 'Start the move?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(foreman, 'start move dialog');
  await dialog.getByRole('button', { name: 'Start move' }).click();
  await expect(dialog).toBeHidden();
  await expect(foreman.getByText('Move in progress', { exact: true })).toBeVisible();
  const sharing = foreman.getByRole('status').filter({ hasText: 'Sharing location' });
  await expect(sharing).toBeVisible();

  // The customer's tracking has the phone's downtown position…
  const trackedPoints = async () => {
    const res = await api(
      page.request,
      '/app_api/get_tracking',
      { request_id: requestId },
      customer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.tracking_data as { latitude: number; longitude: number }[];
  };
  const near = (p: { latitude: number; longitude: number }, q: typeof DOWNTOWN) =>
    Math.abs(p.latitude - q.latitude) < 1e-6 && Math.abs(p.longitude - q.longitude) < 1e-6;
  await expect
    .poll(async () => (await trackedPoints()).some((p) => near(p, DOWNTOWN)), { timeout: 20_000 })
    .toBe(true);
  await expect(sharing).toContainText(/Last position sent at/);

  // The move under way opens his chat with the customer: a message from the phone reaches the
  // customer's side of the same conversation (type 2).
  const chat = foreman.getByRole('region', { name: 'Chat with the customer' });
  await expect(chat.getByText('No messages yet. Write to the customer here.')).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill('On our way, 20 minutes out.');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log').getByText('On our way, 20 minutes out.')).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  const channels = await api(page.request, '/app_api/channels', {}, customer.token);
  const withForeman = (
    channels.body.request_data_foreman as { request_id: number; receiver_room_id: string }[]
  ).find((c) => c.request_id === requestId);
  expect(withForeman, JSON.stringify(channels.body)).toBeDefined();
  const received = await api(
    page.request,
    '/app_api/get_messages',
    { socket_id: withForeman!.receiver_room_id, request_id: requestId, type: 2 },
    customer.token,
  );
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  expect(
    (received.body.getchatdata as { message_text: string; sender_type: number }[]).map((m) => [
      m.message_text,
      m.sender_type,
    ]),
  ).toEqual([['On our way, 20 minutes out.', 0]]);
  await expectAccessible(foreman, 'foreman job, sharing');

  // …and, once the truck has moved 1 km (and 5 s have passed), the new one after it.
  await phone.setGeolocation(WEST);
  await expect
    .poll(
      async () => {
        const points = await trackedPoints();
        return points.length >= 2 && near(points.at(-1)!, WEST);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Stop and Resume.
  await foreman.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(foreman.getByRole('status')).toContainText('Location sharing is stopped');
  await foreman.getByRole('button', { name: 'Resume sharing' }).click();
  await expect(sharing).toBeVisible();

  // Complete move → 6: tracking ends for the customer.
  await foreman.getByRole('button', { name: 'Complete move' }).click();
  const complete = foreman.getByRole('dialog', { name: 'Complete the move?' });
  await complete.getByRole('button', { name: 'Complete move' }).click();
  await expect(
    foreman.getByText('You marked this move complete. The customer is asked to confirm it.'),
  ).toBeVisible();
  await expect(foreman.getByRole('status')).toHaveCount(0);
  const ended = await api(
    page.request,
    '/app_api/get_tracking',
    { request_id: requestId },
    customer.token,
  );
  // After the move the customer's page shows the route travelled: the points, and no 409.
  expect(ended.status).toBe(200);
  expect(ended.body).toMatchObject({ move_complete: true });
  await expectAccessible(foreman, 'foreman job, completed');

  await foreman.getByRole('link', { name: 'My jobs' }).first().click();
  await expect(
    foreman
      .getByRole('region', { name: /^Recently finished/ })
      .getByRole('article', { name: new RegExp(`^Request #${requestId}\\b`) }),
  ).toBeVisible();
  await phone.close();
});
