import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TimelineStatus, UserType } from '@movehub/shared';
import {
  companyForemen,
  companyTrucks,
  requestStatusHistory,
  requestTimeline,
  requestTrucks,
  requests,
  users,
} from '../src/db/schema';
import { DEMO_COMPANIES } from '../src/db/seed/demo';
import { DEMO_DRIVE_JOB } from '../src/modules/demo/demo-drive';
import {
  DEMO_MOVE_JOB,
  nextDemoMoveStep,
  runDemoMoveStep,
} from '../src/modules/demo/demo-simulator';
import { MOVE_TEXT } from '../src/modules/moves/moves.service';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import { buildPeerApp, buildTestApp, createRequest, createUser, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * Move day through the partner API: assign_move (3 → 4), start_move (4 → 5),
 * complete_move (5 → 6), who may make each, and the demo simulator playing them.
 */

/** Short enough that a test never waits long; the default is 10 s. */
const DELAY_MS = 200;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    IP_RATE_LIMIT_PER_MINUTE: '100000',
    DEMO_SIMULATOR_DELAY_MS: String(DELAY_MS),
  });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const assign = (token: string, body: object) => f.call('/api/company/assign_move', token, body);
const start = (token: string, request_id: number) =>
  f.call('/api/foreman/start_move', token, { request_id });
const complete = (token: string, request_id: number) =>
  f.call('/api/company/complete_move', token, { request_id });

const history = (id: number) =>
  f
    .db()
    .select()
    .from(requestStatusHistory)
    .where(eq(requestStatusHistory.requestId, id))
    .orderBy(asc(requestStatusHistory.id));

/** A company, its customer and a request it won, paid (status 3) unless told otherwise. */
async function scene(status: TimelineStatus = TimelineStatus.paid) {
  const company = await f.company();
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    status,
  });
  return { company, customer, request };
}

