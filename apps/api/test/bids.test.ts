import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  BIDDING_COMPANIES_PAGE,
  BidStatus,
  encodeCursor,
  REFERRAL_DISCOUNT_PERCENT,
  REVIEWS_PER_COMPANY,
  TimelineStatus,
  UserType,
} from '@movehub/shared';
import {
  companyDirectLinks,
  companyProfiles,
  companyReviews,
  companyServiceZips,
  moveTypes,
  notifications,
  referrals,
  requestAddresses,
  requestBids,
  requestItemImages,
  requestItems,
  requests,
  requestStatusHistory,
  sessions,
  serviceZipCodes,
} from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';
import { placeBid } from '../src/domain/request/bids';
import {
  buildTestApp,
  createRequest,
  pickUpIn,
  createUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from './helper';

/*
 * Bids: the partner API of companies (open requests in their area, place, change and
 * withdraw a bid) and the customer's companies list, delete_bid and accept_request, through the
 * real server. Companies, their zips and reviews are made here, not taken from the demo seed.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A zip code of this test's own, so that no seeded company serves it. */
let zipSeq = 0;
const newZip = () => `0${String(1000 + ((process.pid + zipSeq++ * 7919) % 8999)).padStart(4, '0')}`;

/** A live session for a user (login itself is tested once, below; it is rate limited). */
async function tokenOf(userId: number): Promise<string> {
  const token = newToken();
  await db()
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
    });
  return token;
}

async function company(
  opts: {
    zips?: string[];
    name?: string;
    rating?: number;
    completedMoves?: number;
    truckCount?: number;
  } = {},
) {
  const user = await createUser(ctx.database, {
    userType: UserType.company,
    email: `company-${randomUUID()}@example.com`,
    firstName: 'Owner',
    lastName: 'Person',
    phone: '+13105550100',
  });
  const name = opts.name ?? `Movers ${user.id}`;
  await db()
    .insert(companyProfiles)
    .values({
      userId: user.id,
      name,
      about: `About ${name}`,
      profilePicture: `/uploads/${user.id}.png`,
      phone: '(310) 555-0101',
      email: `hello-${user.id}@movers.example`,
      address: '1 Truck Way, Los Angeles, CA',
      truckCount: opts.truckCount ?? 3,
      rating: opts.rating ?? 4,
      completedMoves: opts.completedMoves ?? 10,
    });
  if (opts.zips?.length) {
    await db()
      .insert(companyServiceZips)
      .values(opts.zips.map((zipCode) => ({ companyId: user.id, zipCode })));
  }
  return { user, name, token: await tokenOf(user.id) };
}

/** A customer whose name, email and phone are easy to look for in an answer. */
async function customer() {
  const user = await createUser(ctx.database, {
    firstName: 'Zebulon',
    lastName: 'Quixote',
    email: `zq-${randomUUID()}@example.com`,
    phone: '+13105559876',
  });
  return { user, token: await tokenOf(user.id) };
}

/** A request whose pick-up address is in `zip`. */
async function requestIn(
  zip: string,
  customerId: number,
  overrides: Omit<Partial<typeof requests.$inferInsert>, 'customerId'> = {},
) {
  const row = await createRequest(ctx.database, { customerId, ...overrides });
  await pickUpIn(ctx.database, row.id, zip);
  return row;
}

const call = (method: 'POST' | 'PUT', url: string, token: string | undefined, payload: object) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? { 'x-sh-auth': token } : {},
    payload,
  });
const openRequests = (token: string, payload: object = {}) =>
  call('POST', '/api/company/open_requests', token, payload);
const bid = (token: string, request_id: number, bid_amount: number | string, movers?: number) =>
  call('POST', '/api/company/place_bid', token, {
    request_id,
    bid_amount,
    ...(movers ? { movers } : {}),
  });
const withdraw = (token: string, request_id: number) =>
  call('POST', '/api/company/withdraw_bid', token, { request_id });
const companiesList = (token: string, payload: object) =>
  call('POST', '/api/customer/detail_of_bided_companies', token, payload);
const deleteBid = (token: string, request_id: number, company_id: number) =>
  call('POST', '/api/customer/delete_bid', token, { request_id, company_id });
const accept = (token: string, request_id: number, company_id: number, final_amount: number) =>
  call('PUT', '/api/customer/accept_request', token, { request_id, company_id, final_amount });
const cancel = (token: string, request_id: number) =>
  call('POST', '/api/customer/delete_request', token, { request_id });

/** A request the customer cancelled through delete_request. */
async function cancelledIn(zip: string, cust: { user: { id: number }; token: string }) {
  const row = await requestIn(zip, cust.user.id);
  const res = await cancel(cust.token, row.id);
  expect(res.statusCode, res.body).toBe(200);
  return row;
}

const requestRow = async (id: number) =>
  (await db().select().from(requests).where(eq(requests.id, id)))[0]!;
const history = (id: number) =>
  db()
    .select()
    .from(requestStatusHistory)
    .where(eq(requestStatusHistory.requestId, id))
    .orderBy(asc(requestStatusHistory.id));
const noticesOf = async (userId: number) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id))
  ).map((n) => n.messageBody);
const bidOf = async (requestId: number, companyId: number) =>
  (
    await db()
      .select()
      .from(requestBids)
      .where(and(eq(requestBids.requestId, requestId), eq(requestBids.companyId, companyId)))
  )[0];

