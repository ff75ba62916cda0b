import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import {
  addIsoDays,
  MOVE_START_DAYS_AFTER,
  moveStartRefusal,
  moveStartRefusalText,
  startOfZonedDay,
  TimelineStatus,
  UserType,
} from '@movehub/shared';
import {
  companyForemen,
  companyTrucks,
  domainEvents,
  requestAddresses,
  requestStatusHistory,
  requestTimeline,
  requests,
  requestTrucks,
  users,
} from '../src/db/schema';
import { DEMO_COMPANIES } from '../src/db/seed/demo';
import { DEMO_DRIVE_JOB } from '../src/modules/demo/demo-drive';
import {
  DEMO_MOVE_JOB,
  nextDemoMoveStep,
  runDemoMoveStep,
} from '../src/modules/demo/demo-simulator';
import { MOVE_TEXT, startMove } from '../src/domain/request/move-day';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import { buildPeerApp, buildTestApp, createRequest, type TestContext } from './helper';
import {
  FIXTURE_TIME_ZONE,
  lifecycle,
  serviceDay,
  type Company,
  type Party,
  type Status,
} from './lifecycle';
import { moveFixtures } from './moves-helpers';

/*
 * Move day through the partner API: assign_move (3 → 4), start_move (4 → 5),
 * complete_move (5 → 6), who may make each, and the demo simulator playing them after the
 * commit of the payment or of the signed letter (its jobs run here with runDue).
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

/** The request's moves of move day: from status 3 on (the bid, acceptance and payment before). */
const history = (id: number) =>
  f
    .db()
    .select()
    .from(requestStatusHistory)
    .where(
      and(
        eq(requestStatusHistory.requestId, id),
        gte(requestStatusHistory.fromStatus, TimelineStatus.paid),
      ),
    )
    .orderBy(asc(requestStatusHistory.id));

/** A 1 × 1 PNG: the signature pad's picture. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * A direct request of the customer to the company, at its first status (as the company's link
 * makes it), whose confirmation letter the company sends through the call.
 */
