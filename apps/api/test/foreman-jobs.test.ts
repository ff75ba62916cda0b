import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  TimelineStatus,
  TRACKING_RECORDED_AT_TEXT,
  zonedNow,
  type ForemanJob,
  type ForemanJobDetail,
} from '@movehub/shared';
import {
  requestAddresses,
  requestItemImages,
  requestItems,
  requests,
  trackingPoints,
  users,
} from '../src/db/schema';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import { TRACKING_TEXT } from '../src/modules/tracking/tracking.service';
import { buildTestApp, type TestContext } from './helper';
import type { Status } from './lifecycle';
import { moveFixtures } from './moves-helpers';

/*
 * The foreman's phone: his jobs and a job's detail, move day's steps by the
 * assigned foreman, and the offline queue's points posted late with recorded_at. Each company
 * and foreman here is made by the test, so a foreman's jobs are exactly the ones below.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const T = TimelineStatus;

type Lists = {
  today_date: string;
  today: ForemanJob[];
  upcoming: ForemanJob[];
  recent: ForemanJob[];
};
const jobsOf = async (token: string | undefined) => {
  const res = await f.call('/api/foreman/jobs', token, {});
  return { res, data: (res.json() as { data: Lists }).data };
};
const detailOf = async (token: string | undefined, requestId: unknown) => {
  const res = await f.call('/api/foreman/job_detail', token, { request_id: requestId });
  return { res, data: (res.json() as { data: ForemanJobDetail }).data };
};
const post = (token: string, body: object) => f.call('/api/foreman/post_location', token, body);

/** The service's date `days` from today, YYYY-MM-DD. */
function day(days: number): string {
  const today = zonedNow(new Date(), ctx.app.config.serviceTimeZone).date;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A company, its customer, and a job of its first foreman brought to `status` through the calls,
 * on `moveDate`; or one the customer cancelled (delete_request) once the foreman was assigned.
 */
async function crew() {
  const company = await f.company();
  const customer = await f.customer();
  const foreman = company.foremen[0]!;
  const job = async (
    status: Status,
    moveDate: string,
    overrides: Parameters<typeof f.paidRequest>[0]['overrides'] = {},
  ) =>
    f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status,
      overrides: { foremanId: foreman.user.id, moveDate, ...overrides },
    });
  const cancelledJob = async (moveDate: string) => {
    const request = await job(T.truckAssigned, moveDate);
    const res = await f.call('/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    return request;
  };
  return { company, customer, foreman, job, cancelledJob };
}

/** Moves the request's history `days` back: its last status was reached that long ago. */
async function reachedDaysAgo(requestId: number, days: number) {
  await f.db().execute(
    sql`update request_status_history set created_at = created_at - make_interval(days => ${days}::int)
          where request_id = ${requestId}`,
  );
}

const ids = (jobs: ForemanJob[]) => jobs.map((j) => j.id);

