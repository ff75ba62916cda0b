import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { TimelineStatus } from '@movehub/shared';
import {
  companyForemen,
  companyTrucks,
  requestAddresses,
  trackingLatest,
  trackingPoints,
  users,
} from '../src/db/schema';
import { DEMO_COMPANIES } from '../src/db/seed/demo';
import { eventsOf } from '../src/platform/events/dispatcher';
import {
  DEMO_DRIVE_JOB,
  drivePlan,
  pointsAlong,
  runDemoDrive,
} from '../src/modules/demo/demo-drive';
import { DEMO_MOVE_JOB } from '../src/modules/demo/demo-simulator';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import { TRACKING_MAX_POINTS, TRACKING_TEXT } from '../src/modules/tracking/tracking.service';
import { buildPeerApp, buildTestApp, type TestContext } from './helper';
import { connected, heardWithin, next, openSocket, type TestSocket } from './socket-client';
import { lifecycle, serviceDay, type Status } from './lifecycle';
import { moveFixtures } from './moves-helpers';
import { countsStatements, showStatements, statementsOf } from './statements';

/*
 * Live truck tracking: the assigned foreman posts the truck's position
 * during the move (status 5), the customer reads the points back and receives each one live,
 * then reads them as the route travelled once the move is complete (issue 31); nobody else, and
 * never before the move or once it is cancelled.
 */

/** The demo simulator's delay here: a journey of two points, a second apart. */
const DELAY_MS = 200;

let ctx: TestContext;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await buildTestApp({
    IP_RATE_LIMIT_PER_MINUTE: '100000',
    DEMO_SIMULATOR_DELAY_MS: String(DELAY_MS),
  });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

const f = moveFixtures(() => ctx);
const post = (token: string | undefined, body: object) =>
  f.call('/api/foreman/post_location', token, body);
const track = (token: string | undefined, body: object) =>
  f.call('/app_api/get_tracking', token, body);

/**
 * A company's request with its first foreman assigned, at `status` (in progress by default);
 * cancelled by its customer once in progress.
 */
async function scene(status: Status | typeof TimelineStatus.cancelled = TimelineStatus.inProgress) {
  const company = await f.company();
  const customer = await f.customer();
  const foreman = company.foremen[0]!;
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    status: status === TimelineStatus.cancelled ? TimelineStatus.inProgress : status,
    foremanId: foreman.user.id,
  });
  if (status === TimelineStatus.cancelled) await cancel(customer.token, request.id);
  return { company, customer, foreman, request };
}

/** The customer cancels the request (delete_request). */
async function cancel(token: string, requestId: number) {
  const res = await f.call('/api/customer/delete_request', token, { request_id: requestId });
  expect(res.statusCode, res.body).toBe(200);
}

const pointsOf = (requestId: number) =>
  f
    .db()
    .select()
    .from(trackingPoints)
    .where(eq(trackingPoints.requestId, requestId))
    .orderBy(asc(trackingPoints.id));

/**
 * Moves the request's stored points back in time, as if `seconds` had passed since: the points
 * and the move's latest point, which a post checks.
 */
const age = (requestId: number, seconds: number) =>
  f.db().execute(
    sql`with points as (
          update tracking_points set created_at = created_at - make_interval(secs => ${seconds})
          where request_id = ${requestId})
        update tracking_latest set created_at = created_at - make_interval(secs => ${seconds})
        where request_id = ${requestId}`,
  );

/** The move's latest point and count as post_location keeps them (tracking_latest). */
const latestOf = async (requestId: number) =>
  (await f.db().select().from(trackingLatest).where(eq(trackingLatest.requestId, requestId)))[0];

/**
 * `count` points of the move, a second apart up to two seconds ago, written as the posts would
 * have left them: the points and the move's latest point with their count.
 */
async function filled(requestId: number, foremanId: number, count: number) {
  await f.db().execute(
    sql`with points as (
          insert into tracking_points (request_id, posted_by, latitude, longitude, created_at)
          select ${requestId}, ${foremanId}, 34, -118, now() - make_interval(secs => ${count} + 2 - g)
          from generate_series(1, ${count}) g)
        insert into tracking_latest (request_id, latitude, longitude, created_at, points)
        values (${requestId}, 34, -118, now() - make_interval(secs => 2), ${count})`,
  );
}

const DOWNTOWN = { latitude: 34.0522, longitude: -118.2437 };

