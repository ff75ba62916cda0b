import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX, TimelineStatus } from '@movehub/shared';
import { buildTestApp, createRequest, createUser, loginAs, type TestContext } from './helper';
import { lifecycle } from './lifecycle';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
const life = lifecycle(() => ctx);

const list = (token: string, request_status: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customer/get_customer_request',
    headers: { 'x-sh-auth': token },
    payload: { request_status },
  });

describe('POST /api/customer/get_customer_request', () => {
  it('gives an empty list and zero counts to a customer without requests', async () => {
    const user = await createUser(ctx.database);
    const res = await list(await loginAs(ctx.app, user.email), '0');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'Success',
      data: [],
      request_count: { active_request_count: 0, done_request_count: 0, cancle_request_count: 0 },
      next_before_id: null,
    });
  });

  it("lists one tab's requests, newest first, with every tab's count", async () => {
    const owner = await life.customer();
    const company = await life.company();
    const first = await life.send(owner);
    const second = await life.requestAt({
      status: TimelineStatus.pendingAcceptance,
      customer: owner,
      company,
    });
    await life.requestAt({ status: TimelineStatus.feedbackGiven, customer: owner, company });
    for (let i = 0; i < 2; i += 1) {
      const id = await life.send(owner);
      await life.ok('POST', '/api/customer/delete_request', owner.token, { request_id: id });
    }
    const token = owner.token;

    const active = (await list(token, '0')).json();
    expect(active.data.map((e: { request: { id: number } }) => e.request.id)).toEqual([
      second.id,
      first,
    ]);
    expect(active.request_count).toEqual({
      active_request_count: 2,
      done_request_count: 1,
      cancle_request_count: 2,
    });

    const done = (await list(token, '1')).json();
    expect(done.data).toHaveLength(1);
    expect(done.data[0].request.request_timeline_status).toBe(8);
    expect(done.data[0].status).toBe(1);

    const cancelled = (await list(token, 2)).json();
    expect(cancelled.data).toHaveLength(2);
    expect(
      cancelled.data.every(
        (e: { request: { request_status: number } }) => e.request.request_status === 2,
      ),
    ).toBe(true);
  });

  it('returns the spec fields: dates as MM-DD-YYYY, money in dollars, addresses in order', async () => {
    const user = await createUser(ctx.database);
    const created = await createRequest(ctx.database, {
      customerId: user.id,
      moveDate: '2027-01-05',
      customerBudgetCents: 123_450,
      discountPercent: 5,
      finalComment: 'Piano on the second floor',
    });
    const [entry] = (await list(await loginAs(ctx.app, user.email), '0')).json().data;
    expect(entry.request).toMatchObject({
      id: created.id,
      request_timeline_status: 0,
      request_status: 0,
      s_date: '01-05-2027',
      start_window_from: '08:00',
      start_window_to: '09:00',
      customer_budget: 1234.5,
      final_amount: null,
      discount: 5,
      final_comment: 'Piano on the second floor',
      request_type: 0,
      public_access_link: created.publicAccessLink,
    });
    expect(entry.request_address).toEqual([
      expect.objectContaining({
        complete_address: '100 S Main St, Los Angeles, CA 90012, USA',
        zip_code: '90012',
        address_type: 1,
        is_storage: false,
      }),
      expect.objectContaining({
        zip_code: '90402',
        apartment_number: '4B',
        address_type: 2,
        is_storage: true,
      }),
    ]);
    expect(entry).toMatchObject({
      request_bid: [],
      company_profile: null,
      status: 0,
      additional_status: 0,
    });
  });

  it("shows open bids and the chosen company's name, and hides deleted bids", async () => {
    const owner = await life.customer(null);
    const a = await life.company();
    const b = await life.company();
    const id = await life.send(owner);
    await life.bid(a, id, 52_000);
    await life.bid(b, id, 48_000);
    await life.ok('POST', '/api/customer/delete_bid', owner.token, {
      request_id: id,
      company_id: b.user.id,
    });
    await life.accept(owner, id, a, 52_000);
    const [entry] = (await list(owner.token, '0')).json().data;
    expect(entry.request_bid).toEqual([{ company_id: a.user.id, request_id: id, bid_amount: 520 }]);
    expect(entry.company_profile).toEqual({ name: a.name });
  });

  it("never shows another customer's requests", async () => {
    const owner = await createUser(ctx.database);
    const other = await createUser(ctx.database);
    await createRequest(ctx.database, { customerId: owner.id });
    const res = (await list(await loginAs(ctx.app, other.email), '0')).json();
    expect(res.data).toEqual([]);
    expect(res.request_count.active_request_count).toBe(0);
  });

  it('refuses an unknown tab code with 422 and a missing token with 401', async () => {
    const user = await createUser(ctx.database);
    const token = await loginAs(ctx.app, user.email);
    for (const bad of ['3', 'x', -1, null]) {
      const res = await list(token, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().message).toMatch(/request_status/);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/get_customer_request',
      payload: { request_status: '0' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/customer/get_customer_request pages', () => {
  const page = (token: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/customer/get_customer_request',
      headers: { 'x-sh-auth': token },
      payload: { request_status: '0', ...body },
    });
  const idsOf = (body: { data: { request: { id: number } }[] }) =>
    body.data.map((e) => e.request.id);

  /** A customer with `count` active requests (oldest first), another's interleaved among them. */
  async function customerWithRequests(count: number) {
    const owner = await createUser(ctx.database);
    const other = await createUser(ctx.database);
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < count; i += 1) {
      mine.push((await createRequest(ctx.database, { customerId: owner.id })).id);
      if (i % 4 === 0) {
        theirs.push((await createRequest(ctx.database, { customerId: other.id })).id);
      }
    }
    return { token: await loginAs(ctx.app, owner.email), newestFirst: mine.reverse(), theirs };
  }

  it('answers the newest 20 first, and next_before_id walks every request once to the end', async () => {
    const { token, newestFirst, theirs } = await customerWithRequests(45);

    const first = (await page(token, {})).json();
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 20));
    expect(first.next_before_id).toBe(newestFirst[19]);
    // The counts are the tab's totals whatever the page.
    expect(first.request_count.active_request_count).toBe(45);

    const seen: number[] = [];
    let beforeId: number | null = null;
    let pages = 0;
    do {
      const body: {
        code: number;
        data: { request: { id: number } }[];
        request_count: { active_request_count: number };
        next_before_id: number | null;
      } = (
        await page(token, { limit: 7, ...(beforeId === null ? {} : { before_id: beforeId }) })
      ).json();
      expect(body.code).toBe(200);
      expect(body.request_count.active_request_count).toBe(45);
      seen.push(...idsOf(body));
      beforeId = body.next_before_id;
      pages += 1;
    } while (beforeId !== null && pages < 20);
    expect(seen).toEqual(newestFirst);
    expect(pages).toBe(7);
    expect(seen.some((id) => theirs.includes(id))).toBe(false);
  });

  it('ends with next_before_id null when the tab fits one page, or is empty', async () => {
    const { token, newestFirst } = await customerWithRequests(3);
    const active = (await page(token, { limit: 3 })).json();
    expect(idsOf(active)).toEqual(newestFirst);
    expect(active.next_before_id).toBeNull();
    const cancelled = (await page(token, { request_status: '2' })).json();
    expect(cancelled.data).toEqual([]);
    expect(cancelled.next_before_id).toBeNull();
    expect(cancelled.request_count.active_request_count).toBe(3);
  });

  it("reads only the caller's requests below another customer's id, and leaks nothing of theirs", async () => {
    const { token, newestFirst, theirs } = await customerWithRequests(12);
    const foreign = theirs[1]!;
    const body = (await page(token, { before_id: foreign })).json();
    expect(idsOf(body)).toEqual(newestFirst.filter((id) => id < foreign));
    expect(idsOf(body)).not.toContain(foreign);
  });

  it(`refuses a limit above ${PAGE_LIMIT_MAX}, below 1, or a before_id that is no id, with 422`, async () => {
    const { token } = await customerWithRequests(1);
    for (const body of [
      { limit: PAGE_LIMIT_MAX + 1 },
      { limit: 0 },
      { limit: 'x' },
      { before_id: 0 },
      { before_id: 2 ** 31 },
    ]) {
      const res = await page(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, message: expect.any(String) });
    }
    const capped = (await page(token, { limit: PAGE_LIMIT_MAX + 1 })).json();
    expect(capped.message).toMatch(/limit/);
    expect((await page(token, { limit: PAGE_LIMIT_MAX })).statusCode).toBe(200);
  });
});