describe('POST /api/foreman/jobs', () => {
  it("lists the caller's jobs as today's, upcoming and recently finished, and nobody else's", async () => {
    const { company, customer, foreman, job, cancelledJob } = await crew();
    const inProgress = await job(T.inProgress, day(-1));
    const dueToday = await job(T.truckAssigned, day(0), { windowFrom: '13:00', windowTo: '14:00' });
    const overdue = await job(T.truckAssigned, day(-2));
    const early = await job(T.truckAssigned, day(0), { windowFrom: '07:00', windowTo: '08:00' });
    const later = await job(T.truckAssigned, day(5));
    const soon = await job(T.truckAssigned, day(1));
    const toConfirm = await job(T.completedByCompany, day(-1));
    await reachedDaysAgo(toConfirm.id, 1);
    const confirmed = await job(T.completed, day(-3));
    await reachedDaysAgo(confirmed.id, 2);
    const cancelled = await cancelledJob(day(2));
    await reachedDaysAgo(cancelled.id, 3);
    const longAgo = await job(T.feedbackGiven, day(-30));
    await reachedDaysAgo(longAgo.id, 20);
    // Not his: the other foreman's job, and a paid job nobody is assigned to yet.
    await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: T.truckAssigned,
      overrides: { foremanId: company.foremen[1]!.user.id, moveDate: day(0) },
    });
    await f.paidRequest({ customerId: customer.user.id, companyId: company.user.id });

    const { res, data } = await jobsOf(foreman.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(data.today_date).toBe(day(0));
    expect(ids(data.today)).toEqual([inProgress.id, overdue.id, early.id, dueToday.id]);
    expect(ids(data.upcoming)).toEqual([soon.id, later.id]);
    expect(ids(data.recent)).toEqual([toConfirm.id, confirmed.id, cancelled.id]);

    const card = data.today.find((j) => j.id === dueToday.id)!;
    expect(card).toMatchObject({
      request_timeline_status: T.truckAssigned,
      move_date: day(0),
      s_date: `${day(0).slice(5, 7)}-${day(0).slice(8, 10)}-${day(0).slice(0, 4)}`,
      start_window_from: '13:00',
      start_window_to: '14:00',
      customer_first_name: 'Robin',
      item_count: 0,
      packing_count: 0,
    });
    expect(card.request_address.map((a) => a.complete_address)).toEqual([
      '100 Main St, Los Angeles, CA 90012, USA',
      '101 Main St, Los Angeles, CA 90402, USA',
    ]);
    // Only the first name leaves on the list.
    expect(JSON.stringify(data)).not.toContain('Hart');
  });

  it('answers an empty list to a foreman without jobs', async () => {
    const { company } = await crew();
    const { res, data } = await jobsOf(company.foremen[1]!.token);
    expect(res.statusCode).toBe(200);
    expect(data).toMatchObject({ today: [], upcoming: [], recent: [] });
  });

  it('is for foremen only: a company or a customer is refused (403), no token 401', async () => {
    const { company, customer } = await crew();
    for (const token of [company.token, customer.token]) {
      expect((await jobsOf(token)).res.statusCode).toBe(403);
    }
    expect((await jobsOf(undefined)).res.statusCode).toBe(401);
  });
});