/** A connected socket.io client of a user, as the web app connects, and the tracking events it hears. */
async function listen(user: { roomId: string; userType: number }, token: string) {
  const socket = openSocket(baseUrl, { token, roomId: user.roomId, type: user.userType });
  sockets.push(socket);
  const heard: unknown[] = [];
  socket.on('tracking', (event) => heard.push(event));
  await connected(socket);
  return { socket, heard };
}

describe('post_location', () => {
  it('answers 401 without a live token, before looking at the body', async () => {
    for (const body of [{ request_id: 1, ...DOWNTOWN }, { latitude: 'x' }, {}]) {
      for (const token of [undefined, 'not-a-token']) {
        const res = await post(token, body);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toEqual({ code: 401, message: expect.any(String) });
      }
    }
  });

  it('is for foremen only: a customer or a company is refused (403)', async () => {
    const { company, customer, request } = await scene();
    for (const token of [customer.token, company.token]) {
      const res = await post(token, { request_id: request.id, ...DOWNTOWN });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await pointsOf(request.id)).toEqual([]);
  });

  it("is the assigned foreman's only: another foreman reads not found", async () => {
    const { company, request } = await scene();
    const other = await f.company();
    for (const token of [company.foremen[1]!.token, other.foremen[0]!.token]) {
      const res = await post(token, { request_id: request.id, ...DOWNTOWN });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(REQUEST_NOT_FOUND);
    }
    const unknown = await post(company.foremen[0]!.token, { request_id: 99_999_999, ...DOWNTOWN });
    expect(unknown.statusCode).toBe(404);
    expect(await pointsOf(request.id)).toEqual([]);
  });

  it('is refused before the move starts (422) and after it ends (409)', async () => {
    const cases: [TimelineStatus, number, string][] = [
      [
        TimelineStatus.truckAssigned,
        422,
        TRACKING_TEXT.notStarted('Truck assigned and ready to move'),
      ],
      [
        TimelineStatus.completedByCompany,
        409,
        TRACKING_TEXT.ended('Completed, waiting for confirmation'),
      ],
      [TimelineStatus.completed, 409, TRACKING_TEXT.ended('Completed')],
      [TimelineStatus.cancelled, 409, TRACKING_TEXT.ended('Request Cancelled')],
    ];
    for (const [status, code, message] of cases) {
      const { foreman, request } = await scene(status);
      const res = await post(foreman.token, { request_id: request.id, ...DOWNTOWN });
      expect(res.statusCode, `status ${status}: ${res.body}`).toBe(code);
      expect(res.json()).toEqual({ code, message });
      expect(await pointsOf(request.id)).toEqual([]);
    }
  });

  it('answers bad coordinates and ids with the 422 envelope, never a 500', async () => {
    const { foreman, request } = await scene();
    const id = request.id;
    const bad: [object, string][] = [
      [{ request_id: id, latitude: 90.0001, longitude: 0 }, 'latitude'],
      [{ request_id: id, latitude: -91, longitude: 0 }, 'latitude'],
      [{ request_id: id, latitude: 0, longitude: 180.5 }, 'longitude'],
      [{ request_id: id, latitude: 0, longitude: -181 }, 'longitude'],
      [{ request_id: id, latitude: 'north', longitude: 0 }, 'latitude'],
      [{ request_id: id, latitude: null, longitude: 0 }, 'latitude'],
      [{ request_id: id, latitude: '', longitude: 0 }, 'latitude'],
      [{ request_id: id, longitude: 0 }, 'latitude'],
      [{ request_id: id, latitude: 0 }, 'longitude'],
      [{ request_id: id, latitude: {}, longitude: [] }, 'latitude'],
      [{ request_id: id, latitude: 'NaN', longitude: 'Infinity' }, 'latitude'],
      [{ request_id: 'abc', ...DOWNTOWN }, 'request_id'],
      [{ request_id: -1, ...DOWNTOWN }, 'request_id'],
      [{ ...DOWNTOWN }, 'request_id'],
    ];
    for (const [body, field] of bad) {
      const res = await post(foreman.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const json = res.json();
      expect(json.code).toBe(422);
      expect(json.message).toEqual(expect.any(String));
      expect(JSON.stringify(json.errors ?? json.message)).toContain(field);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/foreman/post_location',
      headers: { 'x-sh-auth': foreman.token, 'content-type': 'application/json' },
      payload: '{"request_id":',
    });
    expect(notJson.statusCode).toBeLessThan(500);
    expect(await pointsOf(request.id)).toEqual([]);
  });

  it('stores the point of the assigned foreman and sends it to the customer’s sockets only', async () => {
    const { company, customer, foreman, request } = await scene();
    const stranger = await f.customer();
    const mine = await listen(customer.user, customer.token);
    const others = [
      await listen(stranger.user, stranger.token),
      await listen(company.user, company.token),
      await listen(foreman.user, foreman.token),
    ];
    const live = next(mine.socket, 'tracking');
    const res = await post(foreman.token, {
      request_id: request.id,
      latitude: '34.0522',
      longitude: -118.2437,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(TRACKING_TEXT.stored);
    expect(body.data).toEqual({
      request_id: request.id,
      ...DOWNTOWN,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const rows = await pointsOf(request.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...DOWNTOWN, postedBy: foreman.user.id });
    expect(rows[0]!.createdAt.toISOString()).toBe(body.data.created_at);
    expect(await live).toEqual(body.data);
    for (const other of others)
      expect(await heardWithin(other.socket, 'tracking', 300)).toBe(false);
    expect(others.flatMap((o) => o.heard)).toEqual([]);
    expect(mine.heard).toEqual([body.data]);
  });

  it('keeps one point a second: a post inside it answers the stored point, stores and sends nothing', async () => {
    const { customer, foreman, request } = await scene();
    const mine = await listen(customer.user, customer.token);
    const first = await post(foreman.token, { request_id: request.id, ...DOWNTOWN });
    expect(first.statusCode).toBe(200);
    await expect.poll(() => mine.heard.length).toBe(1);
    const again = await post(foreman.token, {
      request_id: request.id,
      latitude: 34.06,
      longitude: -118.25,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      code: 200,
      message: TRACKING_TEXT.kept,
      data: first.json().data,
    });
    expect(await pointsOf(request.id)).toHaveLength(1);
    expect(await heardWithin(mine.socket, 'tracking', 300)).toBe(false);

    // A second later the next point is stored.
    await age(request.id, 1.5);
    const later = await post(foreman.token, {
      request_id: request.id,
      latitude: 34.06,
      longitude: -118.25,
    });
    expect(later.json().message).toBe(TRACKING_TEXT.stored);
    expect((await pointsOf(request.id)).map((p) => p.latitude)).toEqual([34.0522, 34.06]);
    await expect.poll(() => mine.heard.length).toBe(2);
    expect(mine.heard[1]).toEqual(later.json().data);
    // Each stored point is sent once, by the statement that stores it: no outbox event per point.
    expect(mine.heard).toEqual([first.json().data, later.json().data]);
    const events = (await eventsOf(f.db(), request.id)).filter((e) =>
      e.type.startsWith('tracking'),
    );
    expect(events).toEqual([]);
  });

  it('stores concurrent posts of one move one at a time, within the one-a-second rule', async () => {
    const { foreman, request } = await scene();
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        post(foreman.token, { request_id: request.id, latitude: 34 + i / 100, longitude: -118 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await pointsOf(request.id);
    expect(rows).toHaveLength(1);
    // One answer stored it; the others answer that point, which stands.
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.message === TRACKING_TEXT.stored)).toHaveLength(1);
    for (const body of bodies) {
      expect(body.data).toEqual({
        request_id: request.id,
        latitude: rows[0]!.latitude,
        longitude: -118,
        created_at: rows[0]!.createdAt.toISOString(),
      });
    }
    expect(await latestOf(request.id)).toMatchObject({ points: 1, latitude: rows[0]!.latitude });
  });

  it('keeps the move’s latest point and its count with each stored point, not with a kept one', async () => {
    const { foreman, request } = await scene();
    expect(await latestOf(request.id)).toBeUndefined();
    const first = await post(foreman.token, { request_id: request.id, ...DOWNTOWN });
    expect(first.json().message).toBe(TRACKING_TEXT.stored);
    const kept = await post(foreman.token, { request_id: request.id, latitude: 1, longitude: 1 });
    expect(kept.json().message).toBe(TRACKING_TEXT.kept);
    await age(request.id, 1.5);
    const second = await post(foreman.token, {
      request_id: request.id,
      latitude: 34.06,
      longitude: -118.25,
    });
    expect(second.json().message).toBe(TRACKING_TEXT.stored);
    const rows = await pointsOf(request.id);
    expect(rows.map((p) => p.latitude)).toEqual([DOWNTOWN.latitude, 34.06]);
    const latest = await latestOf(request.id);
    expect(latest).toEqual({
      requestId: request.id,
      latitude: 34.06,
      longitude: -118.25,
      createdAt: rows[1]!.createdAt,
      points: 2,
    });
    expect(latest!.createdAt.toISOString()).toBe(second.json().data.created_at);
  });

  it('stores a point or refuses it when the move is marked complete at the same moment, never after it', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { company, foreman, request } = await scene();
      const [posted, done] = await Promise.all([
        post(foreman.token, { request_id: request.id, ...DOWNTOWN }),
        f.call('/api/company/complete_move', company.token, { request_id: request.id }),
      ]);
      expect(done.statusCode, done.body).toBe(200);
      const rows = await pointsOf(request.id);
      if (posted.statusCode === 200) {
        expect(posted.json().message).toBe(TRACKING_TEXT.stored);
        expect(rows).toHaveLength(1);
      } else {
        expect(posted.json()).toEqual({
          code: 409,
          message: TRACKING_TEXT.ended('Completed, waiting for confirmation'),
        });
        expect(rows).toEqual([]);
      }
    }
  });

  it(`stores at most ${TRACKING_MAX_POINTS} points per move (409 past it)`, async () => {
    const { foreman, request } = await scene();
    await filled(request.id, foreman.user.id, TRACKING_MAX_POINTS - 1);
    const last = await post(foreman.token, { request_id: request.id, ...DOWNTOWN });
    expect(last.json().message).toBe(TRACKING_TEXT.stored);
    expect((await latestOf(request.id))!.points).toBe(TRACKING_MAX_POINTS);
    await age(request.id, 2);
    const res = await post(foreman.token, { request_id: request.id, ...DOWNTOWN });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: TRACKING_TEXT.full });
    const [count] = await f
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(trackingPoints)
      .where(eq(trackingPoints.requestId, request.id));
    expect(count!.n).toBe(TRACKING_MAX_POINTS);
    expect((await latestOf(request.id))!.points).toBe(TRACKING_MAX_POINTS);
  });

  it('keeps what the migration would rebuild from the points: each move’s latest point and count', async () => {
    // The migration's backfill, run again over every move this file has tracked so far.
    const migration = readFileSync(
      new URL('../src/db/migrations/0025_tracking-latest.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "tracking_latest"');
    const kept = await f.db().select().from(trackingLatest).orderBy(asc(trackingLatest.requestId));
    expect(kept.length).toBeGreaterThan(3);
    await f.db().execute(sql`delete from tracking_latest`);
    await f.db().execute(sql.raw(backfill));
    const rebuilt = await f
      .db()
      .select()
      .from(trackingLatest)
      .orderBy(asc(trackingLatest.requestId));
    expect(rebuilt).toEqual(kept);
  });
});