describe('assign_move', () => {
  it('assigns a foreman and trucks of the company to its paid request: 3 → 4, customer and foreman told', async () => {
    const { company, customer, request } = await scene();
    const [foreman] = company.foremen;
    const res = await assign(company.token, {
      request_id: request.id,
      foreman_id: foreman!.user.id,
      truck_ids: [company.trucks[1]!.id, company.trucks[0]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      request_id: request.id,
      request_timeline_status: TimelineStatus.truckAssigned,
      request_status: 0,
      get_foreman_of_company: { id: foreman!.user.id, first_name: 'Carla', last_name: 'Crew' },
      truck_array: [
        { id: company.trucks[0]!.id, name: '26 ft box truck' },
        { id: company.trucks[1]!.id, name: 'Cargo van' },
      ],
    });
    const row = await f.requestRow(request.id);
    expect(row.timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect(row.foremanId).toBe(foreman!.user.id);
    const trucks = await f
      .db()
      .select()
      .from(requestTrucks)
      .where(eq(requestTrucks.requestId, request.id));
    expect(trucks.map((t) => t.truckId).sort()).toEqual(
      [company.trucks[0]!.id, company.trucks[1]!.id].sort(),
    );
    expect((await history(request.id)).map((h) => [h.fromStatus, h.toStatus, h.actorType])).toEqual(
      [[TimelineStatus.paid, TimelineStatus.truckAssigned, 'company']],
    );
    const timeline = await f
      .db()
      .select()
      .from(requestTimeline)
      .where(eq(requestTimeline.requestId, request.id));
    expect(timeline.map((t) => t.activityTitle)).toContain('Truck assigned and ready to move');
    const [notice] = await f.noticesOf(customer.user.id, request.id);
    expect(notice).toContain('Carla Crew');
    expect(notice).toContain('26 ft box truck, Cargo van');
    expect(await f.noticesOf(foreman!.user.id, request.id)).toHaveLength(1);
  });

  it('answers 404 for a request that is not the company’s, or none', async () => {
    const { company, request } = await scene();
    const other = await f.company();
    const body = {
      request_id: request.id,
      foreman_id: other.foremen[0]!.user.id,
      truck_ids: [other.trucks[0]!.id],
    };
    const res = await assign(other.token, body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: REQUEST_NOT_FOUND });
    expect((await assign(company.token, { ...body, request_id: 2_000_000_000 })).statusCode).toBe(
      404,
    );
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.paid);
  });

  it('refuses a foreman or a truck that is not the company’s (422), and changes nothing', async () => {
    const { company, request } = await scene();
    const other = await f.company();
    const foremanId = company.foremen[0]!.user.id;
    const cases = [
      { foreman_id: other.foremen[0]!.user.id, truck_ids: [company.trucks[0]!.id] },
      { foreman_id: company.user.id, truck_ids: [company.trucks[0]!.id] },
      { foreman_id: foremanId, truck_ids: [other.trucks[0]!.id] },
      { foreman_id: foremanId, truck_ids: [company.trucks[0]!.id, other.trucks[0]!.id] },
      // Inactive.
      { foreman_id: foremanId, truck_ids: [company.trucks[2]!.id] },
    ];
    for (const body of cases) {
      const res = await assign(company.token, { request_id: request.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const bad = await assign(company.token, {
      request_id: request.id,
      foreman_id: foremanId,
      truck_ids: [company.trucks[0]!.id, company.trucks[0]!.id],
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (
        await assign(company.token, {
          request_id: request.id,
          foreman_id: foremanId,
          truck_ids: [],
        })
      ).statusCode,
    ).toBe(422);
    const row = await f.requestRow(request.id);
    expect(row.timelineStatus).toBe(TimelineStatus.paid);
    expect(row.foremanId).toBeNull();
    expect(
      await f.db().select().from(requestTrucks).where(eq(requestTrucks.requestId, request.id)),
    ).toEqual([]);
  });

  it('refuses a request that is not paid yet (422) or already assigned (409)', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const body = (id: number) => ({
      request_id: id,
      foreman_id: company.foremen[0]!.user.id,
      truck_ids: [company.trucks[0]!.id],
    });
    const unpaid = await createRequest(ctx.database, {
      customerId: customer.user.id,
      companyId: company.user.id,
      timelineStatus: TimelineStatus.awaitingPayment,
    });
    const res = await assign(company.token, body(unpaid.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Awaiting Payment/);
    const paid = await f.paidRequest({ customerId: customer.user.id, companyId: company.user.id });
    expect((await assign(company.token, body(paid.id))).statusCode).toBe(200);
    expect((await assign(company.token, body(paid.id))).statusCode).toBe(409);
    expect(await history(paid.id)).toHaveLength(1);
  });

  it('assigns a direct request only once its confirmation letter is signed', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const direct = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      overrides: { requestType: 1 },
    });
    const body = {
      request_id: direct.id,
      foreman_id: company.foremen[0]!.user.id,
      truck_ids: [company.trucks[0]!.id],
    };
    const unsigned = await assign(company.token, body);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toBe(MOVE_TEXT.letterNotSigned);
    await f.db().update(requests).set({ additionalStatus: 1 }).where(eq(requests.id, direct.id));
    expect((await assign(company.token, body)).statusCode).toBe(200);
  });

  it('is the company’s call: a foreman or a customer gets 403', async () => {
    const { company, customer, request } = await scene();
    const body = {
      request_id: request.id,
      foreman_id: company.foremen[0]!.user.id,
      truck_ids: [company.trucks[0]!.id],
    };
    expect((await assign(company.foremen[0]!.token, body)).statusCode).toBe(403);
    expect((await assign(customer.token, body)).statusCode).toBe(403);
  });
});

describe('start_move and complete_move', () => {
  async function assigned() {
    const s = await scene();
    const res = await assign(s.company.token, {
      request_id: s.request.id,
      foreman_id: s.company.foremen[0]!.user.id,
      truck_ids: [s.company.trucks[0]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    return s;
  }

  it('lets the assigned foreman start the move (4 → 5) and the company complete it (5 → 6)', async () => {
    const { company, customer, request } = await assigned();
    const started = await start(company.foremen[0]!.token, request.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toEqual({
      request_id: request.id,
      request_timeline_status: TimelineStatus.inProgress,
      request_status: 0,
    });
    const done = await complete(company.token, request.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.request_timeline_status).toBe(TimelineStatus.completedByCompany);
    expect((await history(request.id)).map((h) => [h.toStatus, h.actorType])).toEqual([
      [TimelineStatus.truckAssigned, 'company'],
      [TimelineStatus.inProgress, 'foreman'],
      [TimelineStatus.completedByCompany, 'company'],
    ]);
    const notices = await f.noticesOf(customer.user.id, request.id);
    expect(notices).toHaveLength(3);
    expect(notices[1]).toBe(MOVE_TEXT.started(company.name, request.id));
    expect(notices[2]).toBe(MOVE_TEXT.completed(company.name, request.id));
  });

  it('lets the company start and the assigned foreman complete', async () => {
    const { company, request } = await assigned();
    expect((await start(company.token, request.id)).statusCode).toBe(200);
    expect((await complete(company.foremen[0]!.token, request.id)).statusCode).toBe(200);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.completedByCompany);
  });

  it('answers 404 to another foreman (of the company or another) and another company', async () => {
    const { company, request } = await assigned();
    const other = await f.company();
    for (const token of [company.foremen[1]!.token, other.foremen[0]!.token, other.token]) {
      expect((await start(token, request.id)).statusCode).toBe(404);
      expect((await complete(token, request.id)).statusCode).toBe(404);
    }
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
  });

  it('refuses steps out of order (422), repeats (409) and customers (403)', async () => {
    const { company, customer, request } = await assigned();
    expect((await complete(company.token, request.id)).statusCode).toBe(422);
    expect((await start(customer.token, request.id)).statusCode).toBe(403);
    expect((await complete(customer.token, request.id)).statusCode).toBe(403);
    expect((await start(company.token, request.id)).statusCode).toBe(200);
    const again = await start(company.token, request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Move in progress/);
    expect((await complete(company.token, request.id)).statusCode).toBe(200);
    expect((await complete(company.token, request.id)).statusCode).toBe(409);
    // A paid request not yet assigned cannot start.
    const { company: c2, request: r2 } = await scene();
    expect((await start(c2.token, r2.id)).statusCode).toBe(422);
  });

  it('starts a move once when the foreman and the company race', async () => {
    const { company, request } = await assigned();
    const answers = await Promise.all([
      start(company.token, request.id),
      start(company.foremen[0]!.token, request.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await history(request.id)).toHaveLength(2);
  });
});

describe('the demo simulator on move day', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function demoCompany(index = 0) {
    const [row] = await f
      .db()
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.email, DEMO_COMPANIES[index]!.email), eq(users.userType, UserType.company)),
      );
    return row!.id;
  }

  /** A request won by a demo company, put at status 3 directly (the payment is not ours). */
  async function demoPaidRequest(
    overrides: Omit<Partial<typeof requests.$inferInsert>, 'customerId'> = {},
  ) {
    const customer = await createUser(ctx.database);
    return createRequest(ctx.database, {
      customerId: customer.id,
      companyId: await demoCompany(),
      finalAmountCents: 60_000,
      timelineStatus: TimelineStatus.paid,
      ...overrides,
    });
  }

  const jobsOf = async (requestId: number) => {
    const result = await ctx.database.db.execute(
      sql`select data, start_after as "startAfter" from pgboss.job
          where name = ${DEMO_MOVE_JOB} and (data->>'requestId')::int = ${requestId}`,
    );
    return (result as unknown as { rows: { data: { step: string }; startAfter: string }[] }).rows;
  };

  it('plays assign, start and complete, each a job within the delay after the one before', async () => {
    const request = await demoPaidRequest();
    const before = Date.now();
    await ctx.app.demoSimulator.requestPaid(request.id);
    const [queued] = await jobsOf(request.id);
    expect(queued!.data.step).toBe('assign');
    expect(new Date(queued!.startAfter).getTime() - before).toBeLessThanOrEqual(DELAY_MS + 50);

    const statuses = [];
    for (let i = 0; i < 3; i++) {
      await sleep(DELAY_MS);
      expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBeGreaterThanOrEqual(1);
      statuses.push((await f.requestRow(request.id)).timelineStatus);
      // Started: the foreman drives (these addresses have no position: straight to arrival),
      // and the company completes the move once the truck is there.
      if (i === 1) expect(await ctx.app.jobs.runDue(DEMO_DRIVE_JOB)).toBe(1);
    }
    expect(statuses).toEqual([
      TimelineStatus.truckAssigned,
      TimelineStatus.inProgress,
      TimelineStatus.completedByCompany,
    ]);
    const row = await f.requestRow(request.id);
    const [foreman] = await f
      .db()
      .select()
      .from(companyForemen)
      .where(eq(companyForemen.userId, row.foremanId!));
    expect(foreman!.companyId).toBe(row.companyId);
    const trucks = await f
      .db()
      .select({ companyId: companyTrucks.companyId })
      .from(requestTrucks)
      .innerJoin(companyTrucks, eq(companyTrucks.id, requestTrucks.truckId))
      .where(eq(requestTrucks.requestId, request.id));
    expect(trucks).toHaveLength(1);
    expect(trucks[0]!.companyId).toBe(row.companyId);
    expect((await history(request.id)).map((h) => h.actorType)).toEqual([
      'company',
      'foreman',
      'company',
    ]);
    // Nothing more: the customer confirms.
    expect(await nextDemoMoveStep(f.db(), request.id)).toBeNull();
    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(0);
    expect(await f.noticesOf(row.customerId!, request.id)).toHaveLength(3);
  });

  it('is idempotent: a replayed step or hook changes nothing, a request moved on is skipped', async () => {
    const letter = { log: ctx.app.log, publicUrl: ctx.app.config.publicUrl };
    const request = await demoPaidRequest();
    await ctx.app.demoSimulator.requestPaid(request.id);
    await ctx.app.demoSimulator.requestPaid(request.id);
    expect(await jobsOf(request.id)).toHaveLength(1);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect(
      await runDemoMoveStep({ db: f.db(), letter, requestId: request.id, step: 'assign' }),
    ).toBe('skipped');
    expect(
      await runDemoMoveStep({ db: f.db(), letter, requestId: request.id, step: 'complete' }),
    ).toBe('skipped');
    // Cancelled before the start job ran.
    await f
      .db()
      .update(requests)
      .set({ timelineStatus: TimelineStatus.cancelled, requestStatus: 2 })
      .where(eq(requests.id, request.id));
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.cancelled);
    expect(await history(request.id)).toHaveLength(1);
  });

  it('leaves other companies’ requests, unpaid ones and unsigned direct ones alone', async () => {
    const company = await f.company();
    const customer = await createUser(ctx.database);
    const notDemo = await createRequest(ctx.database, {
      customerId: customer.id,
      companyId: company.user.id,
      timelineStatus: TimelineStatus.paid,
    });
    const unpaid = await demoPaidRequest({ timelineStatus: TimelineStatus.awaitingPayment });
    const direct = await demoPaidRequest({ requestType: 1 });
    for (const r of [notDemo, unpaid, direct]) {
      await ctx.app.demoSimulator.requestPaid(r.id);
      expect(await jobsOf(r.id)).toEqual([]);
    }
    // Once the letter is signed, the direct request's move day begins.
    await f.db().update(requests).set({ additionalStatus: 1 }).where(eq(requests.id, direct.id));
    await ctx.app.demoSimulator.letterSigned(direct.id);
    expect((await jobsOf(direct.id)).map((j) => j.data.step)).toEqual(['assign']);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(direct.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    const rows = await f
      .db()
      .select()
      .from(requests)
      .where(inArray(requests.id, [notDemo.id, unpaid.id]));
    expect(rows.map((r) => r.timelineStatus).sort()).toEqual([
      TimelineStatus.awaitingPayment,
      TimelineStatus.paid,
    ]);
  });

  it('does nothing with DEMO_SIMULATOR=0', async () => {
    const off = await buildPeerApp(ctx, { DEMO_SIMULATOR: '0' });
    try {
      const request = await demoPaidRequest();
      await off.app.demoSimulator.requestPaid(request.id);
      expect(await jobsOf(request.id)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