describe('POST /api/foreman/job_detail', () => {
  it('gives the addresses with coordinates, inventory with photos, extra items, and the customer', async () => {
    const { customer, foreman, job } = await crew();
    await f.db().update(users).set({ phone: '+13105550101' }).where(eq(users.id, customer.user.id));
    const request = await job(T.truckAssigned, day(0), { finalComment: 'Piano on the 2nd floor' });
    await f
      .db()
      .update(requestAddresses)
      .set({ latitude: 34.0522, longitude: -118.2437 })
      .where(eq(requestAddresses.requestId, request.id));
    const [sofa, piano] = await f
      .db()
      .insert(requestItems)
      .values([
        { requestId: request.id, name: 'Sofa', quantity: 2, type: '1', position: 0 },
        { requestId: request.id, name: 'Piano', quantity: 1, type: '2', position: 1 },
      ])
      .returning();
    await f
      .db()
      .insert(requestItemImages)
      .values({ requestItemId: sofa!.id, imageUrl: '/uploads/sofa.jpg' });

    const { res, data } = await detailOf(foreman.token, request.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(data).toMatchObject({
      id: request.id,
      request_timeline_status: T.truckAssigned,
      final_comment: 'Piano on the 2nd floor',
      customer: { first_name: 'Robin', last_name: 'Hart', phone: '+13105550101' },
      started_at: null,
      completed_at: null,
    });
    expect(data.customer.room_id).toEqual(expect.any(String));
    expect(data.request_address).toHaveLength(2);
    expect(data.request_address[0]).toMatchObject({
      address_type: 1,
      latitude: 34.0522,
      longitude: -118.2437,
    });
    expect(data.request_address[1]).toMatchObject({ apartment_number: '4B', is_storage: true });
    expect(data.request_item).toEqual([
      expect.objectContaining({
        id: sofa!.id,
        name: 'Sofa',
        quantity: 2,
        request_item_image_models: [{ image_url: '/uploads/sofa.jpg' }],
      }),
    ]);
    expect(data.extra_request_items).toEqual([
      expect.objectContaining({ id: piano!.id, name: 'Piano', request_item_image_models: [] }),
    ]);
    expect(data.company_name).toMatch(/^Movers /);
  });

  it("keeps the customer's phone back once the job is cancelled or confirmed", async () => {
    const { customer, foreman, job, cancelledJob } = await crew();
    await f.db().update(users).set({ phone: '+13105550101' }).where(eq(users.id, customer.user.id));
    const cancelled = await cancelledJob(day(0));
    const confirmed = await job(T.completed, day(-1));
    for (const request of [cancelled, confirmed]) {
      const { res, data } = await detailOf(foreman.token, request.id);
      expect(res.statusCode).toBe(200);
      expect(data.customer).toMatchObject({ first_name: 'Robin', phone: null });
    }
  });

  it('names his chat with the customer while the move is under way (5 and 6), and only then', async () => {
    const { customer, foreman, job, cancelledJob } = await crew();
    const [customerRow] = await f.db().select().from(users).where(eq(users.id, customer.user.id));
    const [foremanRow] = await f.db().select().from(users).where(eq(users.id, foreman.user.id));
    for (const status of [T.inProgress, T.completedByCompany]) {
      const request = await job(status, day(0));
      const { res, data } = await detailOf(foreman.token, request.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(data.chat).toEqual({
        room_id: foremanRow!.roomId,
        request_id: request.id,
        receiver_room_id: customerRow!.roomId,
        type: 2,
      });
      // The conversation it names is the one the chat's calls open to him.
      const messages = await f.call('/app_api/get_messages', foreman.token, {
        socket_id: data.chat!.receiver_room_id,
        request_id: request.id,
        type: data.chat!.type,
      });
      expect(messages.statusCode, messages.body).toBe(200);
    }
    const cancelled = await cancelledJob(day(0));
    for (const request of [
      await job(T.truckAssigned, day(0)),
      await job(T.completed, day(-1)),
      cancelled,
    ]) {
      const { res, data } = await detailOf(foreman.token, request.id);
      expect(res.statusCode).toBe(200);
      expect(data.chat).toBeNull();
    }
  });

  it('opens the chat once he starts the move', async () => {
    const { foreman, job } = await crew();
    const request = await job(T.truckAssigned, day(0));
    expect((await detailOf(foreman.token, request.id)).data.chat).toBeNull();
    await f.call('/api/foreman/start_move', foreman.token, { request_id: request.id });
    expect((await detailOf(foreman.token, request.id)).data.chat).toMatchObject({
      request_id: request.id,
      type: 2,
    });
  });

  it("reads another foreman's job, or one that does not exist, as not found", async () => {
    const { company, job } = await crew();
    const request = await job(T.truckAssigned, day(0));
    const other = await f.company();
    for (const token of [company.foremen[1]!.token, other.foremen[0]!.token]) {
      const { res } = await detailOf(token, request.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: REQUEST_NOT_FOUND });
    }
    expect((await detailOf(company.foremen[0]!.token, 99_999_999)).res.statusCode).toBe(404);
  });

  it('refuses a bad request_id (422) and a company or customer (403)', async () => {
    const { company, customer, foreman, job } = await crew();
    const request = await job(T.truckAssigned, day(0));
    const bad = await detailOf(foreman.token, 'abc');
    expect(bad.res.statusCode).toBe(422);
    expect(bad.res.json()).toMatchObject({ code: 422, message: expect.any(String) });
    for (const token of [company.token, customer.token]) {
      expect((await detailOf(token, request.id)).res.statusCode).toBe(403);
    }
  });
});

describe("move day from the foreman's phone", () => {
  it('the assigned foreman starts (4 → 5) and completes (5 → 6) the move; the detail shows when', async () => {
    const { company, foreman, job } = await crew();
    const request = await job(T.truckAssigned, day(0));
    const intruder = company.foremen[1]!.token;

    expect(
      (await f.call('/api/foreman/start_move', intruder, { request_id: request.id })).statusCode,
    ).toBe(404);
    const started = await f.call('/api/foreman/start_move', foreman.token, {
      request_id: request.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.request_timeline_status).toBe(T.inProgress);

    expect(
      (await f.call('/api/company/complete_move', intruder, { request_id: request.id })).statusCode,
    ).toBe(404);
    const done = await f.call('/api/company/complete_move', foreman.token, {
      request_id: request.id,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.request_timeline_status).toBe(T.completedByCompany);

    const { data } = await detailOf(foreman.token, request.id);
    expect(data.started_at).toEqual(expect.any(String));
    expect(data.completed_at).toEqual(expect.any(String));
    expect(Date.parse(data.completed_at!)).toBeGreaterThanOrEqual(Date.parse(data.started_at!));
    const lists = await jobsOf(foreman.token);
    expect(ids(lists.data.recent)).toEqual([request.id]);
  });

  it('the company can still complete the move its foreman started', async () => {
    const { company, foreman, job } = await crew();
    const request = await job(T.truckAssigned, day(0));
    await f.call('/api/foreman/start_move', foreman.token, { request_id: request.id });
    const done = await f.call('/api/company/complete_move', company.token, {
      request_id: request.id,
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('post_location with recorded_at (the offline queue)', () => {
  const LA = { latitude: 34.0522, longitude: -118.2437 };

  /** A move the foreman started through the API, so its start is on record. */
  async function started() {
    const scene = await crew();
    const request = await scene.job(T.truckAssigned, day(0));
    const res = await f.call('/api/foreman/start_move', scene.foreman.token, {
      request_id: request.id,
    });
    expect(res.statusCode).toBe(200);
    // Moves the start back two minutes, so that points queued since can be posted.
    await f.db().execute(
      sql`update request_status_history set created_at = created_at - interval '2 minutes'
            where request_id = ${request.id}`,
    );
    return { ...scene, request };
  }

  const pointsOf = (requestId: number) =>
    f
      .db()
      .select()
      .from(trackingPoints)
      .where(eq(trackingPoints.requestId, requestId))
      .orderBy(asc(trackingPoints.id));
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

  it('stores queued points in order, each at the time it was taken', async () => {
    const { foreman, request } = await started();
    const times = [ago(60), ago(50), ago(40)];
    for (const [i, at] of times.entries()) {
      const res = await post(foreman.token, {
        request_id: request.id,
        latitude: LA.latitude + i / 1000,
        longitude: LA.longitude,
        recorded_at: at,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: TRACKING_TEXT.stored, data: { created_at: at } });
    }
    // A live point right after the queue is stored too: it is newer than the last one.
    const live = await post(foreman.token, { request_id: request.id, ...LA });
    expect(live.json().message).toBe(TRACKING_TEXT.stored);
    const rows = await pointsOf(request.id);
    expect(rows.map((r) => r.createdAt.toISOString()).slice(0, 3)).toEqual(times);
    expect(rows).toHaveLength(4);
  });

  it('a resent point, or one older than the last stored, stands aside (200, not stored)', async () => {
    const { foreman, request } = await started();
    const at = ago(30);
    await post(foreman.token, { request_id: request.id, ...LA, recorded_at: at });
    const again = await post(foreman.token, { request_id: request.id, ...LA, recorded_at: at });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(TRACKING_TEXT.later);
    const older = await post(foreman.token, {
      request_id: request.id,
      ...LA,
      recorded_at: ago(45),
    });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ message: TRACKING_TEXT.later, data: { created_at: at } });
    expect(await pointsOf(request.id)).toHaveLength(1);
  });

  it('refuses a time in the future, older than an hour, before the move started, or not a time (422)', async () => {
    const { foreman, request } = await started();
    const cases: [string, string][] = [
      [new Date(Date.now() + 10 * 60_000).toISOString(), TRACKING_RECORDED_AT_TEXT.future],
      [ago(2 * 3600), TRACKING_RECORDED_AT_TEXT.tooOld],
      [ago(10 * 60), TRACKING_RECORDED_AT_TEXT.beforeStart],
      ['yesterday', TRACKING_RECORDED_AT_TEXT.invalid],
      ['2026-03-15 08:30', TRACKING_RECORDED_AT_TEXT.invalid],
    ];
    for (const [at, message] of cases) {
      const res = await post(foreman.token, { request_id: request.id, ...LA, recorded_at: at });
      expect(res.statusCode, `${at}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, message: expect.stringContaining(message) });
    }
    expect(await pointsOf(request.id)).toEqual([]);
  });

  it('still refuses a queued point outside the move (422 before, 409 after) or from another foreman (404)', async () => {
    const { company, foreman, job } = await crew();
    const assigned = await job(T.truckAssigned, day(0));
    const finished = await job(T.completedByCompany, day(0));
    const inProgress = await job(T.inProgress, day(0));
    const at = ago(5);
    expect(
      (await post(foreman.token, { request_id: assigned.id, ...LA, recorded_at: at })).statusCode,
    ).toBe(422);
    expect(
      (await post(foreman.token, { request_id: finished.id, ...LA, recorded_at: at })).statusCode,
    ).toBe(409);
    const other = await post(company.foremen[1]!.token, {
      request_id: inProgress.id,
      ...LA,
      recorded_at: at,
    });
    expect(other.statusCode).toBe(404);
    for (const id of [assigned.id, finished.id, inProgress.id]) {
      expect(await pointsOf(id)).toEqual([]);
    }
    // The request row itself is untouched.
    const [row] = await f.db().select().from(requests).where(eq(requests.id, inProgress.id));
    expect(row?.timelineStatus).toBe(T.inProgress);
  });
});
