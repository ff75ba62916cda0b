import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, toSpecDate, TimelineStatus } from '@movehub/shared';
import { buildTestApp, createUser, type TestContext } from './helper';
import { FIXTURE_ZIP, lifecycle, serviceDay, type Party } from './lifecycle';

/*
 * One read model of a request (domain/request/read-model.ts), composed by every reader's view:
 * the same addresses, in the same wire fields, wherever a request is shown in full, and each
 * view without what its reader may not see.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());
const life = lifecycle(() => ctx);

/** A pick-up up two flights of stairs and a drop-off with an elevator, into storage. */
const ADDRESSES = [
  {
    street_address: '100 Main St',
    apartment_number: '4B',
    address_detail: 'Blue door',
    is_storage: false,
    complete_address: `100 Main St, Los Angeles, CA ${FIXTURE_ZIP}, USA`,
    zip_code: FIXTURE_ZIP,
    city: 'Los Angeles',
    state: 'CA',
    country: 'USA',
    is_stairs: true,
    is_elevator: false,
    is_hardwood_floor: true,
    number_of_flights: 2,
    parking_and_building_info: 'Loading zone on 1st St.',
    latitude: 34.05,
    longitude: -118.24,
    address_type: '1',
  },
  {
    street_address: '200 Ocean Ave',
    apartment_number: '',
    address_detail: '',
    is_storage: true,
    complete_address: '200 Ocean Ave, Santa Monica, CA 90402, USA',
    zip_code: '90402',
    city: 'Santa Monica',
    state: 'CA',
    country: 'USA',
    is_stairs: false,
    is_elevator: true,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: 'Call from the gate.',
    latitude: 34.03,
    longitude: -118.5,
    address_type: '2',
  },
];

/** How each of them reads on the wire, in every full view of the request. */
const HOW_TO_GET_IN = [
  {
    address_type: 1,
    is_storage: false,
    is_stairs: true,
    number_of_flights: 2,
    is_elevator: false,
    is_hardwood_floor: true,
    parking_and_building_info: 'Loading zone on 1st St.',
    apartment_number: '4B',
  },
  {
    address_type: 2,
    is_storage: true,
    is_stairs: false,
    number_of_flights: 0,
    is_elevator: true,
    is_hardwood_floor: false,
    parking_and_building_info: 'Call from the gate.',
  },
];

async function send(customer: Party, moveDate?: string): Promise<number> {
  const data = await life.ok<{ Request_ID: { id: number } }>(
    'POST',
    '/api/customer/generate_request',
    customer.token,
    {
      request_type: '0',
      address_array: ADDRESSES,
      starting_lat: 34.05,
      starting_long: -118.24,
      schedule_time: '',
      move_type: 1,
      payment_status: '0',
      customer_budget: 450,
      final_comment: 'Piano on the second floor.',
      s_date: toSpecDate(moveDate ?? addLocalDays(new Date(), 16)),
      s_time: '08:00 - 09:00',
      start_window_from: '08:00',
      start_window_to: '09:00',
      movers: 2,
      items_array: [],
    },
  );
  return data.Request_ID.id;
}

/** A customer with a phone on their account, and a card saved through the real calls. */
async function customerWithPhone(): Promise<Party> {
  const user = await createUser(ctx.database, {
    firstName: 'Robin',
    lastName: 'Hart',
    phone: '+13235550123',
  });
  const party = { user, token: await life.tokenOf(user.id) };
  await life.saveCard(party, '4242424242424242');
  return party;
}

type Row = Record<string, unknown>;
const view = (token: string, url: string, requestId: number) =>
  life.ok<Row>('POST', url, token, { request_id: requestId });

describe('one read model of a request', () => {
  it('shows the same addresses, stairs to parking notes, in every full view of the request', async () => {
    const company = await life.company();
    const customer = await life.customer();
    const id = await send(customer);

    const open = await life.ok<Row[]>('POST', '/api/company/open_requests', company.token, {});
    const card = open.find((r) => r.id === id)!;
    expect(card.request_address).toMatchObject(HOW_TO_GET_IN);

    await life.bid(company, id, 50_000);
    await life.accept(customer, id, company, 50_000);
    await life.pay(customer, id);
    await life.assign(company, id);

    const job = await view(company.token, '/api/company/job_detail', id);
    expect(job.request_address).toMatchObject(HOW_TO_GET_IN);
    const mine = await view(customer.token, '/api/customer/customer_request_detail', id);
    const foreman = await view(company.foremen[0]!.token, '/api/foreman/job_detail', id);
    // One view of the addresses: every full view answers them alike, field for field, the
    // bidders' open request included (what they priced is what the winner and its crew read).
    expect(job.request_address).toEqual(mine.request_address);
    expect(foreman.request_address).toEqual(mine.request_address);
    expect(card.request_address).toEqual(mine.request_address);
  });

  it("leaves out what each reader may not see: the customer's contact before acceptance, the price for the foreman", async () => {
    const company = await life.company();
    const customer = await customerWithPhone();
    // Due tomorrow: its crew starts it below (decision 042).
    const id = await send(customer, serviceDay(1));

    const open = await life.ok<Row[]>('POST', '/api/company/open_requests', company.token, {});
    const card = open.find((r) => r.id === id)!;
    const contact = [customer.user.lastName, customer.user.email, customer.user.phone!];
    for (const value of contact) expect(JSON.stringify(card)).not.toContain(value);
    expect(card).not.toHaveProperty('final_amount');

    await life.bid(company, id, 50_000);
    await life.accept(customer, id, company, 50_000);
    await life.pay(customer, id);
    await life.assign(company, id);
    await life.start(company, id);

    const job = await view(company.token, '/api/company/job_detail', id);
    expect(job.customer).toEqual({
      first_name: customer.user.firstName,
      last_name: customer.user.lastName,
      email: customer.user.email,
      phone: '+13235550123',
    });
    expect(job).toMatchObject({ final_amount: 500, customer_budget: 450 });

    const foreman = await view(company.foremen[0]!.token, '/api/foreman/job_detail', id);
    expect(foreman).toMatchObject({
      request_timeline_status: TimelineStatus.inProgress,
      company_name: company.name,
      customer: {
        first_name: customer.user.firstName,
        last_name: customer.user.lastName,
        phone: '+13235550123',
      },
      started_at: expect.any(String),
      completed_at: null,
    });
    for (const money of ['final_amount', 'customer_budget', 'recommend_amount', 'discount']) {
      expect(foreman).not.toHaveProperty(money);
    }
    expect(foreman.customer).not.toHaveProperty('email');
  });
});
