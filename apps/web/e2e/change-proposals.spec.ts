import type { APIRequestContext, Page } from '@playwright/test';
import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import {
  acceptFirstBid,
  daysFromToday,
  payForRequest,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * Change proposals after payment (spec/request-lifecycle.md §2 "Change
 * confirmation", §4 "Change confirmations"; decision 020): a new customer's move is paid into
 * escrow; its company (the accepted bid's demo company, signed in to the partner API) proposes a
 * later date for more money; the customer opens 'More Details' from the timeline, sees the
 * previous and changed versions and pays the difference with 'Submit payment to escrow'. A second
 * proposal, an earlier date for less, is accepted with 'Refund payment from escrow'. The detail
 * then shows the last date and the price moved by both. (The e2e server makes no demo proposals
 * of its own: DEMO_SIMULATOR_CHANGES is off, so the proposals are this journey's.)
 */

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
});

/** The demo companies' password (apps/api/src/db/seed/demo.ts DEMO_COUNTERPART_PASSWORD). */
const COMPANY_PASSWORD = 'Demo@1234';

/** YYYY-MM-DD as propose_change takes it (MM-DD-YYYY). */
const specDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}-${d}-${y}`;
};

/** YYYY-MM-DD as the screens show it ('MMM Do YY', e.g. 'Dec 3rd 26'). */
function shownDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  const suffix =
    d % 100 >= 11 && d % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[d % 10] ?? 'th');
  return `${month} ${d}${suffix} ${String(y).slice(2)}`;
}

const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The customer's card and move, made through the calls the card form and the wizard make (their
 * screens have journeys of their own; this one is about the changes): the sandbox card that
 * always succeeds, and the shortest move, downtown Los Angeles (every demo company serves 900xx)
 * to Santa Monica a week ahead, a studio with no items. Returns the request's id.
 */
async function sendMoveWithCard(request: APIRequestContext, token: string): Promise<number> {
  const headers = { 'x-sh-auth': token };
  const card = await request.post('/app_api/sandbox/tokens', {
    data: {
      card_number: '4242 4242 4242 4242',
      card_holder_name: 'Robin Tester',
      exp_date: '12/34',
      cvv: '123',
      address_1: '100 Main St',
      address_2: '',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90001',
    },
  });
  expect(card.status(), await card.text()).toBe(200);
  const { token: cardToken } = (await card.json()) as { token: string };
  const added = await request.post('/api/customer/add_card', {
    headers,
    data: { token: cardToken },
  });
  expect(added.status(), await added.text()).toBe(200);

  const sizes = await request.get('/api/customer/get_move_type');
  const { data } = (await sizes.json()) as {
    data: { moveTypeItems: { id: number; name: string }[] };
  };
  const studio = data.moveTypeItems.find((t) => t.name === 'Studio') ?? data.moveTypeItems[0]!;
  const address = (zip: string, city: string, i: number) => ({
    street_address: `${100 + i} Main St`,
    apartment_number: '',
    address_detail: '',
    is_storage: false,
    complete_address: `${100 + i} Main St, ${city}, CA ${zip}, USA`,
    zip_code: zip,
    city,
    state: 'CA',
    country: 'USA',
    is_stairs: false,
    is_elevator: false,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: '',
    latitude: i === 0 ? 34.0614 : 34.0195,
    longitude: i === 0 ? -118.2385 : -118.4912,
    address_type: i === 0 ? '1' : '2',
  });
  const sent = await request.post('/api/customer/generate_request', {
    headers,
    data: {
      request_type: '0',
      address_array: [address('90012', 'Los Angeles', 0), address('90401', 'Santa Monica', 1)],
      starting_lat: 34.0614,
      starting_long: -118.2385,
      schedule_time: '',
      move_type: studio.id,
      payment_status: '0',
      customer_budget: 700,
      final_comment: '',
      s_date: specDate(daysFromToday(7)),
      s_time: '08:00 - 09:00',
      movers: 2,
      items_array: [],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
}

interface Detail {
  request: { final_amount: number };
  bid_Accepted_company: { company_email: string };
}

/** The request's detail as the customer's API call answers it. */
async function detailOf(
  request: APIRequestContext,
  customerToken: string,
  requestId: number,
): Promise<Detail> {
  const res = await request.post('/api/customer/customer_request_detail', {
    headers: { 'x-sh-auth': customerToken },
    data: { request_id: requestId },
  });
  return ((await res.json()) as { data: Detail }).data;
}

/** Signs in to the partner API as the company whose bid the customer accepted. */
async function signInAsCompany(request: APIRequestContext, detail: Detail): Promise<string> {
  const login = await request.post('/app_api/login', {
    data: {
      email: detail.bid_Accepted_company.company_email,
      password: COMPANY_PASSWORD,
      user_type: 2,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
}

async function proposeDate(
  request: APIRequestContext,
  companyToken: string,
  requestId: number,
  date: string,
  price: number,
): Promise<void> {
  const res = await request.post('/api/company/propose_change', {
    headers: { 'x-sh-auth': companyToken },
    data: { request_id: requestId, type: 'request', s_date: specDate(date), price },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** From the detail's timeline to the change screen of the newest 'Change in request'. */
async function openChange(page: Page, requestId: number): Promise<void> {
  await page.goto(`/dashboard/my-requests/${requestId}`);
  await page
    .getByRole('list', { name: 'Timeline' })
    .getByRole('link', { name: 'More Details: Change in request' })
    .last()
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/dashboard/my-requests/change-request/request/${requestId}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Request DETAIL' })).toBeVisible();
}

test('a customer pays a proposed change into escrow and is refunded a cheaper one', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'changes');
  const requestId = await sendMoveWithCard(page.request, customer.token);
  await logIn(page, customer.email, customer.password);
  await waitForBids(page.request, customer.token, requestId);
  await acceptFirstBid(page, requestId);
  const finalPrice = () => summaryOf(page, requestId).locator('p', { hasText: /^Final Price:/ });
  const detail = await detailOf(page.request, customer.token, requestId);
  const price = detail.request.final_amount;

  await payForRequest(page, requestId);

  // The company proposes a later date for $80 more.
  const company = await signInAsCompany(page.request, detail);
  const later = daysFromToday(10);
  await proposeDate(page.request, company, requestId, later, 80);

  // 'More Details': the previous version beside the changed one, and the map.
  await openChange(page, requestId);
  const previous = page.getByRole('region', { name: 'Previous' });
  const changed = page.getByRole('region', { name: 'Changed' });
  await expect(previous.getByText(shownDate(daysFromToday(7)))).toBeVisible();
  await expect(changed.getByText(shownDate(later))).toBeVisible();
  await expect(previous.getByText(usd(price))).toBeVisible();
  await expect(changed.getByText(usd(price + 80))).toBeVisible();
  const map = page.getByRole('region', { name: 'Tracking map' });
  await expect(map.getByRole('button', { name: /^Address 1: .*90012/ })).toBeVisible();
  await expect(map.getByRole('button', { name: /^Address 2: .*90401/ })).toBeVisible();
  expect(Math.round((await map.boundingBox())?.height ?? 0)).toBe(600);
  // The red route first → second, and the moving marker, which jumps to the second address 5 s on.
  await expect(map.locator('path[stroke="#d32f2f"]')).toHaveCount(1, { timeout: 10_000 });
  await expect(map.getByRole('img', { name: 'Moving marker at address 1' })).toBeAttached();
  await expectAccessible(page, 'change confirmation');
  await expect(map.getByRole('img', { name: 'Moving marker at address 2' })).toBeAttached({
    timeout: 6_000,
  });

  // Accept at status 3 or above: the payment step, with the saved card and the difference.
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Visa card ending in 4242')).toBeAttached();
  await expect(payment.getByText('$80.00')).toBeVisible();
  await expectAccessible(page, 'change payment step');
  const charged = page.waitForResponse((r) =>
    r.url().endsWith('/api/customer/change_price_date_time_movers_confirmation'),
  );
  await payment.getByRole('button', { name: 'Submit payment to escrow' }).click();
  const chargedBody = (await (await charged).json()) as { data: { amount_moved: number } };
  expect(chargedBody.data.amount_moved).toBe(80);
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  await expect(page.getByText('Change accepted successfully.', { exact: true })).toBeVisible();
  await expect(finalPrice()).toHaveText(`Final Price: ${usd(price + 80)}`);

  // A second proposal, an earlier date for $30 less, is refunded from escrow.
  const earlier = daysFromToday(9);
  await proposeDate(page.request, company, requestId, earlier, -30);
  await openChange(page, requestId);
  await expect(
    page.getByRole('region', { name: 'Changed' }).getByText(shownDate(earlier)),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  const refund = page.getByRole('region', { name: 'Payment' });
  await expect(refund.getByText('$30.00')).toBeVisible();
  const refunded = page.waitForResponse((r) =>
    r.url().endsWith('/api/customer/change_price_date_time_movers_confirmation'),
  );
  await refund.getByRole('button', { name: 'Refund payment from escrow' }).click();
  const refundedBody = (await (await refunded).json()) as { data: { amount_moved: number } };
  expect(refundedBody.data.amount_moved).toBe(-30);
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));

  // The request now has the last date and the price moved by both changes.
  await expect(finalPrice()).toHaveText(`Final Price: ${usd(price + 50)}`);
  await expect(page.locator('p', { hasText: /^Date: / })).toHaveText(`Date: ${shownDate(earlier)}`);
});
