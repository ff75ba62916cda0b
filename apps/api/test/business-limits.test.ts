import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addLocalDays, toDollars, toSpecDate, UserType } from '@movehub/shared';
import {
  companyProfiles,
  companyServiceZips,
  moveTypes,
  notifications,
  requests,
} from '../src/db/schema';
import { DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import {
  BID_CHANGES_PER_REQUEST_PER_HOUR,
  COMMENTS_PER_REQUEST_PER_HOUR,
  DIRECT_REQUESTS_PER_EMAIL_PER_HOUR,
  REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR,
} from '../src/lib/business-limits';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';
import { outboxFor, post, uniqueEmail, uniquePhone } from './accounts-helpers';
import { lifecycle } from './lifecycle';

/*
 * Per-user ceilings of business calls (issue 30, item 6; docs/decisions/040): each abuse
 * scenario of the issue stops at its ceiling with the 429 envelope and Retry-After, and what it
 * produced (notifications, requests, emails) stops growing; a user under the ceiling is served.
 */

let ctx: TestContext;
let moveTypeId: number;
beforeAll(async () => {
  ctx = await buildTestApp({
    REQUEST_CREATIONS_PER_HOUR: String(REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR),
  });
  const [type] = await ctx.database.db
    .select()
    .from(moveTypes)
    .where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = type!.id;
});
afterAll(() => ctx.close());
const life = lifecycle(() => ctx);

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { code: number; message: string };
}

/** The answers split into served and refused; every refusal is the 429 envelope with Retry-After. */
function tally(answers: Answer[], what: RegExp) {
  const refused = answers.filter((a) => a.statusCode === 429);
  for (const a of refused) {
    expect(a.json()).toEqual({ code: 429, message: expect.stringMatching(what) });
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  }
  return { served: answers.filter((a) => a.statusCode === 200).length, refused: refused.length };
}

const call = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });

async function customer() {
  const user = await createUser(ctx.database, { phone: uniquePhone() });
  return { user, token: await life.tokenOf(user.id) };
}

async function company(name: string) {
  const user = await createUser(ctx.database, { userType: UserType.company });
  await ctx.database.db.insert(companyProfiles).values({ userId: user.id, name, rating: 4.2 });
  await ctx.database.db.insert(companyServiceZips).values({ companyId: user.id, zipCode: '90012' });
  return { user, token: await life.tokenOf(user.id) };
}

const noticesTo = async (userId: number, requestId: number) =>
  (
    await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.requestId, requestId)))
  )[0]!.n;

const placeBid = (token: string, requestId: number, cents: number) =>
  call('/api/company/place_bid', token, { request_id: requestId, bid_amount: toDollars(cents) });

describe('bid changes', () => {
  it('stop at the ceiling per company and request: 60 changes do not make 60 customer notifications', async () => {
    const owner = await customer();
    const mover = await company('Eager Movers');
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    const answers: Answer[] = [];
    for (let i = 0; i < 60; i++) answers.push(await placeBid(mover.token, req.id, 10_000 + i));
    const { served, refused } = tally(
      answers,
      /^Too many bid changes on this request\. Please try again in \d+ minutes\.$/,
    );
    expect(served).toBe(BID_CHANGES_PER_REQUEST_PER_HOUR);
    expect(refused).toBe(60 - BID_CHANGES_PER_REQUEST_PER_HOUR);
    expect(await noticesTo(owner.user.id, req.id)).toBeLessThanOrEqual(
      BID_CHANGES_PER_REQUEST_PER_HOUR,
    );

    // The same company on another request, and another company here, are under their own ceilings.
    const other = await createRequest(ctx.database, { customerId: owner.user.id });
    expect((await placeBid(mover.token, other.id, 10_000)).statusCode).toBe(200);
    const rival = await company('Calm Movers');
    expect((await placeBid(rival.token, req.id, 9_000)).statusCode).toBe(200);
  });
});