describe('partner login', () => {
  it('signs companies, foremen and sales-team members in with /app_api/login and their user_type', async () => {
    for (const userType of [UserType.company, UserType.foreman, UserType.salesTeam]) {
      const user = await createUser(ctx.database, {
        userType,
        email: `partner-${randomUUID()}@example.com`,
      });
      const res = await call('POST', '/app_api/login', undefined, {
        email: user.email,
        password: TEST_PASSWORD,
        user_type: userType,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ id: user.id, user_type: userType });
      // The same email with another user_type is another account: none here.
      const wrong = await call('POST', '/app_api/login', undefined, {
        email: user.email,
        password: TEST_PASSWORD,
        user_type: UserType.customer,
      });
      expect(wrong.statusCode).toBe(400);
    }
  });

  it("lets a company's token call the partner API", async () => {
    const zip = newZip();
    const { user } = await company({ zips: [zip] });
    const token = await loginAs(ctx.app, user.email, TEST_PASSWORD, UserType.company);
    const res = await openRequests(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: [] });
  });
});

describe('POST /api/company/open_requests', () => {
  it("lists the requests open for bids in the company's area, newest first, without the customer's contact", async () => {
    const zip = newZip();
    const elsewhere = newZip();
    const me = await company({ zips: [zip] });
    const rival = await company({ zips: [zip] });
    const shopper = await customer();
    const { user: cust } = shopper;
    const [moveType] = await db().select().from(moveTypes).limit(1);
    const first = await requestIn(zip, cust.id, {
      moveTypeId: moveType!.id,
      recommendAmountCents: 40_000,
      customerBudgetCents: 35_000,
      netDistanceMiles: 12.5,
      moveTime: '8AM - 12PM Morning',
      finalComment: 'Piano on the second floor',
    });
    const second = await requestIn(zip, cust.id);
    expect((await bid(rival.token, second.id, 500)).statusCode).toBe(200);
    expect((await bid(me.token, second.id, 450)).statusCode).toBe(200);
    // Not open, or not in the area: none of these is listed.
    await requestIn(elsewhere, cust.id);
    const accepted = await requestIn(zip, cust.id);
    expect((await bid(rival.token, accepted.id, 500)).statusCode).toBe(200);
    expect((await accept(shopper.token, accepted.id, rival.user.id, 500)).statusCode).toBe(200);
    await requestIn(zip, cust.id, { requestType: 1, contactEmail: 'direct@example.com' });
    await cancelledIn(zip, shopper);
    const dropOffOnly = await createRequest(ctx.database, { customerId: cust.id });
    await db()
      .update(requestAddresses)
      .set({ zipCode: zip })
      .where(
        and(eq(requestAddresses.requestId, dropOffOnly.id), eq(requestAddresses.addressType, 2)),
      );

    const [item] = await db()
      .insert(requestItems)
      .values([
        {
          requestId: first.id,
          name: 'Sofa',
          categoryName: 'Living Room',
          quantity: 2,
          size: '3',
          type: '1',
          unitPriceCents: 2_500,
          position: 0,
        },
        {
          requestId: first.id,
          name: 'Boxes',
          categoryName: 'Packing',
          quantity: 10,
          type: '2',
          unitPriceCents: 350,
          position: 1,
        },
      ])
      .returning();
    await db()
      .insert(requestItemImages)
      .values([
        { requestItemId: item!.id, imageUrl: '/uploads/sofa-1.jpg' },
        { requestItemId: item!.id, imageUrl: '/uploads/sofa-2.jpg' },
      ]);

    const res = await openRequests(me.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { id: number }[];
    expect(data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(data[0]).toMatchObject({
      request_timeline_status: 1,
      bid_count: 2,
      // A bid that names no crew offers the request's.
      my_bid: { bid_amount: 450, movers: 2 },
    });
    expect(data[1]).toEqual({
      id: first.id,
      request_timeline_status: 0,
      s_date: '12-15-2026',
      s_time: '8AM - 12PM Morning',
      start_window_from: '08:00',
      start_window_to: '09:00',
      move_type: moveType!.name,
      movers: 2,
      net_distance: 12.5,
      net_distance_approximate: false,
      // Neither the company's address nor its zip has a known place here.
      distance_from_base: null,
      recommend_amount: 400,
      customer_budget: 350,
      final_comment: 'Piano on the second floor',
      request_address: [
        expect.objectContaining({ address_type: 1, zip_code: zip }),
        expect.objectContaining({ address_type: 2, zip_code: '90402', apartment_number: '4B' }),
      ],
      request_item: [
        {
          name: 'Sofa',
          quantity: 2,
          category_name: 'Living Room',
          type: '1',
          size: '3',
          unit_price: 25,
          additional_info: null,
          image_urls: ['/uploads/sofa-1.jpg', '/uploads/sofa-2.jpg'],
        },
      ],
      extra_request_items: [expect.objectContaining({ name: 'Boxes', unit_price: 3.5 })],
      bid_count: 0,
      my_bid: null,
      comments_array: [],
      comments_next_before_id: null,
    });
    for (const secret of [cust.email, 'Zebulon', 'Quixote', '5559876', 'direct@example.com']) {
      expect(res.body).not.toContain(secret);
    }

    // A page: the answer names the next one (below the last id seen), and null at the end.
    const page = await openRequests(me.token, { limit: 1 });
    expect(page.json().data.map((r: { id: number }) => r.id)).toEqual([second.id]);
    expect(page.json().next_before_id).toBe(second.id);
    const next = await openRequests(me.token, { limit: 1, before_id: page.json().next_before_id });
    expect(next.json().data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(next.json().next_before_id).toBeNull();
    expect((await openRequests(me.token)).json().next_before_id).toBeNull();
    const capped = await openRequests(me.token, { limit: 101 });
    expect(capped.statusCode).toBe(422);
    expect(capped.json()).toMatchObject({ code: 422, message: expect.stringContaining('limit') });

    // A company serving other zips sees none of them.
    const far = await company({ zips: [elsewhere] });
    const farList = (await openRequests(far.token)).json().data as { id: number }[];
    expect(farList.map((r) => r.id)).not.toContain(first.id);
  });

  it("shows a sales-team member their company's open requests; bidding stays the company's", async () => {
    const zip = newZip();
    const firm = await company({ zips: [zip] });
    const member = await createUser(ctx.database, {
      userType: UserType.salesTeam,
      email: `sales-${randomUUID()}@example.com`,
    });
    await db()
      .insert(companyDirectLinks)
      .values({
        link: `sales-${randomUUID()}`,
        companyId: firm.user.id,
        createdByUserId: member.id,
      });
    const { user: cust } = await customer();
    const req = await requestIn(zip, cust.id);
    const token = await tokenOf(member.id);
    const res = await openRequests(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toContain(req.id);
    expect((await bid(token, req.id, 100)).statusCode).toBe(403);
    expect((await withdraw(token, req.id)).statusCode).toBe(403);

    const loner = await createUser(ctx.database, {
      userType: UserType.salesTeam,
      email: `sales-${randomUUID()}@example.com`,
    });
    expect((await openRequests(await tokenOf(loner.id))).statusCode).toBe(403);
  });

  it('reads a page of requests in a fixed number of queries, however many there are', async () => {
    const pglite = ctx.database.connection;
    if (pglite.kind !== 'pglite') return; // counted on the embedded database's client
    const zip = newZip();
    const me = await company({ zips: [zip] });
    const { user: cust } = await customer();
    const count = async () => {
      const client = pglite.client as unknown as { query: (...a: unknown[]) => unknown };
      const original = client.query;
      let n = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        n++;
        return original.apply(this, args);
      };
      try {
        expect((await openRequests(me.token)).statusCode).toBe(200);
      } finally {
        client.query = original;
      }
      return n;
    };
    await requestIn(zip, cust.id);
    const one = await count();
    for (let i = 0; i < 4; i++) await requestIn(zip, cust.id);
    expect(await count()).toBe(one);
    // The session lookup, the requests, their addresses and their items.
    expect(one).toBeLessThanOrEqual(4);
  });
});

describe('open_requests filters', () => {
  /** A zip with a known centre, as the service-area list holds it. */
  async function placedZip(latitude: number, longitude: number) {
    const zip = newZip();
    await db()
      .insert(serviceZipCodes)
      .values({ zipCode: zip, city: 'Testville', state: 'CA', latitude, longitude })
      .onConflictDoUpdate({ target: serviceZipCodes.zipCode, set: { latitude, longitude } });
    return zip;
  }
  /** Moves a request's pick-up to a point. */
  const pickUpAt = (requestId: number, latitude: number, longitude: number) =>
    db()
      .update(requestAddresses)
      .set({ latitude, longitude })
      .where(and(eq(requestAddresses.requestId, requestId), eq(requestAddresses.addressType, 1)));
  const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((r) => r.id);

  it("measures each pick-up from the company's base and keeps those within max_distance", async () => {
    const home = await placedZip(34.0, -118.0);
    const me = await company({ zips: [home] });
    await db()
      .update(companyProfiles)
      .set({ address: `1 Truck Way, Los Angeles, CA ${home}` })
      .where(eq(companyProfiles.userId, me.user.id));
    const { user: cust } = await customer();
    const near = await requestIn(home, cust.id);
    await pickUpAt(near.id, 34.01, -118.0);
    const far = await requestIn(home, cust.id);
    await pickUpAt(far.id, 34.5, -118.0);

    const all = (await openRequests(me.token)).json().data as {
      id: number;
      distance_from_base: number | null;
    }[];
    const distance = (id: number) => all.find((r) => r.id === id)?.distance_from_base;
    // 0.01° of latitude is 0.69 mi; 0.5° is 34.5 mi.
    expect(distance(near.id)).toBe(0.7);
    expect(distance(far.id)).toBe(34.5);

    expect(ids(await openRequests(me.token, { max_distance: 10 }))).toEqual([near.id]);
    expect(ids(await openRequests(me.token, { max_distance: 50 }))).toEqual([far.id, near.id]);
  });

  it('takes the middle of the served zips as the base of a company without an address', async () => {
    const west = await placedZip(34.0, -118.2);
    const east = await placedZip(34.0, -118.0);
    const me = await company({ zips: [west, east] });
    await db()
      .update(companyProfiles)
      .set({ address: null })
      .where(eq(companyProfiles.userId, me.user.id));
    const { user: cust } = await customer();
    // No coordinates of its own: the pick-up zip's centre counts.
    const req = await requestIn(east, cust.id);
    await pickUpAt(req.id, null as unknown as number, null as unknown as number);
    const [row] = (await openRequests(me.token)).json().data as {
      distance_from_base: number;
    }[];
    // 0.1° of longitude at 34° N is 5.7 mi.
    expect(row?.distance_from_base).toBe(5.7);
  });

  it('keeps the move dates within both bounds and one move size', async () => {
    const zip = newZip();
    const me = await company({ zips: [zip] });
    const { user: cust } = await customer();
    const types = await db().select().from(moveTypes).limit(2);
    const [small, large] = [types[0]!, types[1]!];
    const march10 = await requestIn(zip, cust.id, { moveDate: '2027-03-10', moveTypeId: small.id });
    const march20 = await requestIn(zip, cust.id, { moveDate: '2027-03-20', moveTypeId: large.id });
    const april2 = await requestIn(zip, cust.id, { moveDate: '2027-04-02', moveTypeId: small.id });

    expect(
      ids(await openRequests(me.token, { date_from: '03-20-2027', date_to: '04-02-2027' })),
    ).toEqual([april2.id, march20.id]);
    expect(ids(await openRequests(me.token, { date_to: '03-10-2027' }))).toEqual([march10.id]);
    expect(ids(await openRequests(me.token, { move_type: small.id }))).toEqual([
      april2.id,
      march10.id,
    ]);
    expect(
      ids(await openRequests(me.token, { move_type: small.id, date_from: '03-15-2027' })),
    ).toEqual([april2.id]);
    // Blank dates are no bound.
    expect(ids(await openRequests(me.token, { date_from: '', date_to: '' }))).toHaveLength(3);
  });

  it('refuses malformed filters with 422 and their field named', async () => {
    const me = await company({ zips: [newZip()] });
    for (const [body, field] of [
      [{ date_from: '2027-03-10' }, 'date_from'],
      [{ date_to: '02-30-2027' }, 'date_to'],
      [{ max_distance: 0 }, 'max_distance'],
      [{ max_distance: 501 }, 'max_distance'],
      [{ move_type: 0 }, 'move_type'],
    ] as const) {
      const res = await openRequests(me.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toContain(field);
    }
  });
});

describe('placing, changing and withdrawing a bid', () => {
  it('moves the request 0 → 1 on the first bid, notifies the customer, and back to 0 when the last bid goes', async () => {
    const zip = newZip();
    const a = await company({ zips: [zip], name: 'Alpha Movers' });
    const b = await company({ zips: [zip], name: 'Bravo Movers' });
    const { user: cust } = await customer();
    const req = await requestIn(zip, cust.id);

    const first = await bid(a.token, req.id, 450, 3);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      code: 200,
      data: {
        request_id: req.id,
        company_id: a.user.id,
        bid_amount: 450,
        movers: 3,
        request_timeline_status: 1,
      },
    });
    expect((await requestRow(req.id)).timelineStatus).toBe(TimelineStatus.pendingAcceptance);
    expect(await history(req.id)).toEqual([
      expect.objectContaining({
        fromStatus: 0,
        toStatus: 1,
        actorType: 'company',
        actorId: a.user.id,
      }),
    ]);

    // A second company's bid leaves the status at 1.
    const second = await bid(b.token, req.id, '399.99');
    expect(second.json().data).toMatchObject({
      bid_amount: 399.99,
      movers: 2,
      request_timeline_status: 1,
    });
    // Changing an amount tells the customer; the same amount again does not.
    expect((await bid(a.token, req.id, 425)).json().data).toMatchObject({
      bid_amount: 425,
      movers: 3,
    });
    expect((await bid(a.token, req.id, 425)).statusCode).toBe(200);
    expect(await noticesOf(cust.id)).toEqual([
      `Alpha Movers bid $450.00 on your request #${req.id}.`,
      `Bravo Movers bid $399.99 on your request #${req.id}.`,
      `Alpha Movers changed its bid on your request #${req.id} from $450.00 to $425.00.`,
    ]);
    expect((await history(req.id)).length).toBe(1);

    // Withdrawing one of two leaves 1; the last one sends the request back to 0.
    const w1 = await withdraw(a.token, req.id);
    expect(w1.json()).toMatchObject({ data: { request_id: req.id, request_timeline_status: 1 } });
    expect((await bidOf(req.id, a.user.id))?.status).toBe(BidStatus.deleted);
    expect((await withdraw(a.token, req.id)).statusCode).toBe(409);
    const w2 = await withdraw(b.token, req.id);
    expect(w2.json().data.request_timeline_status).toBe(0);
    expect((await requestRow(req.id)).timelineStatus).toBe(TimelineStatus.awaitingResponse);
    expect((await history(req.id)).at(-1)).toMatchObject({
      fromStatus: 1,
      toStatus: 0,
      actorType: 'company',
      actorId: b.user.id,
    });
    expect((await noticesOf(cust.id)).at(-1)).toBe(
      `Bravo Movers withdrew its bid on your request #${req.id}.`,
    );

    // A withdrawn bid may be placed again: it is a new bid, and opens the request again.
    const again = await bid(a.token, req.id, 410);
    expect(again.json().data).toMatchObject({ bid_amount: 410, request_timeline_status: 1 });
    expect((await bidOf(req.id, a.user.id))?.status).toBe(BidStatus.open);
    expect((await noticesOf(cust.id)).at(-1)).toBe(
      `Alpha Movers bid $410.00 on your request #${req.id}.`,
    );
    expect((await history(req.id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
    ]);
  });

  it('keeps one bid per company when two of its bids race: the one written last stands', async () => {
    const zip = newZip();
    const me = await company({ zips: [zip] });
    const { user: cust } = await customer();
    const req = await requestIn(zip, cust.id);
    const answers = await Promise.all([bid(me.token, req.id, 501), bid(me.token, req.id, 502)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await db()
      .select()
      .from(requestBids)
      .where(and(eq(requestBids.requestId, req.id), eq(requestBids.companyId, me.user.id)));
    expect(rows).toHaveLength(1);
    expect([50_100, 50_200]).toContain(rows[0]!.bidAmountCents);
    // The customer heard of a first bid and of its change, in the order they were written.
    const notices = await noticesOf(cust.id);
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatch(
      new RegExp(`to \\$${(rows[0]!.bidAmountCents / 100).toFixed(2).replace('.', '\\.')}\\.$`),
    );
    expect((await history(req.id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([[0, 1]]);
  });

  it('refuses a request outside the area (404), a closed or direct one (409), and bad amounts (422)', async () => {
    const zip = newZip();
    const me = await company({ zips: [zip] });
    const shopper = await customer();
    const { user: cust } = shopper;
    const outside = await requestIn(newZip(), cust.id);
    const res = await bid(me.token, outside.id, 300);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Request not found.' });
    expect((await bid(me.token, 2_000_000_000, 300)).statusCode).toBe(404);
    expect(await bidOf(outside.id, me.user.id)).toBeUndefined();
    expect((await withdraw(me.token, outside.id)).statusCode).toBe(404);

    const direct = await requestIn(zip, cust.id, { requestType: 1 });
    expect((await bid(me.token, direct.id, 300)).statusCode).toBe(409);
    const cancelled = await cancelledIn(zip, shopper);
    expect((await bid(me.token, cancelled.id, 300)).statusCode).toBe(409);

    const open = await requestIn(zip, cust.id);
    for (const amount of [0, -5, '12.345', 'abc', 2_000_000]) {
      expect((await bid(me.token, open.id, amount)).statusCode, String(amount)).toBe(422);
    }
  });

  it('refuses bids and withdrawals after the customer accepted', async () => {
    const zip = newZip();
    const a = await company({ zips: [zip] });
    const b = await company({ zips: [zip] });
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    await bid(a.token, req.id, 500);
    await bid(b.token, req.id, 550);
    expect((await accept(token, req.id, a.user.id, 500)).statusCode).toBe(200);
    const late = await bid(b.token, req.id, 480);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request is no longer open for bids.');
    expect((await withdraw(a.token, req.id)).statusCode).toBe(409);
    expect((await withdraw(b.token, req.id)).statusCode).toBe(409);
    expect((await bidOf(req.id, b.user.id))?.bidAmountCents).toBe(55_000);
  });

  it('is the command the demo simulator calls: placeBid runs on the request core', async () => {
    const zip = newZip();
    const me = await company({ zips: [zip], name: 'Sim Movers' });
    const { user: cust } = await customer();
    const req = await requestIn(zip, cust.id);
    const placed = await placeBid({
      domain: ctx.app.domain,
      companyId: me.user.id,
      requestId: req.id,
      bidAmountCents: 61_050,
      movers: 4,
    });
    expect(placed).toEqual({
      request_id: req.id,
      company_id: me.user.id,
      bid_amount: 610.5,
      movers: 4,
      request_timeline_status: 1,
    });
    await expect(
      placeBid({
        domain: ctx.app.domain,
        companyId: cust.id,
        requestId: req.id,
        bidAmountCents: 100,
      }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      placeBid({
        domain: ctx.app.domain,
        companyId: me.user.id,
        requestId: req.id,
        bidAmountCents: 0,
      }),
    ).rejects.toMatchObject({ code: 400 });
  });
});

describe('POST /api/customer/detail_of_bided_companies', () => {
  /** Three bidding companies with different records, reviews for two of them. */
  async function biddedRequest() {
    const zip = newZip();
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    const cheap = await company({ zips: [zip], name: 'Cheap Co', rating: 3.9, completedMoves: 5 });
    const star = await company({ zips: [zip], name: 'Star Co', rating: 4.8, completedMoves: 120 });
    const solid = await company({
      zips: [zip],
      name: 'Solid Co',
      rating: 4.5,
      completedMoves: 60,
      truckCount: 7,
    });
    await bid(star.token, req.id, 700, 3);
    await bid(cheap.token, req.id, 300);
    await bid(solid.token, req.id, 500);
    const reviewer = await createUser(ctx.database, {
      firstName: 'Riley',
      lastName: 'Reviewer',
      profilePicture: '/uploads/riley.png',
    });
    // More reviews than the list carries, the newest last inserted.
    await db()
      .insert(companyReviews)
      .values(
        Array.from({ length: REVIEWS_PER_COMPANY + 2 }, (_, i) => ({
          companyId: star.user.id,
          reviewerFirstName: `First${i}`,
          reviewerLastName: `Last${i}`,
          companyRating: 5,
          companyComment: `Review ${i}`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      );
    await db()
      .insert(companyReviews)
      .values({
        companyId: solid.user.id,
        customerId: reviewer.id,
        reviewerFirstName: '',
        reviewerLastName: '',
        companyRating: 4,
        companyComment: 'On time',
        createdAt: new Date(Date.UTC(2026, 1, 2)),
      });
    return { zip, cust, token, req, cheap, star, solid };
  }
  const names = (res: { json(): { data: { name: string }[] } }) =>
    res.json().data.map((c) => c.name);

  it('lists the open bids with company, contact, bid and the newest reviews', async () => {
    const { zip, token, req, star, solid, cheap } = await biddedRequest();
    // A bid the customer deleted is not listed.
    const gone = await company({ zips: [zip] });
    expect((await bid(gone.token, req.id, 1)).statusCode).toBe(200);
    expect((await deleteBid(token, req.id, gone.user.id)).statusCode).toBe(200);
    const res = await companiesList(token, { request_id: req.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(names(res)).toEqual(['Star Co', 'Cheap Co', 'Solid Co']);
    expect(body.request).toEqual({ id: req.id, request_timeline_status: 1, discount: 0 });
    const starCard = body.data[0];
    expect(starCard).toMatchObject({
      company_id: star.user.id,
      name: 'Star Co',
      address: '1 Truck Way, Los Angeles, CA',
      company_email: `hello-${star.user.id}@movers.example`,
      company_phone: '(310) 555-0101',
      company_rating: 4.8,
      completed_moves: 120,
      truck_count: 3,
      comapny_profile: {
        about_company: 'About Star Co',
        name: 'Star Co',
        profile_picture: `/uploads/${star.user.id}.png`,
      },
      bid: { bid_amount: 700, request_id: req.id, company_id: star.user.id, movers: 3 },
      review_count: REVIEWS_PER_COMPANY + 2,
    });
    expect(starCard.reviews).toHaveLength(REVIEWS_PER_COMPANY);
    expect(starCard.reviews[0]).toEqual({
      customer_profile: {
        first_name: `First${REVIEWS_PER_COMPANY + 1}`,
        last_name: `Last${REVIEWS_PER_COMPANY + 1}`,
        profile_picture: null,
      },
      review_array: {
        company_rating: 5,
        company_comment: `Review ${REVIEWS_PER_COMPANY + 1}`,
        created_at: new Date(Date.UTC(2026, 0, 2 + REVIEWS_PER_COMPANY)).toISOString(),
      },
    });
    // A review without its own names shows the reviewing customer's.
    expect(body.data[2]).toMatchObject({
      company_id: solid.user.id,
      truck_count: 7,
      review_count: 1,
      reviews: [
        {
          customer_profile: {
            first_name: 'Riley',
            last_name: 'Reviewer',
            profile_picture: '/uploads/riley.png',
          },
          review_array: { company_rating: 4, company_comment: 'On time' },
        },
      ],
    });
    expect(body.data[1]).toMatchObject({ company_id: cheap.user.id, review_count: 0, reviews: [] });
  });

  it('filters by completed moves and top rating and sorts by price, only when filter_status is on', async () => {
    const { token, req } = await biddedRequest();
    const list = (extra: object) => companiesList(token, { request_id: req.id, ...extra });
    expect(names(await list({ filter_status: 0, price: 'min', top_rated: 1 }))).toEqual([
      'Star Co',
      'Cheap Co',
      'Solid Co',
    ]);
    expect(names(await list({ filter_status: 1, price: 'min' }))).toEqual([
      'Cheap Co',
      'Solid Co',
      'Star Co',
    ]);
    expect(names(await list({ filter_status: '1', price: 'max' }))).toEqual([
      'Star Co',
      'Solid Co',
      'Cheap Co',
    ]);
    expect(names(await list({ filter_status: true, price: '' }))).toEqual([
      'Star Co',
      'Cheap Co',
      'Solid Co',
    ]);
    expect(
      names(await list({ filter_status: 1, min_completed_movies: 10, max_completed_movies: 100 })),
    ).toEqual(['Solid Co']);
    expect(names(await list({ filter_status: 1, min_completed_movies: 50 }))).toEqual([
      'Star Co',
      'Solid Co',
    ]);
    // Top rated: 4.5 and above, best first.
    expect(names(await list({ filter_status: 1, top_rated: 1 }))).toEqual(['Star Co', 'Solid Co']);
    expect(names(await list({ filter_status: 1, top_rated: 1, price: 'min' }))).toEqual([
      'Solid Co',
      'Star Co',
    ]);
    expect((await list({ filter_status: 1, price: 'cheapest' })).statusCode).toBe(422);
  });

  it('answers in the same few queries for one company or many', async () => {
    const pglite = ctx.database.connection;
    if (pglite.kind !== 'pglite') return;
    const { token, req } = await biddedRequest();
    const count = async (request_id: number) => {
      const client = pglite.client as unknown as { query: (...a: unknown[]) => unknown };
      const original = client.query;
      let n = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        n++;
        return original.apply(this, args);
      };
      try {
        expect((await companiesList(token, { request_id })).statusCode).toBe(200);
      } finally {
        client.query = original;
      }
      return n;
    };
    const many = await count(req.id);
    const zip = newZip();
    const { user: cust2, token: token2 } = await customer();
    const lone = await requestIn(zip, cust2.id);
    const one = await company({ zips: [zip] });
    await bid(one.token, lone.id, 100);
    const client = pglite.client as unknown as { query: (...a: unknown[]) => unknown };
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    try {
      expect((await companiesList(token2, { request_id: lone.id })).statusCode).toBe(200);
    } finally {
      client.query = original;
    }
    expect(many).toBe(n);
    // The session lookup, the request with its referral check, the bids with their companies.
    expect(many).toBeLessThanOrEqual(3);
  });

  /** Every company of a request's list, walked page by page with next_cursor. */
  async function walk(token: string, body: object, limit: number) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const res = await companiesList(token, { ...body, limit, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: { name: string }[]; next_cursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(limit);
      seen.push(...page.data.map((c) => c.name));
      if (page.next_cursor === null) return seen;
      cursor = page.next_cursor;
    }
    throw new Error('the pages never ended');
  }

  it('pages by cursor in every order: each company once, in the order of the whole list', async () => {
    const zip = newZip();
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    // Ties on price and on rating, so that each key's tiebreaker is walked across a page edge.
    const bidders: [string, number, number][] = [
      ['A', 4.8, 500],
      ['B', 4.8, 300],
      ['C', 4.5, 500],
      ['D', 4.9, 300],
      ['E', 3.0, 500],
      ['F', 4.5, 700],
      ['G', 4.8, 500],
    ];
    for (const [name, rating, amount] of bidders) {
      const c = await company({ zips: [zip], name, rating });
      expect((await bid(c.token, req.id, amount)).statusCode).toBe(200);
    }
    const orders = [
      {},
      { filter_status: 1, price: 'min' },
      { filter_status: 1, price: 'max' },
      { filter_status: 1, top_rated: 1 },
      { filter_status: 1, top_rated: 1, price: 'min' },
      { filter_status: 1, top_rated: 1, price: 'max' },
      { filter_status: 1, price: 'min', min_completed_movies: 0 },
    ];
    for (const order of orders) {
      const body = { request_id: req.id, ...order };
      const whole = await companiesList(token, { ...body, limit: 100 });
      expect(whole.json().next_cursor).toBeNull();
      const all = names(whole);
      expect(new Set(all).size).toBe(all.length);
      for (const limit of [1, 2, 3])
        expect(await walk(token, body, limit), `${JSON.stringify(order)} by ${limit}`).toEqual(all);
    }
    expect(
      names(await companiesList(token, { request_id: req.id, filter_status: 1, price: 'min' })),
    ).toEqual(['B', 'D', 'A', 'C', 'E', 'G', 'F']);
  });

  it('answers 20 companies when no limit is named, caps a page at 100, refuses a made-up cursor', async () => {
    const zip = newZip();
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    for (let i = 0; i < BIDDING_COMPANIES_PAGE + 1; i++) {
      const c = await company({ zips: [zip], name: `Co ${String(i).padStart(2, '0')}` });
      await bid(c.token, req.id, 100 + i);
    }
    const first = await companiesList(token, { request_id: req.id });
    expect(first.json().data).toHaveLength(BIDDING_COMPANIES_PAGE);
    const rest = await companiesList(token, {
      request_id: req.id,
      cursor: first.json().next_cursor,
    });
    expect(names(rest)).toEqual([`Co ${BIDDING_COMPANIES_PAGE}`]);
    expect(rest.json().next_cursor).toBeNull();

    const capped = await companiesList(token, { request_id: req.id, limit: 101 });
    expect(capped.statusCode).toBe(422);
    expect(capped.json()).toMatchObject({ code: 422, message: expect.stringContaining('limit') });
    for (const cursor of ['not a cursor', 'bm9wZQ', encodeCursor([1, 2, 3]) + '!', '']) {
      const bad = await companiesList(token, { request_id: req.id, cursor });
      expect(bad.statusCode, cursor).toBe(422);
      expect(bad.json()).toMatchObject({
        code: 422,
        message: 'cursor must be a next_cursor of this list.',
      });
    }
  });

  it("never lists another customer's bids, whatever cursor is sent", async () => {
    const mine = await biddedRequest();
    const theirs = await biddedRequest();
    const theirPage = await companiesList(theirs.token, { request_id: theirs.req.id, limit: 1 });
    const theirCursor = theirPage.json().next_cursor as string;
    // Their cursor on my request: only my own bids, after the keys it carries.
    const res = await companiesList(mine.token, { request_id: mine.req.id, cursor: theirCursor });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { company_id: number }[]).map((c) => c.company_id);
    const mineIds = [mine.cheap, mine.star, mine.solid].map((c) => c.user.id);
    for (const id of ids) expect(mineIds).toContain(id);
    // My cursor on their request: 404, as without one.
    const denied = await companiesList(mine.token, {
      request_id: theirs.req.id,
      cursor: theirCursor,
    });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ code: 404, message: 'Request not found.' });
  });

  it("shows the referral discount the customer would get, and 404 for another customer's request", async () => {
    const zip = newZip();
    const referrer = await createUser(ctx.database);
    const { user: cust, token } = await customer();
    await db()
      .insert(referrals)
      .values({ referredId: cust.id, referrerId: referrer.id, code: referrer.inviteFriendCode! });
    const req = await requestIn(zip, cust.id);
    const res = await companiesList(token, { request_id: req.id });
    expect(res.json().request.discount).toBe(REFERRAL_DISCOUNT_PERCENT);
    // Reading it spends nothing.
    const [row] = await db().select().from(referrals).where(eq(referrals.referredId, cust.id));
    expect(row?.discountRequestId).toBeNull();

    const other = await customer();
    const theirs = await companiesList(other.token, { request_id: req.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 404, message: 'Request not found.' });
  });
});

describe('POST /api/customer/delete_bid', () => {
  it('deletes an open bid; the last one sends the request back to 0; never another customer’s', async () => {
    const zip = newZip();
    const a = await company({ zips: [zip], name: 'Del A' });
    const b = await company({ zips: [zip], name: 'Del B' });
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    await bid(a.token, req.id, 300);
    await bid(b.token, req.id, 320);

    const other = await customer();
    expect((await deleteBid(other.token, req.id, a.user.id)).statusCode).toBe(404);
    expect((await bidOf(req.id, a.user.id))?.status).toBe(BidStatus.open);

    const res = await deleteBid(token, req.id, a.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ request_id: req.id, request_timeline_status: 1 });
    expect((await bidOf(req.id, a.user.id))?.status).toBe(BidStatus.deleted);
    expect(await noticesOf(a.user.id)).toEqual([
      `The customer removed your bid on request #${req.id}.`,
    ]);
    expect((await deleteBid(token, req.id, a.user.id)).statusCode).toBe(404);
    expect((await deleteBid(token, req.id, cust.id)).statusCode).toBe(404);

    const last = await deleteBid(token, req.id, b.user.id);
    expect(last.json().data.request_timeline_status).toBe(0);
    expect((await history(req.id)).at(-1)).toMatchObject({
      fromStatus: 1,
      toStatus: 0,
      actorType: 'customer',
      actorId: cust.id,
    });
    expect((await companiesList(token, { request_id: req.id })).json().data).toEqual([]);
  });

  it('refuses once the request is no longer open for bids (409)', async () => {
    const zip = newZip();
    const a = await company({ zips: [zip] });
    const b = await company({ zips: [zip] });
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    await bid(a.token, req.id, 300);
    await bid(b.token, req.id, 320);
    expect((await accept(token, req.id, a.user.id, 300)).statusCode).toBe(200);
    const res = await deleteBid(token, req.id, b.user.id);
    expect(res.statusCode).toBe(409);
    expect((await bidOf(req.id, b.user.id))?.status).toBe(BidStatus.open);
  });
});

describe('PUT /api/customer/accept_request', () => {
  it('accepts a bid at its amount with the referral discount, and tells the company', async () => {
    const zip = newZip();
    const a = await company({ zips: [zip], name: 'Winner Co' });
    const b = await company({ zips: [zip], name: 'Other Co' });
    const referrer = await createUser(ctx.database);
    const { user: cust, token } = await customer();
    await db()
      .insert(referrals)
      .values({ referredId: cust.id, referrerId: referrer.id, code: referrer.inviteFriendCode! });
    const req = await requestIn(zip, cust.id);
    await bid(a.token, req.id, 612.5, 4);
    await bid(b.token, req.id, 500);

    // The amount the customer saw is no longer the bid's: refused, nothing changes.
    const stale = await accept(token, req.id, a.user.id, 600);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The bid changed: it is now $612.50. Please look at it again before accepting.',
    );

    const res = await accept(token, req.id, a.user.id, 612.5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      request_id: req.id,
      company_id: a.user.id,
      final_amount: 612.5,
      discount: REFERRAL_DISCOUNT_PERCENT,
      request_timeline_status: 2,
    });
    const row = await requestRow(req.id);
    const winning = await bidOf(req.id, a.user.id);
    expect(row).toMatchObject({
      timelineStatus: TimelineStatus.awaitingPayment,
      companyId: a.user.id,
      acceptedBidId: winning!.id,
      finalAmountCents: 61_250,
      movers: 4,
      discountPercent: REFERRAL_DISCOUNT_PERCENT,
    });
    expect(row.acceptedAt).toBeInstanceOf(Date);
    expect(winning?.status).toBe(BidStatus.accepted);
    expect((await bidOf(req.id, b.user.id))?.status).toBe(BidStatus.open);
    expect((await history(req.id)).at(-1)).toMatchObject({
      fromStatus: 1,
      toStatus: 2,
      actorType: 'customer',
      actorId: cust.id,
    });
    const [ref] = await db().select().from(referrals).where(eq(referrals.referredId, cust.id));
    expect(ref?.discountRequestId).toBe(req.id);
    expect(await noticesOf(a.user.id)).toEqual([
      `The customer accepted your bid of $612.50 on request #${req.id}.`,
    ]);
    expect((await noticesOf(cust.id)).at(-1)).toBe(
      `You accepted Winner Co's bid of $612.50 on request #${req.id}. Please pay to confirm the move.`,
    );
    // The stored discount is what the companies list shows from now on.
    expect((await companiesList(token, { request_id: req.id })).json().request).toEqual({
      id: req.id,
      request_timeline_status: 2,
      discount: REFERRAL_DISCOUNT_PERCENT,
    });
    // A second accept, of the same or another bid, finds the request taken.
    expect((await accept(token, req.id, b.user.id, 500)).statusCode).toBe(409);
    expect((await accept(token, req.id, a.user.id, 612.5)).statusCode).toBe(409);
  });

  it('lets exactly one of two racing accepts win; the other gets 409', async () => {
    const zip = newZip();
    const a = await company({ zips: [zip] });
    const b = await company({ zips: [zip] });
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    await bid(a.token, req.id, 400);
    await bid(b.token, req.id, 410);
    // Two tabs on two bids, and a double click on the first.
    const answers = await Promise.all([
      accept(token, req.id, a.user.id, 400),
      accept(token, req.id, b.user.id, 410),
      accept(token, req.id, a.user.id, 400),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((r) => r.statusCode === 409)) {
      expect(lost.json()).toEqual({
        code: 409,
        message: 'This request is no longer open for bids.',
      });
    }
    const winner = answers[1]!.statusCode === 200 ? b : a;
    const row = await requestRow(req.id);
    expect(row.companyId).toBe(winner.user.id);
    const accepted = await db()
      .select()
      .from(requestBids)
      .where(and(eq(requestBids.requestId, req.id), eq(requestBids.status, BidStatus.accepted)));
    expect(accepted).toHaveLength(1);
    expect((await history(req.id)).filter((h) => h.toStatus === 2)).toHaveLength(1);
  });

  it("answers 404 for another customer's request or a company without a bid", async () => {
    const zip = newZip();
    const a = await company({ zips: [zip] });
    const { user: cust, token } = await customer();
    const req = await requestIn(zip, cust.id);
    await bid(a.token, req.id, 400);
    const other = await customer();
    const res = await accept(other.token, req.id, a.user.id, 400);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Request not found.' });
    const stranger = await company({ zips: [zip] });
    expect((await accept(token, req.id, stranger.user.id, 400)).statusCode).toBe(404);
    expect((await requestRow(req.id)).timelineStatus).toBe(TimelineStatus.pendingAcceptance);
  });
});

describe('the OpenAPI document', () => {
  it("describes the partner calls under 'partner' and the customer's under 'bids'", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = res.json().paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string; security?: unknown[] }>
    >;
    const routes: [string, string, string][] = [
      ['/api/company/open_requests', 'post', 'partner'],
      ['/api/company/place_bid', 'post', 'partner'],
      ['/api/company/withdraw_bid', 'post', 'partner'],
      ['/api/customer/detail_of_bided_companies', 'post', 'bids'],
      ['/api/customer/delete_bid', 'post', 'bids'],
      ['/api/customer/accept_request', 'put', 'bids'],
    ];
    for (const [path, method, tag] of routes) {
      const op = paths[path]?.[method];
      expect(op?.tags, path).toEqual([tag]);
      expect(op?.summary, path).toBeTruthy();
      expect(op?.security, path).toEqual([{ session: [] }]);
    }
  });
});
