import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { MSG, UserType } from '@movehub/shared';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import {
  companyProfiles,
  companyReviews,
  companyTrucks,
  notifications,
  requestBids,
  requestComments,
  requestItemImages,
  requestItems,
  requests,
  requestStatusHistory,
  requestTimeline,
  requestTrucks,
} from '../src/db/schema';
import {
  getCustomerRequestDetail,
  listCustomerRequests,
} from '../src/modules/requests/requests.service';
import {
  buildTestApp,
  createBid,
  createRequest,
  createUser,
  loginAs,
  type TestContext,
} from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const call = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });
const detail = (token: string, request_id: unknown) =>
  call('/api/customer/customer_request_detail', token, { request_id });

async function customer(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.database, overrides);
  return { user, token: await loginAs(ctx.app, user.email) };
}

async function company(name: string, extra: Partial<typeof companyProfiles.$inferInsert> = {}) {
  const user = await createUser(ctx.database, { userType: UserType.company });
  await ctx.database.db.insert(companyProfiles).values({ userId: user.id, name, ...extra });
  return user;
}

/** Items (regular and extra, each with photos) and comments (with replies) on a request. */
async function fill(requestId: number, senderId: number, n: number) {
  const db = ctx.database.db;
  for (let i = 0; i < n; i += 1) {
    const [item] = await db
      .insert(requestItems)
      .values({
        requestId,
        name: `Box ${i}`,
        categoryName: 'Common List',
        quantity: i + 1,
        type: i % 2 === 0 ? '1' : '2',
        unitPriceCents: 250,
        position: i,
      })
      .returning();
    await db.insert(requestItemImages).values([
      { requestItemId: item!.id, imageUrl: `/uploads/${i}-a.jpg` },
      { requestItemId: item!.id, imageUrl: `/uploads/${i}-b.jpg` },
    ]);
    const [parent] = await db
      .insert(requestComments)
      .values({ requestId, senderId, senderType: 1, comment: `Question ${i}` })
      .returning();
    await db
      .insert(requestComments)
      .values({ requestId, senderId, senderType: 1, comment: `Reply ${i}`, parentId: parent!.id });
    await db.insert(requestTimeline).values({ requestId, activityTitle: `Step ${i}` });
  }
}