describe('post_location round trips', () => {
  it('stores a point in two statements (the session, then the point), and answers a kept one in three', async () => {
    if (!countsStatements(ctx)) return; // counted on the embedded client
    const { foreman, request } = await scene();
    const body = { request_id: request.id, ...DOWNTOWN };
    // A first move's point, so that every prepared statement is ready.
    const warm = await post(foreman.token, body);
    expect(warm.json().message).toBe(TRACKING_TEXT.stored);
    await age(request.id, 2);
    const stored = await statementsOf(ctx, async () => {
      expect((await post(foreman.token, body)).json().message).toBe(TRACKING_TEXT.stored);
    });
    showStatements('post_location, stored', stored);
    // The session; the point checked, stored, counted and signalled in one statement, with no
    // transaction around it and no event to dispatch.
    expect(stored).toHaveLength(2);
    const kept = await statementsOf(ctx, async () => {
      expect((await post(foreman.token, body)).json().message).toBe(TRACKING_TEXT.kept);
    });
    showStatements('post_location, kept', kept);
    // ...and, when it stores nothing, one read that says why.
    expect(kept).toHaveLength(3);
  });
});

describe('get_tracking', () => {
  /** A move in progress with three points a second apart. */
  async function tracked() {
    const s = await scene();
    for (const [i, latitude] of [34.01, 34.02, 34.03].entries()) {
      if (i > 0) await age(s.request.id, 1.5);
      const res = await post(s.foreman.token, {
        request_id: s.request.id,
        latitude,
        longitude: -118.3,
      });
      expect(res.json().message).toBe(TRACKING_TEXT.stored);
    }
    return s;
  }

  it("gives the customer the move's points, oldest first", async () => {
    const { customer, request } = await tracked();
    const res = await track(customer.token, { request_id: request.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      code: 200,
      message: TRACKING_TEXT.points,
      tracking_data: [34.01, 34.02, 34.03].map((latitude) => ({
        latitude,
        longitude: -118.3,
        created_at: expect.any(String),
      })),
      move_complete: false,
    });
    const times = body.tracking_data.map((p: { created_at: string }) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('answers an empty list for a move in progress before the first point', async () => {
    const { customer, request } = await scene();
    const res = await track(customer.token, { request_id: request.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().tracking_data).toEqual([]);
  });

  it('is the customer’s only: another customer reads not found, a partner is refused', async () => {
    const { company, foreman, request } = await tracked();
    const stranger = await f.customer();
    const res = await track(stranger.token, { request_id: request.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: REQUEST_NOT_FOUND });
    for (const token of [company.token, foreman.token]) {
      const partner = await track(token, { request_id: request.id });
      expect(partner.statusCode).toBe(403);
      expect(partner.json().tracking_data).toBeUndefined();
    }
    expect((await track(undefined, { request_id: request.id })).statusCode).toBe(401);
    expect((await track(stranger.token, { request_id: 'x' })).statusCode).toBe(422);
  });

  it('serves no positions before the move starts (422) or once it is cancelled (409)', async () => {
    const before = await scene(TimelineStatus.truckAssigned);
    const early = await track(before.customer.token, { request_id: before.request.id });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({
      code: 422,
      message: TRACKING_TEXT.notStarted('Truck assigned and ready to move'),
    });

    // Not those of a tracked move its customer cancelled.
    const dropped = await tracked();
    await cancel(dropped.customer.token, dropped.request.id);
    const late = await track(dropped.customer.token, { request_id: dropped.request.id });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toEqual({ code: 409, message: TRACKING_TEXT.ended('Request Cancelled') });
  });

  it('gives the route travelled once the move is complete, confirmed and reviewed, never a 409', async () => {
    const done = await tracked();
    const travelled = async () => {
      const res = await track(done.customer.token, { request_id: done.request.id });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        code: 200,
        message: TRACKING_TEXT.travelled,
        move_complete: true,
      });
      expect(body.tracking_data.map((p: { latitude: number }) => p.latitude)).toEqual([
        34.01, 34.02, 34.03,
      ]);
    };
    await f.life.complete(done.company, done.request.id);
    await travelled();
    await f.life.confirm(done.customer, done.request.id);
    await travelled();
    await f.life.feedback(done.customer, done.request.id);
    await travelled();
    // No point is added to a finished route.
    const after = await post(done.foreman.token, {
      request_id: done.request.id,
      ...DOWNTOWN,
    });
    expect(after.statusCode).toBe(409);
    await travelled();
  });
});

describe('the demo truck', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const PICK_UP = { lat: 34.0522, lng: -118.2437 };
  const DROP_OFF = { lat: 34.0195, lng: -118.4912 };

  it('plans a journey of DEMO_SIMULATOR_DELAY_MS × 3, a point a second, 2 to 60 points', () => {
    expect(drivePlan(30_000)).toEqual({ points: 31, intervalMs: 1000 });
    expect(drivePlan(18_000)).toEqual({ points: 19, intervalMs: 1000 });
    expect(drivePlan(DELAY_MS * 3)).toEqual({ points: 2, intervalMs: 1000 });
    expect(drivePlan(0)).toEqual({ points: 2, intervalMs: 1000 });
    expect(drivePlan(300_000)).toEqual({ points: 60, intervalMs: 5085 });
  });

  it('spaces the points evenly along the route, through its corners, ends included', () => {
    const line = [
      { lat: 0, lng: 0 },
      { lat: 0.003, lng: 0 },
      { lat: 0.003, lng: 0.001 },
    ];
    expect(pointsAlong(line, 5)).toEqual([
      [0, 0],
      [0.001, 0],
      [0.002, 0],
      [0.003, 0],
      [0.003, 0.001],
    ]);
    expect(pointsAlong([PICK_UP], 3)).toEqual([
      [PICK_UP.lat, PICK_UP.lng],
      [PICK_UP.lat, PICK_UP.lng],
      [PICK_UP.lat, PICK_UP.lng],
    ]);
    expect(pointsAlong([], 3)).toEqual([]);
  });

  /**
   * A demo company's move, assigned to its first foreman and its first active truck and brought
   * to `status` through the calls, its addresses placed. The calls go through a process whose
   * simulator is off: the demo plays no step of its own meanwhile, the test plays them.
   */
  async function demoMove(status: Status) {
    const db = f.db();
    const [company] = await db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_COMPANIES[0]!.email));
    const [crew] = await db
      .select({ user: users })
      .from(companyForemen)
      .innerJoin(users, eq(users.id, companyForemen.userId))
      .where(eq(companyForemen.companyId, company!.id))
      .orderBy(asc(companyForemen.userId))
      .limit(1);
    const trucks = await db
      .select()
      .from(companyTrucks)
      .where(and(eq(companyTrucks.companyId, company!.id), eq(companyTrucks.isActive, true)))
      .orderBy(asc(companyTrucks.id))
      .limit(1);
    const off = await buildPeerApp(ctx, { DEMO_SIMULATOR: '0' });
    try {
      const life = lifecycle(() => off);
      const customer = await life.customer();
      const { id } = await life.requestAt({
        status,
        customer,
        company: {
          user: company!,
          name: DEMO_COMPANIES[0]!.profile.name,
          token: await life.tokenOf(company!.id),
          foremen: [{ user: crew!.user, token: await life.tokenOf(crew!.user.id) }],
          trucks,
        },
        amountCents: 60_000,
        // Due tomorrow: the demo foreman may start it (decision 042).
        moveDate: serviceDay(1),
      });
      for (const [position, at] of [PICK_UP, DROP_OFF].entries()) {
        await db
          .update(requestAddresses)
          .set({ latitude: at.lat, longitude: at.lng })
          .where(and(eq(requestAddresses.requestId, id), eq(requestAddresses.position, position)));
      }
      return { customer: customer.user, request: await f.requestRow(id), foremanId: crew!.user.id };
    } finally {
      await off.close();
    }
  }

  it('drives from the pick-up to the drop-off during status 5, sends each point, then completes', async () => {
    const { customer, request, foremanId } = await demoMove(TimelineStatus.truckAssigned);
    await ctx.app.jobs.send(DEMO_MOVE_JOB, { requestId: request.id, step: 'start' });
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(1);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.inProgress);

    const mine = await listen(customer, await f.tokenOf(customer.id));
    expect(await ctx.app.jobs.runDue(DEMO_DRIVE_JOB)).toBe(1);
    // The next point waits its second; nothing completes the move meanwhile.
    expect(await ctx.app.jobs.runDue(DEMO_DRIVE_JOB)).toBe(0);
    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(0);
    await sleep(1000 - DELAY_MS + 100);
    expect(await ctx.app.jobs.runDue(DEMO_DRIVE_JOB)).toBe(1);

    const points = await pointsOf(request.id);
    expect(points.map((p) => [p.latitude, p.longitude, p.postedBy])).toEqual([
      [PICK_UP.lat, PICK_UP.lng, foremanId],
      [DROP_OFF.lat, DROP_OFF.lng, foremanId],
    ]);
    await expect.poll(() => mine.heard.length).toBe(2);
    expect(mine.heard).toEqual(
      points.map((p) => ({
        request_id: request.id,
        latitude: p.latitude,
        longitude: p.longitude,
        created_at: p.createdAt.toISOString(),
      })),
    );
    // Arrived: the company marks the move complete after its step's delay.
    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(1);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.completedByCompany);
    expect(await ctx.app.jobs.runDue(DEMO_DRIVE_JOB)).toBe(0);
  });

  it('stops driving when the request leaves status 5, and a replayed point is not stored twice', async () => {
    const { customer, request } = await demoMove(TimelineStatus.inProgress);
    const opts = { domain: ctx.app.domain, geo: ctx.app.geo, log: ctx.app.log, driveMs: 30_000 };
    const first = await runDemoDrive({ ...opts, job: { requestId: request.id, tick: 0 } });
    expect(first.state).toBe('driving');
    const path = first.state === 'driving' ? first.path : [];
    expect(path).toHaveLength(31);
    expect(path[0]).toEqual([PICK_UP.lat, PICK_UP.lng]);
    expect(path[30]).toEqual([DROP_OFF.lat, DROP_OFF.lng]);
    // The same job again (a retry): the point of the last second stands.
    await runDemoDrive({ ...opts, job: { requestId: request.id, tick: 0, path } });
    expect(await pointsOf(request.id)).toHaveLength(1);

    await cancel(await f.tokenOf(customer.id), request.id);
    await age(request.id, 2);
    expect(await runDemoDrive({ ...opts, job: { requestId: request.id, tick: 1, path } })).toEqual({
      state: 'stopped',
    });
    expect(await pointsOf(request.id)).toHaveLength(1);
  });
});
