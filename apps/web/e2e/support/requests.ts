import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { appIsRunning, expect } from './fixtures';

/*
 * Request helpers of the lifecycle journeys: a move sent through the wizard, the
 * demo companies' bids awaited through the API, a bid accepted and a card added through the
 * screens a customer uses.
 */

/** A date `days` from today as the date input takes it (YYYY-MM-DD). */
export function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return [
    String(d.getFullYear()),
    String(d.getMonth() + 1).padStart(2, '0'),
    String(d.getDate()).padStart(2, '0'),
  ].join('-');
}

/**
 * Tomorrow on the service area's clock (the server's SERVICE_TIME_ZONE, Los Angeles), as the date
 * input takes it (YYYY-MM-DD): the day of a journey that plays move day. The wizard takes it at
 * any hour, and its move-day window is open (decision 042: from the day before the move date).
 */
export function serviceTomorrow(): string {
  const [month, day, year] = new Date(Date.now() + 24 * 3600 * 1000)
    .toLocaleDateString('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    .split('/');
  return `${year}-${month}-${day}`;
}

/** A street line for each zip the journeys use: a move address needs one (issue 31). */
const STREETS: Record<string, string> = {
  '90012': '200 N Spring St',
  '90017': '800 W 6th St',
  '90401': '1550 Ocean Ave',
  '90802': '100 W Ocean Blvd',
  '91101': '100 E Colorado Blvd',
  '10001': '350 5th Ave',
};

/**
 * Types a street and its zip into an address field, as a customer does without a maps service,
 * and picks the gazetteer's suggestion: the zip, named by itself (the street stays as typed).
 */
export async function chooseAddress(page: Page, label: string, zip: string, suggestion: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(`${STREETS[zip] ?? '100 Main St'}, ${zip}`);
  await page.getByRole('option', { name: suggestion }).click();
  // The choice is resolved to a place (a call) before it counts: a Next clicked meanwhile finds
  // the address incomplete. The place's zip under the field says it is done.
  await expect(field).toHaveAccessibleDescription(new RegExp(`Zip ${zip}\\b`));
}

/** Another move than the downtown one: its date (YYYY-MM-DD), and its zips with their suggestions. */
export interface MoveChoice {
  date?: string;
  from?: [zip: string, suggestion: string];
  to?: [zip: string, suggestion: string];
}

/**
 * The wizard's first steps of that move: a week ahead, downtown Los Angeles to Santa Monica (or
 * as `choice` says), a studio; it stops on the inventory step.
 */
export async function startDowntownMove(page: Page, choice: MoveChoice = {}): Promise<void> {
  const from = choice.from ?? ['90012', 'Los Angeles, CA 90012, USA'];
  const to = choice.to ?? ['90401', 'Santa Monica, CA 90401, USA'];
  await page.goto('/create-request');
  await appIsRunning(page);
  await page.locator('input[name="date"]').fill(choice.date ?? daysFromToday(7));
  await chooseAddress(page, 'Address A', ...from);
  await chooseAddress(page, 'Address B', ...to);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Move Size').click();
  await page.getByRole('option', { name: 'Studio', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * The shortest move the wizard sends: downtown Los Angeles (every demo company serves 900xx) to
 * Santa Monica, a studio, no items, the customer's price, a week ahead (more than the 72 hours
 * of the Cancellation policy's full refund). Returns the new request's id.
 */
export async function sendDowntownMove(page: Page, choice: MoveChoice = {}): Promise<number> {
  await startDowntownMove(page, choice);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[name="customer_budget"]').fill('700');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/customer/generate_request') && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Request Move' }).click();
  const body = (await (await sent).json()) as { data: { Request_ID: { id: number } } };
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  return body.data.Request_ID.id;
}

export interface ListedRequest {
  request: { id: number; request_timeline_status: number; public_access_link: string };
  request_bid: unknown[];
}

/** A request of the customer's Active tab, as My Requests reads it. */
export async function activeRequest(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<ListedRequest | undefined> {
  const res = await request.post('/api/customer/get_customer_request', {
    headers: { 'x-sh-auth': token },
    data: { request_status: '0' },
  });
  const { data } = (await res.json()) as { data: ListedRequest[] };
  return data.find((entry) => entry.request.id === id);
}

/** Waits until the demo companies have bid on a request (four serve downtown). */
export async function waitForBids(
  request: APIRequestContext,
  token: string,
  id: number,
  count = 4,
): Promise<void> {
  await expect
    .poll(async () => (await activeRequest(request, token, id))?.request_bid.length, {
      timeout: 20_000,
      message: `${count} demo bids on request #${id}`,
    })
    .toBe(count);
}

/**
 * Accepts the first bid of the companies list at its price; the request awaits payment and the
 * page is its detail. Returns the company's name.
 */
export async function acceptFirstBid(page: Page, requestId: number): Promise<string> {
  await page.goto(`/dashboard/my-requests/companies-list/${requestId}`);
  const first = page.getByRole('list', { name: 'Bidding companies' }).getByRole('listitem').first();
  const companyName = await first.getByRole('heading', { level: 2 }).innerText();
  await acceptBidOf(page, requestId, companyName);
  return companyName;
}

/**
 * Accepts one company's bid from the companies list at its price; the request awaits payment and
 * the page is its detail.
 */
export async function acceptBidOf(page: Page, requestId: number, companyName: string) {
  await page.goto(`/dashboard/my-requests/companies-list/${requestId}`);
  const list = page.getByRole('list', { name: 'Bidding companies' });
  await list.getByRole('button', { name: `Accept the bid of ${companyName}` }).click();
  await page
    .getByRole('dialog', { name: 'Accept Bid' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  await expect(summaryOf(page, requestId).getByText('Awaiting Payment')).toBeVisible();
}

/**
 * Pays an accepted request into escrow with the saved card, terms ticked; the page is the
 * request's detail again. Returns the amount charged (data.discounted_amount).
 */
export async function payForRequest(page: Page, requestId: number): Promise<number> {
  await page.goto(`/dashboard/my-requests/make-payment/${requestId}`);
  await page.getByRole('checkbox', { name: 'Agree to terms' }).check();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/customer/make_payment'));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const answer = await paid;
  expect(answer.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  return ((await answer.json()) as { data: { discounted_amount: number } }).data.discounted_amount;
}

/** The detail's summary card ('Request #{id}', its status, prices, company and actions). */
export function summaryOf(page: Page, requestId: number): Locator {
  return page.getByRole('region', { name: `Request #${requestId}`, exact: true });
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** Types a card on My Cards as a customer does: digits only; the masks add spaces and slash. */
export async function fillCard(page: Page, cardNumber: string, holder: string) {
  await field(page, 'card_number').pressSequentially(cardNumber);
  await field(page, 'card_holder_name').fill(holder);
  await field(page, 'exp_date').pressSequentially('1234');
  await field(page, 'cvv').pressSequentially('123');
  await field(page, 'address_1').fill('100 Main St');
  await field(page, 'city').fill('Los Angeles');
  await field(page, 'state').fill('CA');
  await field(page, 'zip').fill('90001');
}

/** The sandbox's card that always succeeds. */
export const GOOD_CARD = '4242424242424242';

/** Adds a card on My Cards (the page must be there) and waits until it is saved. */
export async function addCard(page: Page, holder: string, cardNumber = GOOD_CARD): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Add Card' })).toBeVisible();
  await fillCard(page, cardNumber, holder);
  await page.getByRole('button', { name: 'Add Card' }).click();
  await expect(
    page.getByRole('region', { name: 'Saved card' }).getByText(`•••• ${cardNumber.slice(-4)}`),
  ).toBeVisible();
}

/**
 * Reloads the detail until its summary shows `status`: nothing pushes a status change to the
 * screen yet, so a customer waiting on move day reloads it.
 */
export async function reloadUntilStatus(
  page: Page,
  requestId: number,
  status: string,
  timeout = 20_000,
): Promise<void> {
  await expect(async () => {
    await page.reload();
    // The summary shows once the detail has loaded, which a busy machine may take seconds to
    // do; only then is its status read, briefly, before the next reload.
    const summary = summaryOf(page, requestId);
    await expect(summary).toBeVisible({ timeout: 15_000 });
    await expect(summary.getByText(status, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
}

/**
 * A direct request through a company's `link`, as the wizard's direct-link mode sends it (no
 * token: the contact is Jordan {lastName}), downtown to Santa Monica in nine days. Returns its id.
 */
export async function sendDirectRequest(
  request: APIRequestContext,
  link: string,
  lastName: string,
): Promise<number> {
  const types = (await (await request.get('/api/customer/get_move_type')).json()) as {
    data: { moveTypeItems: { id: number; name: string }[] };
  };
  const studio = types.data.moveTypeItems.find((t) => t.name === 'Studio')!;
  const address = (i: number, zip: string, city: string) => ({
    street_address: `${200 + i} Main St`,
    apartment_number: '',
    address_detail: '',
    is_storage: false,
    complete_address: `${200 + i} Main St, ${city}, CA ${zip}, USA`,
    zip_code: zip,
    city,
    state: 'CA',
    country: 'USA',
    is_stairs: false,
    is_elevator: false,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: '',
    latitude: 34.05 + i * 0.01,
    longitude: -118.25,
    address_type: i === 0 ? '1' : '2',
  });
  const [yyyy, mm, dd] = daysFromToday(9).split('-');
  const res = await request.post('/api/company/generate_request_by_customer', {
    data: {
      address_array: [address(0, '90012', 'Los Angeles'), address(1, '90401', 'Santa Monica')],
      starting_lat: 34.05,
      starting_long: -118.25,
      schedule_time: '',
      move_type: studio.id,
      payment_status: '0',
      final_comment: '',
      s_date: `${mm}-${dd}-${yyyy}`,
      s_time: '10:00 - 11:00',
      start_window_from: '10:00',
      start_window_to: '11:00',
      movers: 2,
      items_array: [],
      first_name: 'Jordan',
      last_name: lastName,
      // A new contact each call: an identical direct submit within 10 minutes answers with the
      // first request, which a retried journey has already moved on.
      email: uniqueEmail(`jordan-${lastName.toLowerCase()}`),
      phone_number: '+13235550123',
      customer_phone_number: '+13235550123',
      direct_access_link: link,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
}

/** Address i of a move sent through the wizard's call, as the wizard sends it. */
const address = (i: number, zip: string, city: string) => ({
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
  is_elevator: true,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: '',
  latitude: 34.05 - i * 0.02,
  longitude: -118.24 - i * 0.25,
  address_type: i === 0 ? '1' : '2',
});

/**
 * A studio move downtown to Santa Monica a week ahead, sent with the wizard's call (the wizard's
 * own journey covers its screens): the journey starts on the new request's detail.
 */
export async function postDowntownMove(request: APIRequestContext, token: string): Promise<number> {
  const headers = { 'x-sh-auth': token };
  const types = (await (await request.get('/api/customer/get_move_type')).json()) as {
    data: { moveTypeItems: { id: number; name: string }[] };
  };
  const studio = types.data.moveTypeItems.find((type) => type.name === 'Studio');
  const [year, month, day] = daysFromToday(7).split('-');
  const res = await request.post('/api/customer/generate_request', {
    headers,
    data: {
      request_type: '0',
      address_array: [address(0, '90012', 'Los Angeles'), address(1, '90401', 'Santa Monica')],
      starting_lat: 34.05,
      starting_long: -118.24,
      schedule_time: '',
      move_type: studio?.id,
      payment_status: '0',
      customer_budget: 700,
      final_comment: '',
      s_date: `${month}-${day}-${year}`,
      s_time: '8AM - 12PM Morning',
      movers: 2,
      items_array: [],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
}