describe('comments', () => {
  it('stop at the ceiling per user and request: 60 comments do not make 60 company notifications', async () => {
    const owner = await customer();
    const mover = await company('Listening Movers');
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    expect((await placeBid(mover.token, req.id, 20_000)).statusCode).toBe(200);
    const before = await noticesTo(mover.user.id, req.id);
    const answers: Answer[] = [];
    for (let i = 0; i < 60; i++) {
      answers.push(
        await call('/app_api/add_comments', owner.token, {
          request_id: req.id,
          comment: `Question ${i}`,
          parent_id: 0,
          type: '0',
        }),
      );
    }
    const { served, refused } = tally(answers, /^Too many comments on this request\. /);
    expect(served).toBe(COMMENTS_PER_REQUEST_PER_HOUR);
    expect(refused).toBe(60 - COMMENTS_PER_REQUEST_PER_HOUR);
    expect((await noticesTo(mover.user.id, req.id)) - before).toBe(COMMENTS_PER_REQUEST_PER_HOUR);

    // The company may still answer on the same request: its own ceiling.
    const reply = await call('/app_api/add_comments', mover.token, {
      request_id: req.id,
      comment: 'Happy to help.',
      parent_id: 0,
      type: '0',
    });
    expect(reply.statusCode).toBe(200);
  });
});

const address = (i: number, zip: string) => ({
  street_address: `${100 + i} S Main St`,
  apartment_number: '',
  address_detail: '',
  is_storage: false,
  complete_address: `${100 + i} S Main St, Los Angeles, CA ${zip}, USA`,
  zip_code: zip,
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: false,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: '',
  latitude: 34.05 + i * 0.02,
  longitude: -118.24,
  address_type: i === 0 ? '1' : '2',
});

const common = (i: number) => ({
  address_array: [address(0, '90012'), address(1, '90402')],
  starting_lat: 34.05,
  starting_long: -118.24,
  schedule_time: '',
  move_type: moveTypeId,
  payment_status: '0',
  final_comment: `Request number ${i}`,
  s_date: toSpecDate(addLocalDays(new Date(), 12)),
  s_time: '10:00 - 11:00',
  movers: 2,
  items_array: [],
});

describe('request creations', () => {
  it('stop at the ceiling per customer, also when 30 arrive in parallel', async () => {
    const owner = await customer();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('/api/customer/generate_request', owner.token, {
          ...common(i),
          request_type: '0',
          customer_budget: 650,
        }),
      ),
    );
    const { served, refused } = tally(answers, /^Too many new requests from this account\. /);
    expect(served).toBe(REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR);
    expect(refused).toBe(30 - REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR);
    const created = await ctx.database.db
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.customerId, owner.user.id));
    expect(created).toHaveLength(REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR);

    // Another customer is served meanwhile.
    const neighbour = await customer();
    const res = await call('/api/customer/generate_request', neighbour.token, {
      ...common(99),
      request_type: '0',
      customer_budget: 650,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('anonymous direct requests', () => {
  const directBody = (email: string, i: number) => ({
    ...common(i),
    first_name: 'Jordan',
    last_name: 'Reyes',
    email,
    phone_number: '+13235550123',
    customer_phone_number: '+13235550123',
    start_window_from: '10:00',
    start_window_to: '11:00',
    direct_access_link: DEMO_DIRECT_LINKS.company,
  });

  it('stop at the ceiling per contact email: 10 varied requests do not put 10 emails in one inbox', async () => {
    const inbox = uniqueEmail('flooded');
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) {
      // Varied bodies, and the address written differently: one inbox all the same.
      const email = i % 2 === 0 ? inbox : inbox.toUpperCase();
      answers.push(
        await post(ctx.app, '/api/company/generate_request_by_customer', directBody(email, i)),
      );
    }
    const { served, refused } = tally(answers, /^Too many requests for this email address\. /);
    expect(served).toBe(DIRECT_REQUESTS_PER_EMAIL_PER_HOUR);
    expect(refused).toBe(10 - DIRECT_REQUESTS_PER_EMAIL_PER_HOUR);
    expect(await outboxFor(ctx.app, inbox)).toHaveLength(DIRECT_REQUESTS_PER_EMAIL_PER_HOUR);

    // Someone else through the same link is served.
    const other = uniqueEmail('visitor');
    const res = await post(
      ctx.app,
      '/api/company/generate_request_by_customer',
      directBody(other, 42),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await outboxFor(ctx.app, other)).toHaveLength(1);
  });
});