async function directRequest(company: Pick<Company, 'user' | 'token'>, customer: Party) {
  const direct = await createRequest(ctx.database, {
    customerId: customer.user.id,
    companyId: company.user.id,
    requestType: 1,
    contactFirstName: 'Robin',
    contactLastName: 'Hart',
    contactEmail: customer.user.email,
  });
  const sent = await f.call('/api/company/send_confirmation_letter', company.token, {
    request_id: direct.id,
    rate_method: 'Hourly',
    cash_payment_rate: 120,
    card_payment_rate: 130,
    minimum_hours: 3,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return direct;
}

/** The customer signs the letter of a direct request through the call. */
async function signLetter(customer: Party, requestId: number) {
  const signed = await f.call(
    '/api/company/attach_signature_make_confirmation_letter_pdf',
    customer.token,
    { request_id: requestId, signature_path: SIGNATURE },
  );
  expect(signed.statusCode, signed.body).toBe(200);
}

/**
 * A company, its customer and a request it won, paid (status 3) unless told otherwise, moving
 * tomorrow unless told otherwise (its move-day window open: decision 042).
 */
async function scene(status: Status = TimelineStatus.paid, moveDate = serviceDay(1)) {
  const company = await f.company();
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    status,
    moveDate,
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
    const notice = (await f.noticesOf(customer.user.id, request.id)).at(-1);
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
    const unpaid = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: TimelineStatus.awaitingPayment,
    });
    const res = await assign(company.token, body(unpaid.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Awaiting Payment/);
    const paid = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      moveDate: serviceDay(1),
    });
    expect((await assign(company.token, body(paid.id))).statusCode).toBe(200);
    // Assigned and not started: the same call changes the crew, and the status stays.
    expect((await assign(company.token, body(paid.id))).statusCode).toBe(200);
    expect(await history(paid.id)).toHaveLength(1);
    // Started: the crew is the one that moves.
    expect((await start(company.token, paid.id)).statusCode).toBe(200);
    const late = await assign(company.token, body(paid.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Move in progress/);
    expect(await history(paid.id)).toHaveLength(2);
  });

  it('assigns a direct request only once its confirmation letter is signed', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const direct = await directRequest(company, customer);
    const body = {
      request_id: direct.id,
      foreman_id: company.foremen[0]!.user.id,
      truck_ids: [company.trucks[0]!.id],
    };
    const unsigned = await assign(company.token, body);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toBe(MOVE_TEXT.letterNotSigned);
    await signLetter(customer, direct.id);
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
    // Move day's three notices, after the request's, the bid's and the payment's.
    const notices = (await f.noticesOf(customer.user.id, request.id)).slice(-3);
    expect(notices[0]).toMatch(/^Movers \d+ assigned Carla Crew/);
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

describe('changing the crew before the start', () => {
  async function assignedTo(foremanIndex: number, truckIndex: number) {
    const s = await scene();
    const res = await assign(s.company.token, {
      request_id: s.request.id,
      foreman_id: s.company.foremen[foremanIndex]!.user.id,
      truck_ids: [s.company.trucks[truckIndex]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    return s;
  }

  it('changes the foreman and trucks of an assigned move: it stays assigned, the customer and both foremen are told, the job moves to the new foreman', async () => {
    const { company, customer, request } = await assignedTo(0, 0);
    const [first, second] = company.foremen;
    const res = await assign(company.token, {
      request_id: request.id,
      foreman_id: second!.user.id,
      truck_ids: [company.trucks[1]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      request_timeline_status: TimelineStatus.truckAssigned,
      get_foreman_of_company: { id: second!.user.id },
      truck_array: [{ id: company.trucks[1]!.id, name: 'Cargo van' }],
    });
    const row = await f.requestRow(request.id);
    expect(row.timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect(row.foremanId).toBe(second!.user.id);
    expect(
      (
        await f.db().select().from(requestTrucks).where(eq(requestTrucks.requestId, request.id))
      ).map((t) => t.truckId),
    ).toEqual([company.trucks[1]!.id]);
    // No second arrival at 4: the history keeps the one assignment.
    expect((await history(request.id)).map((h) => h.toStatus)).toEqual([
      TimelineStatus.truckAssigned,
    ]);
    const timeline = await f
      .db()
      .select()
      .from(requestTimeline)
      .where(eq(requestTimeline.requestId, request.id))
      .orderBy(asc(requestTimeline.id));
    expect(timeline.at(-1)!.activityTitle).toBe(MOVE_TEXT.crewChangedTitle);
    expect((await f.noticesOf(customer.user.id, request.id)).at(-1)).toBe(
      MOVE_TEXT.crewChanged(company.name, 'Dev Crew', 'Cargo van', request.id),
    );
    expect((await f.noticesOf(first!.user.id, request.id)).at(-1)).toBe(
      MOVE_TEXT.unassignedForeman(request.id),
    );
    expect(await f.noticesOf(second!.user.id, request.id)).toHaveLength(1);
    // The job is the new foreman's now: the first reads it as not found, the second starts it.
    const detail = (token: string) =>
      f.call('/api/foreman/job_detail', token, { request_id: request.id });
    expect((await detail(first!.token)).statusCode).toBe(404);
    expect((await start(first!.token, request.id)).statusCode).toBe(404);
    expect((await detail(second!.token)).statusCode).toBe(200);
    expect((await start(second!.token, request.id)).statusCode).toBe(200);
  });

  it('changes only the trucks when the foreman stays, telling no foreman anew', async () => {
    const { company, request } = await assignedTo(0, 0);
    const foreman = company.foremen[0]!;
    const res = await assign(company.token, {
      request_id: request.id,
      foreman_id: foreman.user.id,
      truck_ids: [company.trucks[0]!.id, company.trucks[1]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await f.noticesOf(foreman.user.id, request.id)).toHaveLength(1);
    expect((await f.requestRow(request.id)).foremanId).toBe(foreman.user.id);
  });

  it('refuses a crew change once the move has started (409), and changes nothing', async () => {
    const { company, request } = await assignedTo(0, 0);
    expect((await start(company.foremen[0]!.token, request.id)).statusCode).toBe(200);
    const res = await assign(company.token, {
      request_id: request.id,
      foreman_id: company.foremen[1]!.user.id,
      truck_ids: [company.trucks[1]!.id],
    });
    expect(res.statusCode).toBe(409);
    const row = await f.requestRow(request.id);
    expect(row.foremanId).toBe(company.foremen[0]!.user.id);
    expect(row.timelineStatus).toBe(TimelineStatus.inProgress);
  });

  it('orders a crew change and the old foreman’s start: one wins, and the job stays whole', async () => {
    const { company, request } = await assignedTo(0, 0);
    const [first, second] = company.foremen;
    const [changed, started] = await Promise.all([
      assign(company.token, {
        request_id: request.id,
        foreman_id: second!.user.id,
        truck_ids: [company.trucks[1]!.id],
      }),
      start(first!.token, request.id),
    ]);
    const row = await f.requestRow(request.id);
    if (started.statusCode === 200) {
      // The start came first: the change found the move under way.
      expect(changed.statusCode).toBe(409);
      expect(row.foremanId).toBe(first!.user.id);
      expect(row.timelineStatus).toBe(TimelineStatus.inProgress);
    } else {
      // The change came first: the old foreman no longer has the job.
      expect(changed.statusCode).toBe(200);
      expect(started.statusCode).toBe(404);
      expect(row.foremanId).toBe(second!.user.id);
      expect(row.timelineStatus).toBe(TimelineStatus.truckAssigned);
    }
  });
});

describe('the move-day window (decision 042)', () => {
  async function assignedOn(moveDate: string) {
    const s = await scene(TimelineStatus.paid, moveDate);
    const res = await assign(s.company.token, {
      request_id: s.request.id,
      foreman_id: s.company.foremen[0]!.user.id,
      truck_ids: [s.company.trucks[0]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    return s;
  }

  it('refuses a start days before the move date, to the foreman and to the company alike (422), and changes nothing', async () => {
    const moveDate = serviceDay(10);
    const { company, customer, request } = await assignedOn(moveDate);
    for (const token of [company.foremen[0]!.token, company.token]) {
      const res = await start(token, request.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 422,
        message: moveStartRefusalText('early', moveDate),
      });
    }
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect(await history(request.id)).toHaveLength(1);
    expect((await f.noticesOf(customer.user.id, request.id)).at(-1)).not.toBe(
      MOVE_TEXT.started(company.name, request.id),
    );
  });

  it('lets a move start from the day before its date', async () => {
    const { company, request } = await assignedOn(serviceDay(1));
    expect((await start(company.foremen[0]!.token, request.id)).statusCode).toBe(200);
  });

  it('lets a move start on its last day after the date, and refuses it once the window has closed', async () => {
    const { company, request } = await assignedOn(serviceDay(1));
    // The move's day passed while it waited: set on the data column, no call sets a past date.
    const moveOn = (moveDate: string) =>
      f.db().update(requests).set({ moveDate }).where(eq(requests.id, request.id));
    await moveOn(serviceDay(-3));
    const late = await start(company.foremen[0]!.token, request.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(moveStartRefusalText('late', serviceDay(-3)));
    await moveOn(serviceDay(-MOVE_START_DAYS_AFTER));
    expect((await start(company.foremen[0]!.token, request.id)).statusCode).toBe(200);
  });

  it("reads the day on the service area's clock, not the host's", async () => {
    const moveDate = serviceDay(10);
    const { company, request } = await assignedOn(moveDate);
    // 03:00 UTC on the day before the move: still two days before it in Los Angeles.
    const at = new Date(`${addIsoDays(moveDate, -1)}T03:00:00Z`);
    const user = { id: company.foremen[0]!.user.id, userType: UserType.foreman };
    const inLosAngeles = { ...ctx.app.domain, now: () => at };
    expect(inLosAngeles.timeZone).toBe(FIXTURE_TIME_ZONE);
    await expect(startMove({ domain: inLosAngeles, user, requestId: request.id })).rejects.toThrow(
      moveStartRefusalText('early', moveDate),
    );
    const inUtc = { ...inLosAngeles, timeZone: 'UTC' };
    const moved = await startMove({ domain: inUtc, user, requestId: request.id });
    expect(moved.timelineStatus).toBe(TimelineStatus.inProgress);
  });

  it('tells the console and the phone the service’s date with the move’s, for the same rule', async () => {
    const moveDate = serviceDay(10);
    const { company, request } = await assignedOn(moveDate);
    const job = await f.call('/api/company/job_detail', company.token, { request_id: request.id });
    expect(job.json().data).toMatchObject({ move_date: moveDate, today_date: serviceDay(0) });
    const phone = await f.call('/api/foreman/job_detail', company.foremen[0]!.token, {
      request_id: request.id,
    });
    expect(phone.json().data).toMatchObject({ move_date: moveDate, today_date: serviceDay(0) });
    expect(moveStartRefusal(moveDate, serviceDay(0))).toBe('early');
  });
});

describe('the demo simulator on move day', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A demo company as the fixtures' party: it bids, and is paid, through the calls. */
  async function demoCompany(index = 0): Promise<Company> {
    const [user] = await f
      .db()
      .select()
      .from(users)
      .where(
        and(eq(users.email, DEMO_COMPANIES[index]!.email), eq(users.userType, UserType.company)),
      );
    return {
      user: user!,
      name: DEMO_COMPANIES[index]!.profile.name,
      token: await f.tokenOf(user!.id),
      foremen: [],
      trucks: [],
    };
  }

  /**
   * A request a demo company won and its customer brought to `status` through the calls (paid
   * unless told otherwise). Its addresses lose their positions: the demo truck then arrives at
   * once, and a test runs one drive job, not a journey's.
   */
  async function demoRequest(
    opts: { status?: Status; life?: ReturnType<typeof lifecycle>; moveDate?: string } = {},
  ) {
    const life = opts.life ?? f.life;
    const customer = await life.customer();
    const { id } = await life.requestAt({
      status: opts.status ?? TimelineStatus.paid,
      customer,
      company: await demoCompany(),
      amountCents: 60_000,
      moveDate: opts.moveDate ?? serviceDay(1),
    });
    await unplace(id);
    return { customer, request: await f.requestRow(id) };
  }

  const unplace = (requestId: number) =>
    f
      .db()
      .update(requestAddresses)
      .set({ latitude: null, longitude: null })
      .where(eq(requestAddresses.requestId, requestId));

  /**
   * The request's event of `type` handed to the subscribers once more, as if delivered twice:
   * the demo's reaction must not repeat.
   */
  async function redeliver(requestId: number, type: string) {
    const [event] = await f
      .db()
      .update(domainEvents)
      .set({ dispatchedAt: null })
      .where(and(eq(domainEvents.requestId, requestId), eq(domainEvents.type, type)))
      .returning({ id: domainEvents.id });
    expect(event, type).toBeDefined();
    await ctx.app.events.dispatch([event!.id]);
  }

  const jobsOf = async (requestId: number) => {
    const result = await ctx.database.db.execute(
      sql`select data, start_after as "startAfter" from pgboss.job
          where name = ${DEMO_MOVE_JOB} and (data->>'requestId')::int = ${requestId}`,
    );
    return (result as unknown as { rows: { data: { step: string }; startAfter: string }[] }).rows;
  };

  it('plays assign, start and complete after the payment, each a job within the delay after the one before', async () => {
    const customer = await f.customer();
    const company = await demoCompany();
    const { id } = await f.life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer,
      company,
      amountCents: 60_000,
      moveDate: serviceDay(1),
    });
    await unplace(id);
    const before = Date.now();
    await f.life.pay(customer, id);
    // Queued once the payment committed, due within the delay (measured from when the call
    // returned: the provider's answer came first).
    const returned = Date.now();
    const [queued] = await jobsOf(id);
    expect(queued!.data.step).toBe('assign');
    const due = new Date(queued!.startAfter).getTime();
    expect(due).toBeGreaterThanOrEqual(before);
    expect(due - returned).toBeLessThanOrEqual(DELAY_MS);

    const statuses = [];
    for (let i = 0; i < 3; i++) {
      await sleep(DELAY_MS);
      expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBeGreaterThanOrEqual(1);
      statuses.push((await f.requestRow(id)).timelineStatus);
      // Started: the foreman drives (these addresses have no position: straight to arrival),
      // and the company completes the move once the truck is there.
      if (i === 1) expect(await ctx.app.jobs.runDue(DEMO_DRIVE_JOB)).toBe(1);
    }
    expect(statuses).toEqual([
      TimelineStatus.truckAssigned,
      TimelineStatus.inProgress,
      TimelineStatus.completedByCompany,
    ]);
    const row = await f.requestRow(id);
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
      .where(eq(requestTrucks.requestId, id));
    expect(trucks).toHaveLength(1);
    expect(trucks[0]!.companyId).toBe(row.companyId);
    expect((await history(id)).map((h) => h.actorType)).toEqual(['company', 'foreman', 'company']);
    // Nothing more: the customer confirms.
    expect(await nextDemoMoveStep(f.db(), id)).toBeNull();
    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(0);
    // The customer heard of each step, after the request's, the bid's and the payment's notices.
    const notices = (await f.noticesOf(customer.user.id, id)).slice(-3);
    expect(notices[0]).toMatch(new RegExp(`^${company.name} assigned `));
    expect(notices.slice(1)).toEqual([
      MOVE_TEXT.started(company.name, id),
      MOVE_TEXT.completed(company.name, id),
    ]);
  });

  it('starts a move due later when its window opens, on the service area’s clock', async () => {
    const moveDate = serviceDay(10);
    const { request } = await demoRequest({ moveDate });
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    const start = (await jobsOf(request.id)).find((j) => j.data.step === 'start');
    expect(new Date(start!.startAfter).toISOString()).toBe(
      startOfZonedDay(addIsoDays(moveDate, -1), FIXTURE_TIME_ZONE).toISOString(),
    );
    // Not due: the demo foreman does not start the move days ahead.
    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(0);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
  });

  it('is idempotent: a replayed step or event changes nothing, a request moved on is skipped', async () => {
    const letter = { log: ctx.app.log, publicUrl: ctx.app.config.publicUrl };
    const domain = ctx.app.domain;
    const { customer, request } = await demoRequest();
    await redeliver(request.id, 'request.paid');
    expect(await jobsOf(request.id)).toHaveLength(1);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect(await runDemoMoveStep({ domain, letter, requestId: request.id, step: 'assign' })).toBe(
      'skipped',
    );
    expect(await runDemoMoveStep({ domain, letter, requestId: request.id, step: 'complete' })).toBe(
      'skipped',
    );
    // Cancelled by the customer before the start job ran.
    const cancelled = await f.call('/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.cancelled);
    expect((await history(request.id)).map((h) => h.toStatus)).toEqual([
      TimelineStatus.truckAssigned,
      TimelineStatus.cancelled,
    ]);
  });

  it('leaves other companies’ requests, unpaid ones and unsigned direct ones alone', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const notDemo = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
    });
    const { request: unpaid } = await demoRequest({ status: TimelineStatus.awaitingPayment });
    // The demo company's letter, sent: the move day waits for the customer's signature.
    const direct = await directRequest(await demoCompany(), customer);
    for (const r of [notDemo, unpaid, direct]) expect(await jobsOf(r.id)).toEqual([]);
    // Once the letter is signed, the direct request's move day begins.
    await signLetter(customer, direct.id);
    expect((await jobsOf(direct.id)).map((j) => j.data.step)).toEqual(['assign']);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    expect((await f.requestRow(direct.id)).timelineStatus).toBe(TimelineStatus.truckAssigned);
    expect((await f.requestRow(notDemo.id)).timelineStatus).toBe(TimelineStatus.paid);
    expect((await f.requestRow(unpaid.id)).timelineStatus).toBe(TimelineStatus.awaitingPayment);
  });

  it('does nothing with DEMO_SIMULATOR=0', async () => {
    const off = await buildPeerApp(ctx, { DEMO_SIMULATOR: '0' });
    try {
      // Paid through the calls of a process whose simulator is off: its events meet no demo.
      const { request } = await demoRequest({ life: lifecycle(() => off) });
      expect(await jobsOf(request.id)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