describe('POST /api/customer/customer_request_detail', () => {
  it('answers 404 for an unknown request and for another customer’s', async () => {
    const owner = await customer();
    const stranger = await customer();
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    for (const [token, id] of [
      [stranger.token, req.id],
      [owner.token, 2_000_000_000],
    ] as const) {
      const res = await detail(token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Request not found.' });
    }
    expect((await detail(owner.token, 'x')).statusCode).toBe(422);
  });

  it('returns the request in spec fields: contact, move type, addresses, items, extra items, timeline, open bids', async () => {
    const owner = await customer({ phone: '+13105550123', firstName: 'Dana', lastName: 'Lee' });
    const a = await company('Swift Movers LA');
    const b = await company('Ocean Movers');
    const [moveType] = await ctx.database.db.select().from(schema.moveTypes).limit(1);
    const req = await createRequest(ctx.database, {
      customerId: owner.user.id,
      timelineStatus: 1,
      moveTypeId: moveType!.id,
      netDistanceMiles: 12.5,
      recommendAmountCents: 50_000,
      finalComment: 'Fragile piano',
    });
    await createBid(ctx.database, { requestId: req.id, companyId: a.id, bidAmountCents: 52_000 });
    await createBid(ctx.database, {
      requestId: req.id,
      companyId: b.id,
      bidAmountCents: 48_000,
      status: 2,
    });
    await fill(req.id, owner.user.id, 2);

    const res = await detail(owner.token, String(req.id));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.request).toMatchObject({
      id: req.id,
      request_timeline_status: 1,
      request_status: 0,
      move_type: moveType!.name,
      move_type_id: moveType!.id,
      net_distance: 12.5,
      recommend_amount: 500,
      customer_budget: 450,
      final_comment: 'Fragile piano',
      customer_first_name: 'Dana',
      customer_last_name: 'Lee',
      customer_email: owner.user.email,
      customer_phone_number: '+13105550123',
      s_date: '12-15-2026',
    });
    expect(data.request_address).toHaveLength(2);
    expect(data.request_address[1]).toMatchObject({
      address_type: 2,
      complete_address: '200 Ocean Ave, Santa Monica, CA 90402, USA',
      zip_code: '90402',
      apartment_number: '4B',
      is_storage: true,
      is_stairs: false,
      number_of_flights: 0,
    });
    expect(data.request_item).toEqual([
      expect.objectContaining({
        name: 'Box 0',
        type: '1',
        quantity: 1,
        value: 1,
        unit_price: 2.5,
        request_item_image_models: [
          { image_url: '/uploads/0-a.jpg' },
          { image_url: '/uploads/0-b.jpg' },
        ],
      }),
    ]);
    expect(data.extra_request_items).toEqual([
      expect.objectContaining({ name: 'Box 1', type: '2', quantity: 2 }),
    ]);
    expect(data.request_timeline.map((t: { activity_title: string }) => t.activity_title)).toEqual([
      'Step 0',
      'Step 1',
    ]);
    expect(data.request_bid).toEqual([{ company_id: a.id, request_id: req.id, bid_amount: 520 }]);
    expect(data).toMatchObject({
      bid_Accepted_company: null,
      get_foreman_of_company: null,
      truck_array: [],
      get_feedback: null,
      status: 0,
      additional_status: 0,
      delete_address_array: [],
      edit_address_array: [],
      new_address_array: [],
      change_item: [],
      change_item_extra: [],
      company_rating: null,
      customer_rating: null,
      token: null,
    });
    expect(data.comments_array).toHaveLength(2);
    expect(data.comments_array[0]).toMatchObject({
      parent_comment: { request_id: req.id, comment: 'Question 0', sender_type: 1 },
      parent_comment_profile: { name: 'Dana Lee', company_rating: null, customer_rating: 0 },
      child_comments: [{ child_comment: { comment: 'Reply 0', sender_type: 1 } }],
    });
  });

  it("shows a direct request's contact fields, not the account's", async () => {
    const owner = await customer();
    const req = await createRequest(ctx.database, {
      customerId: owner.user.id,
      requestType: 1,
      contactFirstName: 'Sam',
      contactLastName: 'Park',
      contactEmail: 'sam@example.com',
      contactPhone: '(310) 555-0100',
    });
    const { data } = (await detail(owner.token, req.id)).json();
    expect(data.request).toMatchObject({
      request_type: 1,
      customer_first_name: 'Sam',
      customer_last_name: 'Park',
      customer_email: 'sam@example.com',
      customer_phone_number: '(310) 555-0100',
    });
  });

  it('shows the company once a bid is accepted, and the foreman and trucks from status 4', async () => {
    const owner = await customer();
    const mover = await company('Swift Movers LA', {
      phone: '(213) 555-0199',
      email: 'ops@swift.example',
      address: '1 Depot Rd',
      rating: 4.5,
      truckCount: 2,
      about: 'Since 1999',
    });
    const foreman = await createUser(ctx.database, {
      userType: UserType.foreman,
      firstName: 'Fran',
      lastName: 'Ortiz',
    });
    const [truck] = await ctx.database.db
      .insert(companyTrucks)
      .values({ companyId: mover.id, name: 'Truck 7' })
      .returning();
    const req = await createRequest(ctx.database, {
      customerId: owner.user.id,
      timelineStatus: 2,
      companyId: mover.id,
      foremanId: foreman.id,
      finalAmountCents: 60_000,
      discountPercent: 10,
    });
    const [bid] = await ctx.database.db
      .insert(requestBids)
      .values({
        requestId: req.id,
        companyId: mover.id,
        bidAmountCents: 60_000,
        movers: 3,
        status: 1,
      })
      .returning();
    await ctx.database.db
      .update(requests)
      .set({ acceptedBidId: bid!.id })
      .where(eq(requests.id, req.id));
    await ctx.database.db.insert(requestTrucks).values({ requestId: req.id, truckId: truck!.id });

    const atTwo = (await detail(owner.token, req.id)).json().data;
    expect(atTwo.bid_Accepted_company).toEqual({
      company_id: mover.id,
      name: 'Swift Movers LA',
      address: '1 Depot Rd',
      company_email: 'ops@swift.example',
      company_phone: '(213) 555-0199',
      company_rating: 4.5,
      truck_count: 2,
      comapny_profile: {
        about_company: 'Since 1999',
        name: 'Swift Movers LA',
        profile_picture: null,
      },
      bid_amount: 600,
      movers: 3,
      movers_change: null,
    });
    expect(atTwo.request).toMatchObject({ final_amount: 600, discount: 10, total_discount: 60 });
    expect(atTwo.get_foreman_of_company).toBeNull();
    expect(atTwo.truck_array).toEqual([]);

    await ctx.database.db
      .update(requests)
      .set({ timelineStatus: 4 })
      .where(eq(requests.id, req.id));
    const atFour = (await detail(owner.token, req.id)).json().data;
    expect(atFour.get_foreman_of_company).toEqual({ first_name: 'Fran', last_name: 'Ortiz' });
    expect(atFour.truck_array).toEqual([{ name: 'Truck 7' }]);
  });

  it('carries the feedback of the request, with status 1 and both ratings', async () => {
    const owner = await customer();
    const mover = await company('Rated Movers');
    const req = await createRequest(ctx.database, {
      customerId: owner.user.id,
      timelineStatus: 8,
      requestStatus: 1,
      companyId: mover.id,
    });
    await ctx.database.db.insert(companyReviews).values({
      companyId: mover.id,
      customerId: owner.user.id,
      requestId: req.id,
      reviewerFirstName: 'Casey',
      reviewerLastName: 'Tester',
      companyRating: 4.5,
      companyComment: 'Careful crew',
      customerRating: 5,
      tipCents: 3_500,
    });
    const { data } = (await detail(owner.token, req.id)).json();
    expect(data.get_feedback).toMatchObject({
      request_id: req.id,
      rating: 4.5,
      comment: 'Careful crew',
      company_rating: 4.5,
      company_comment: 'Careful crew',
      customer_rating: 5,
      tip: 35,
    });
    expect(data).toMatchObject({ status: 1, company_rating: 4.5, customer_rating: 5 });

    const list = await call('/api/customer/get_customer_request', owner.token, {
      request_status: '1',
    });
    expect(list.json().data[0]).toMatchObject({
      get_feedback: { company_rating: 4.5, company_comment: 'Careful crew' },
      company_profile: { name: 'Rated Movers' },
      status: 1,
    });
  });

  it('reads a request in the same number of statements with 1 or 20 items and comments', async () => {
    const owner = await customer();
    const one = await createRequest(ctx.database, { customerId: owner.user.id });
    const twenty = await createRequest(ctx.database, { customerId: owner.user.id });
    await fill(one.id, owner.user.id, 1);
    await fill(twenty.id, owner.user.id, 20);

    await withStatementCount(async (db, count) => {
      const read = async (requestId: number) => {
        const row = await count(() =>
          getCustomerRequestDetail({ db, customerId: owner.user.id, requestId }),
        );
        return { statements: row.statements, comments: row.result.comments.length };
      };
      expect(await read(one.id)).toEqual({ statements: 1, comments: 2 });
      expect(await read(twenty.id)).toEqual({ statements: 1, comments: 40 });
    });
  });
});

