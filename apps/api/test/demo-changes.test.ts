import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TimelineStatus, UserType } from '@movehub/shared';
import { DEMO_COMPANIES } from '../src/db/seed/demo';
import { catalogueItems, requestChanges, users } from '../src/db/schema';
import {
  DEMO_CHANGE_JOB,
  demoChangePriceCents,
  getsDemoChange,
  DEMO_PRICE_JOB,
  runDemoChange,
} from '../src/modules/demo/demo-changes';
import { DEMO_MOVE_JOB, runDemoMoveStep } from '../src/modules/demo/demo-simulator';
import { buildTestApp, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * The demo companies' change proposals: after payment, on some demo moves, the
 * demo company proposes the day after with one more mover for a higher price; the move day holds
 * until the customer answers, then goes on.
 */

const DELAY_MS = 200;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    IP_RATE_LIMIT_PER_MINUTE: '100000',
    DEMO_SIMULATOR_DELAY_MS: String(DELAY_MS),
    DEMO_SIMULATOR_CHANGES: 'true',
  });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const letter = () => ({ log: ctx.app.log, publicUrl: 'http://localhost' });

async function demoCompanyId() {
  const [row] = await f
    .db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_COMPANIES[0]!.email), eq(users.userType, UserType.company)));
  return row!.id;
}

/** A paid move (status 3, money in escrow) that a demo company won. */
async function demoPaidMove(opts: { wantsChange?: boolean } = {}) {
  const companyId = await demoCompanyId();
  for (;;) {
    const customer = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId,
      amountCents: 60_000,
    });
    if (opts.wantsChange === undefined || getsDemoChange(request.id) === opts.wantsChange) {
      return { customer, request, companyId };
    }
  }
}

const changesOf = (requestId: number) =>
  f.db().select().from(requestChanges).where(eq(requestChanges.requestId, requestId));

const jobsOf = async (requestId: number) => {
  const result = await ctx.database.db.execute(
    sql`select id from pgboss.job
        where name = ${DEMO_CHANGE_JOB} and (data->>'requestId')::int = ${requestId}`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
};

describe('demo change proposals', () => {
  it('proposes the day after with one more mover for 15% more, once per move', async () => {
    const { customer, request } = await demoPaidMove();
    expect(
      await runDemoChange({ db: f.db(), timeZone: 'America/Los_Angeles', requestId: request.id }),
    ).toBe('proposed');
    expect(
      await runDemoChange({ db: f.db(), timeZone: 'America/Los_Angeles', requestId: request.id }),
    ).toBe('skipped');
    const [change] = await changesOf(request.id);
    expect(change).toMatchObject({ type: 'request', status: 'pending', priceCents: 9_000 });
    const detail = await f.call('/api/customer/customer_request_detail', customer.token, {
      request_id: request.id,
    });
    expect(detail.json().data.request).toMatchObject({
      s_date: '12-15-2026',
      s_date_change: '12-16-2026',
      final_amount_change: 690,
    });
    expect(detail.json().data.bid_Accepted_company.movers_change).toBe(3);
  });

  it('prices a change at least $50', () => {
    expect(demoChangePriceCents(10_000)).toBe(5_000);
    expect(demoChangePriceCents(100_000)).toBe(15_000);
  });

  it('holds the move day while the change waits, and lets it go on once the customer pays the difference', async () => {
    const { customer, request } = await demoPaidMove();
    await runDemoChange({ db: f.db(), timeZone: 'America/Los_Angeles', requestId: request.id });
    expect(
      await runDemoMoveStep({
        db: f.db(),
        letter: letter(),
        requestId: request.id,
        step: 'assign',
      }),
    ).toBe('skipped');
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.paid);

    const accept = await f.call(
      '/api/customer/change_price_date_time_movers_confirmation',
      customer.token,
      { request_id: request.id, status: '1', price: 90 },
    );
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().data).toMatchObject({ final_amount: 690, amount_moved: 90 });
    // The answer queued the held step again.
    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBeGreaterThanOrEqual(1);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect(await f.ledgerTotal()).toBe(0);
  });

  it('is queued after payment on the moves it picks, and on no others', async () => {
    const picked = await demoPaidMove({ wantsChange: true });
    const other = await demoPaidMove({ wantsChange: false });
    await ctx.app.demoSimulator.requestPaid(picked.request.id);
    await ctx.app.demoSimulator.requestPaid(other.request.id);
    expect(await jobsOf(picked.request.id)).toHaveLength(1);
    expect(await jobsOf(other.request.id)).toEqual([]);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_CHANGE_JOB);
    expect((await changesOf(picked.request.id)).map((c) => c.status)).toEqual(['pending']);
  });

  it("skips another company's move and a move that is no longer paid", async () => {
    const company = await f.company();
    const customer = await f.customer();
    const theirs = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
    });
    expect(
      await runDemoChange({ db: f.db(), timeZone: 'America/Los_Angeles', requestId: theirs.id }),
    ).toBe('skipped');
    const { request } = await demoPaidMove();
    await f
      .db()
      .execute(sql`update requests set request_timeline_status = 6 where id = ${request.id}`);
    expect(
      await runDemoChange({ db: f.db(), timeZone: 'America/Los_Angeles', requestId: request.id }),
    ).toBe('skipped');
    expect(await changesOf(request.id)).toEqual([]);
  });
});

describe('demo pricing of the changes customers ask for', () => {
  it("prices a paid direct move's edit at the estimate's difference, holding move day until then", async () => {
    const companyId = await demoCompanyId();
    const customer = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId,
      amountCents: 60_000,
      overrides: { requestType: 1 },
    });
    const [item] = await f.db().select().from(catalogueItems).limit(1);
    const sent = await f.call('/app_api/edit_items', customer.token, {
      request_id: request.id,
      items_array: [{ _id: item!.id, name: item!.name, type: '1', size: '3', quantity: 40 }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.awaiting_price).toBe(true);
    expect(
      await runDemoMoveStep({
        db: f.db(),
        letter: letter(),
        requestId: request.id,
        step: 'assign',
      }),
    ).toBe('skipped');

    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_PRICE_JOB)).toBe(1);
    const [change] = await changesOf(request.id);
    expect(change).toMatchObject({ type: 'items', status: 'pending' });
    // Forty large pieces cost more to move, in whole dollars.
    expect(change!.priceCents).toBeGreaterThan(0);
    expect(change!.priceCents % 100).toBe(0);
  });

  it("leaves another company's change to that company", async () => {
    const company = await f.company();
    const customer = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      overrides: { requestType: 1 },
    });
    await f.call('/app_api/edit_items', customer.token, {
      request_id: request.id,
      items_array: [],
    });
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_PRICE_JOB);
    expect((await changesOf(request.id)).map((c) => c.status)).toEqual(['awaiting_price']);
  });
});
