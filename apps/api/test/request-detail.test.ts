import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { MSG, TimelineStatus } from '@movehub/shared';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import {
  companyProfiles,
  companyReviews,
  notifications,
  requestBids,
  requestComments,
  requestItemImages,
  requestItems,
  requests,
  requestStatusHistory,
  requestTimeline,
} from '../src/db/schema';
import {
  getCustomerRequestDetail,
  listCustomerRequests,
} from '../src/modules/requests/requests.service';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';
import { lifecycle, type Company } from './lifecycle';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
const life = lifecycle(() => ctx);

const call = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });
const detail = (token: string, request_id: unknown) =>
  call('/api/customer/customer_request_detail', token, { request_id });

async function customer(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.database, overrides);
  return { user, token: await life.tokenOf(user.id) };
}

/** A fixture company (life.company) whose profile also carries `extra`. */
async function mover(extra: Partial<typeof companyProfiles.$inferInsert> = {}): Promise<Company> {
  const made = await life.company();
  if (Object.keys(extra).length > 0) {
    await ctx.database.db
      .update(companyProfiles)
      .set(extra)
      .where(eq(companyProfiles.userId, made.user.id));
  }
  return { ...made, name: extra.name ?? made.name };
}

const withdraw = (c: Company, requestId: number) =>
  life.ok('POST', '/api/company/withdraw_bid', c.token, { request_id: requestId });

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
    const a = await mover();
    const b = await mover();
    const [moveType] = await ctx.database.db.select().from(schema.moveTypes).limit(1);
    const req = await createRequest(ctx.database, {
      customerId: owner.user.id,
      moveTypeId: moveType!.id,
      netDistanceMiles: 12.5,
      recommendAmountCents: 50_000,
      finalComment: 'Fragile piano',
    });
    await life.bid(a, req.id, 52_000);
    await life.bid(b, req.id, 48_000);
    await withdraw(b, req.id);
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
    expect(
      data.request_timeline.map((t: { activity_title: string }) => t.activity_title).slice(-2),
    ).toEqual(['Step 0', 'Step 1']);
    expect(data.request_bid).toEqual([
      { company_id: a.user.id, request_id: req.id, bid_amount: 520 },
    ]);
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
    const owner = await life.customer();
    const company = await mover({
      name: 'Swift Movers LA',
      phone: '(213) 555-0199',
      email: 'ops@swift.example',
      address: '1 Depot Rd',
      rating: 4.5,
      truckCount: 2,
      about: 'Since 1999',
    });
    const id = await life.send(owner);
    // A referred customer's first move carries its discount before acceptance (not a status).
    await ctx.database.db.update(requests).set({ discountPercent: 10 }).where(eq(requests.id, id));
    await life.ok('POST', '/api/company/place_bid', company.token, {
      request_id: id,
      bid_amount: 600,
      movers: 3,
    });
    await life.accept(owner, id, company, 60_000);
    const atTwo = (await detail(owner.token, id)).json().data;
    expect(atTwo.bid_Accepted_company).toEqual({
      company_id: company.user.id,
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

    await life.pay(owner, id);
    await life.assign(company, id);
    const atFour = (await detail(owner.token, id)).json().data;
    expect(atFour.get_foreman_of_company).toEqual({ first_name: 'Carla', last_name: 'Crew' });
    expect(atFour.truck_array).toEqual([{ name: '26 ft box truck' }]);
  });

  it('carries the feedback of the request, with status 1 and both ratings', async () => {
    const owner = await life.customer();
    const company = await mover({ name: 'Rated Movers' });
    const { id } = await life.requestAt({
      status: TimelineStatus.completed,
      customer: owner,
      company,
    });
    await life.feedback(owner, id, { rating: 4.5, tip: 35 });
    // No call rates a customer yet: the company's rating of them is data here.
    await ctx.database.db
      .update(companyReviews)
      .set({ customerRating: 5 })
      .where(eq(companyReviews.requestId, id));
    const { data } = (await detail(owner.token, id)).json();
    expect(data.get_feedback).toMatchObject({
      request_id: id,
      rating: 4.5,
      comment: 'Careful and on time.',
      company_rating: 4.5,
      company_comment: 'Careful and on time.',
      customer_rating: 5,
      tip: 35,
    });
    expect(data).toMatchObject({ status: 1, company_rating: 4.5, customer_rating: 5 });

    const list = await call('/api/customer/get_customer_request', owner.token, {
      request_status: '1',
    });
    expect(list.json().data[0]).toMatchObject({
      get_feedback: { company_rating: 4.5, company_comment: 'Careful and on time.' },
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
        // The threads read and their replies, one statement however many.
        const comments = row.result.comments.reduce((n, t) => n + 1 + t.replies.length, 0);
        return { statements: row.statements, comments };
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
      await life.bid(await mover({ name: `Many ${i}` }), r.id, 10_000);
    }
    const cancelled = await life.send(many);
    await life.ok('POST', '/api/customer/delete_request', many.token, { request_id: cancelled });
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
    const owner = await life.customer();
    const req = await life.requestAt({
      status: TimelineStatus.inProgress,
      customer: owner,
      company: await mover(),
    });
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
    const owner = await life.customer();
    const stranger = await customer();
    const done = await life.requestAt({
      status: TimelineStatus.completedByCompany,
      customer: owner,
      company: await mover(),
    });
    const cancelled = { id: await life.send(owner) };
    await life.ok('POST', '/api/customer/delete_request', owner.token, {
      request_id: cancelled.id,
    });
    const commentOf = async (id: number) =>
      (await ctx.database.db.select().from(requests).where(eq(requests.id, id)))[0]?.finalComment;
    const before = await commentOf(done.id);
    expect((await edit(owner.token, done.id, 'After')).statusCode).toBe(409);
    expect((await edit(owner.token, cancelled.id, 'After')).statusCode).toBe(409);
    expect((await edit(stranger.token, done.id, 'After')).statusCode).toBe(404);
    expect(await commentOf(done.id)).toBe(before);
    expect(await commentOf(cancelled.id)).not.toBe('After');
  });
});

describe('POST /api/customer/delete_request', () => {
  const cancel = (token: string, request_id: number) =>
    call('/api/customer/delete_request', token, { request_id });

  it('cancels the request, deletes its open bids and tells the companies that bid', async () => {
    const owner = await customer();
    const a = await mover();
    const b = await mover();
    const gone = await mover();
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    await life.bid(a, req.id, 50_000);
    await life.bid(b, req.id, 51_000);
    await life.bid(gone, req.id, 52_000);
    await withdraw(gone, req.id);
    const toldBefore = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.requestId, req.id));

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
    // The cancel's notices, after those of the bids.
    const told = (
      await ctx.database.db.select().from(notifications).where(eq(notifications.requestId, req.id))
    ).filter((n) => !toldBefore.some((t) => t.id === n.id));
    expect(told.map((n) => n.userId).sort()).toEqual([a.user.id, b.user.id, owner.user.id].sort());
    const [history] = await ctx.database.db
      .select()
      .from(requestStatusHistory)
      .where(
        and(
          eq(requestStatusHistory.requestId, req.id),
          eq(requestStatusHistory.toStatus, TimelineStatus.cancelled),
        ),
      );
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
    const owner = await life.customer(null);
    const company = await mover({ phone: '(213) 555-0142' });
    // Cancelled by its customer once the company had it.
    const { id } = await life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer: owner,
      company,
    });
    await life.ok('POST', '/api/customer/delete_request', owner.token, { request_id: id });
    const [req] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/request_detail_by_request_link',
      payload: { public_access_link: req!.publicAccessLink },
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