describe('POST /api/customer/get_customer_request statements', () => {
  it('reads a tab and every count in one statement, with 1 or 12 requests', async () => {
    const few = await customer();
    const many = await customer();
    await createRequest(ctx.database, { customerId: few.user.id });
    for (let i = 0; i < 12; i += 1) {
      const r = await createRequest(ctx.database, { customerId: many.user.id });
      await createBid(ctx.database, {
        requestId: r.id,
        companyId: (await company(`Many ${i}`)).id,
        bidAmountCents: 10_000,
      });
    }
    await createRequest(ctx.database, {
      customerId: many.user.id,
      requestStatus: 2,
      timelineStatus: 11,
    });
    await withStatementCount(async (db, count) => {
      const small = await count(() =>
        listCustomerRequests({ db, customerId: few.user.id, requestStatus: 0 }),
      );
      const large = await count(() =>
        listCustomerRequests({ db, customerId: many.user.id, requestStatus: 0 }),
      );
      expect(small.statements).toBe(1);
      expect(large.statements).toBe(1);
      expect(large.result.rows).toHaveLength(12);
      expect(large.result.counts).toEqual({ active: 12, done: 0, cancelled: 1 });
      // An empty tab has no row to carry the counts: a second statement brings them.
      const empty = await count(() =>
        listCustomerRequests({ db, customerId: few.user.id, requestStatus: 1 }),
      );
      expect(empty.statements).toBe(2);
      expect(empty.result.counts).toEqual({ active: 1, done: 0, cancelled: 0 });
    });
  });
});

/**
 * Runs `body` with a second Drizzle handle on the test database whose logger counts every
 * statement sent, and a `count` that tells how many statements one call made.
 */
async function withStatementCount(
  body: (
    db: Db,
    count: <T>(call: () => Promise<T>) => Promise<{ statements: number; result: T }>,
  ) => Promise<void>,
) {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const conn = ctx.database.connection;
  const pool = ctx.databaseUrl ? new pg.Pool({ connectionString: ctx.databaseUrl }) : null;
  const db = (pool
    ? drizzlePg(pool, { schema, logger })
    : conn.kind === 'pglite'
      ? drizzlePglite(conn.client, { schema, logger })
      : null) as unknown as Db;
  try {
    await body(db, async (call) => {
      statements = 0;
      const result = await call();
      return { statements, result };
    });
  } finally {
    await pool?.end();
  }
}

describe('POST /api/customer/edit_final_comment', () => {
  const edit = (token: string, request_id: number, final_comment: string) =>
    call('/api/customer/edit_final_comment', token, { request_id, final_comment });

  it("updates the client comment with the spec's message", async () => {
    const owner = await customer();
    const req = await createRequest(ctx.database, { customerId: owner.user.id, timelineStatus: 5 });
    const res = await edit(owner.token, req.id, 'Use the side door');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'Client comment updated successfully.',
      data: { request_id: req.id, final_comment: 'Use the side door' },
    });
    expect(MSG.clientCommentUpdated).toBe('Client comment updated successfully.');
    const { data } = (await detail(owner.token, req.id)).json();
    expect(data.request.final_comment).toBe('Use the side door');
  });

  it('refuses from status 6 and on a cancelled request with 409, and another’s with 404', async () => {
    const owner = await customer();
    const stranger = await customer();
    const done = await createRequest(ctx.database, {
      customerId: owner.user.id,
      timelineStatus: 6,
      finalComment: 'Before',
    });
    const cancelled = await createRequest(ctx.database, {
      customerId: owner.user.id,
      timelineStatus: 11,
      requestStatus: 2,
    });
    expect((await edit(owner.token, done.id, 'After')).statusCode).toBe(409);
    expect((await edit(owner.token, cancelled.id, 'After')).statusCode).toBe(409);
    expect((await edit(stranger.token, done.id, 'After')).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, done.id));
    expect(row?.finalComment).toBe('Before');
  });
});

describe('POST /api/customer/delete_request', () => {
  const cancel = (token: string, request_id: number) =>
    call('/api/customer/delete_request', token, { request_id });

  it('cancels the request, deletes its open bids and tells the companies that bid', async () => {
    const owner = await customer();
    const a = await company('Bidder A');
    const b = await company('Bidder B');
    const gone = await company('Withdrawn C');
    const req = await createRequest(ctx.database, { customerId: owner.user.id, timelineStatus: 1 });
    await createBid(ctx.database, { requestId: req.id, companyId: a.id, bidAmountCents: 50_000 });
    await createBid(ctx.database, { requestId: req.id, companyId: b.id, bidAmountCents: 51_000 });
    await createBid(ctx.database, {
      requestId: req.id,
      companyId: gone.id,
      bidAmountCents: 52_000,
      status: 2,
    });

    const res = await cancel(owner.token, req.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      request_id: req.id,
      request_status: 2,
      request_timeline_status: 11,
      refund_amount: 0,
      kept_amount: 0,
    });
    const bids = await ctx.database.db
      .select()
      .from(requestBids)
      .where(eq(requestBids.requestId, req.id));
    expect(bids.map((x) => x.status)).toEqual([2, 2, 2]);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.requestId, req.id));
    expect(told.map((n) => n.userId).sort()).toEqual([a.id, b.id, owner.user.id].sort());
    const [history] = await ctx.database.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestId, req.id));
    expect(history).toMatchObject({ fromStatus: 1, toStatus: 11, actorType: 'customer' });

    const tab = await call('/api/customer/get_customer_request', owner.token, {
      request_status: '2',
    });
    expect(tab.json().data.map((e: { request: { id: number } }) => e.request.id)).toContain(req.id);
    // Once cancelled, a second cancel is a conflict.
    expect((await cancel(owner.token, req.id)).statusCode).toBe(409);
  });

  it('refuses a direct request with 409 and leaves it active', async () => {
    const owner = await customer();
    const direct = await createRequest(ctx.database, {
      customerId: owner.user.id,
      requestType: 1,
    });
    const res = await cancel(owner.token, direct.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      message: 'This request can no longer be cancelled.',
    });
    const rows = await ctx.database.db
      .select({ s: requests.requestStatus })
      .from(requests)
      .where(and(eq(requests.customerId, owner.user.id)));
    expect(rows.every((r) => r.s === 0)).toBe(true);
  });

  it("answers 404 for another customer's request and leaves it active", async () => {
    const owner = await customer();
    const stranger = await customer();
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    expect((await cancel(stranger.token, req.id)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, req.id));
    expect(row?.requestStatus).toBe(0);
  });
});

describe('POST /app_api/request_detail_by_request_link for a cancelled request', () => {
  it("gives request_status 2 and the company's phone for the cancelled notice", async () => {
    const owner = await customer();
    const mover = await company('Direct Movers', { phone: '(213) 555-0142' });
    const req = await createRequest(ctx.database, {
      customerId: owner.user.id,
      requestType: 1,
      companyId: mover.id,
      timelineStatus: 11,
      requestStatus: 2,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/request_detail_by_request_link',
      payload: { public_access_link: req.publicAccessLink },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.request.request.request_status).toBe(2);
    expect(body.request.company_phone).toBe('(213) 555-0142');
    expect(MSG.cancelledPublic(body.request.company_phone)).toBe(
      'This Request has been canceled. Please contact the company at (213) 555-0142 for more information.',
    );
  });
});
