import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { addLocalDays, TimelineStatus, toSpecDate, UserType } from '@movehub/shared';
import {
  catalogueItems,
  companyDirectLinks,
  companyForemen,
  companyProfiles,
  companyReviews,
  companyServiceZips,
  companyTrucks,
  domainEvents,
  moveTypes,
  notifications,
  requestBids,
  requests,
  serviceZipCodes,
  users,
} from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { DEMO_COMPANIES, DEMO_COUNTERPART_PASSWORD, DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import { DEMO_POLL_SECONDS } from '../src/modules/demo/demo-companies';
import {
  DEMO_BID_JOB,
  DEMO_BID_SPREAD,
  DEMO_MOVE_JOB,
  planDemoBids,
  runDemoBid,
} from '../src/modules/demo/demo-simulator';
import { buildPeerApp, buildTestApp, createUser, loginAs, type TestContext } from './helper';
import { connected, openSocket } from './socket-client';

/** Short enough that a test never waits long; the default is 10 s. */
const DELAY_MS = 400;

let ctx: TestContext;
let token: string;
let moveTypeId: number;
let itemId: number;
const companyIds = new Map<string, number>();

beforeAll(async () => {
  ctx = await buildTestApp({ DEMO_SIMULATOR_DELAY_MS: String(DELAY_MS) });
  const customer = await createUser(ctx.database, { phone: '+13105550100' });
  token = await loginAs(ctx.app, customer.email);
  const db = ctx.database.db;
  const [size] = await db.select().from(moveTypes).where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = size!.id;
  const [item] = await db
    .select()
    .from(catalogueItems)
    .where(eq(catalogueItems.type, '1'))
    .orderBy(asc(catalogueItems.id))
    .limit(1);
  itemId = item!.id;
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.userType, UserType.company),
        inArray(
          users.email,
          DEMO_COMPANIES.map((c) => c.email),
        ),
      ),
    );
  for (const row of rows) companyIds.set(row.email, row.id);
});
afterAll(() => ctx.close());

const idOf = (index: number) => companyIds.get(DEMO_COMPANIES[index]!.email)!;

const address = (i: number, zip: string) => ({
  street_address: `${100 + i} Main St`,
  apartment_number: '',
  address_detail: '',
  is_storage: false,
  complete_address: `${100 + i} Main St, Los Angeles, CA ${zip}, USA`,
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
  longitude: -118.24 - i * 0.05,
  address_type: i === 0 ? '1' : '2',
});

function payload(pickUpZip: string, dropOffZip = '90402') {
  return {
    request_type: '0',
    address_array: [address(0, pickUpZip), address(1, dropOffZip)],
    starting_lat: 34.05,
    starting_long: -118.24,
    schedule_time: '',
    move_type: moveTypeId,
    payment_status: '0',
    customer_budget: 650,
    final_comment: '',
    s_date: toSpecDate(addLocalDays(new Date(), 10)),
    s_time: '08:00 - 09:00',
    movers: 3,
    items_array: [
      {
        _id: itemId,
        category_name: 'Living Room',
        name: 'Sofa 3-seat',
        type: '1',
        size: '3',
        unit_price: 0,
        currency: 'USD',
        quantity: 2,
        additional_info: '',
        items_image_array: [],
        added_by_type: '',
      },
    ],
  };
}

async function createRequest(pickUpZip: string, app = ctx.app): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/customer/generate_request',
    payload: payload(pickUpZip),
    headers: { 'x-sh-auth': token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
}

const bidsOf = (requestId: number) =>
  ctx.database.db
    .select()
    .from(requestBids)
    .where(eq(requestBids.requestId, requestId))
    .orderBy(asc(requestBids.companyId));

const requestRow = async (id: number) =>
  (await ctx.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;

/** The simulator's jobs queued for a request, with when each is due. */
async function jobsOf(requestId: number) {
  const result = await ctx.database.db.execute(
    sql`select data, start_after as "startAfter", created_on as "createdOn" from pgboss.job
        where name = ${DEMO_BID_JOB} and (data->>'requestId')::int = ${requestId}`,
  );
  return (
    result as unknown as {
      rows: { data: { companyId: number }; startAfter: Date | string; createdOn: Date | string }[];
    }
  ).rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The request's event of `type` handed to the subscribers once more, as if delivered twice: the
 * demo's reaction must not repeat.
 */
async function redeliver(requestId: number, type: string) {
  const [event] = await ctx.database.db
    .update(domainEvents)
    .set({ dispatchedAt: null })
    .where(and(eq(domainEvents.requestId, requestId), eq(domainEvents.type, type)))
    .returning({ id: domainEvents.id });
  expect(event, type).toBeDefined();
  await ctx.app.events.dispatch([event!.id]);
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

describe('demo companies (seed)', () => {
  it('seeds 3–4 companies with a profile, picture, trucks, foremen, reviews, zips and a link', async () => {
    const db = ctx.database.db;
    expect(DEMO_COMPANIES.length).toBeGreaterThanOrEqual(3);
    expect(DEMO_COMPANIES.length).toBeLessThanOrEqual(4);
    expect(companyIds.size).toBe(DEMO_COMPANIES.length);
    const served = new Set(
      (await db.select({ zip: serviceZipCodes.zipCode }).from(serviceZipCodes)).map((z) => z.zip),
    );
    for (const [index, company] of DEMO_COMPANIES.entries()) {
      const id = idOf(index);
      const [profile] = await db
        .select()
        .from(companyProfiles)
        .where(eq(companyProfiles.userId, id));
      expect(profile).toMatchObject({
        name: company.profile.name,
        phone: company.profile.phone,
        email: company.profile.email,
        address: company.profile.address,
        completedMoves: company.profile.completedMoves,
      });
      expect(profile!.about!.length).toBeGreaterThan(40);
      // The picture ships with the web app: a path on this server, never an outside URL.
      expect(profile!.profilePicture).toMatch(/^\/demo\/[a-z-]+\.svg$/);
      const file = fileURLToPath(
        new URL(`../../web/public${profile!.profilePicture}`, import.meta.url),
      );
      expect(existsSync(file), file).toBe(true);

      const trucks = await db.select().from(companyTrucks).where(eq(companyTrucks.companyId, id));
      expect(trucks.length).toBeGreaterThan(0);
      expect(profile!.truckCount).toBe(trucks.length);

      const foremen = await db
        .select({ email: users.email, userType: users.userType })
        .from(companyForemen)
        .innerJoin(users, eq(users.id, companyForemen.userId))
        .where(eq(companyForemen.companyId, id));
      expect(foremen.length).toBeGreaterThan(0);
      expect(foremen.every((f) => f.userType === UserType.foreman)).toBe(true);

      const reviews = await db
        .select()
        .from(companyReviews)
        .where(eq(companyReviews.companyId, id));
      expect(reviews.length).toBeGreaterThanOrEqual(4);
      expect(reviews.length).toBeLessThanOrEqual(8);
      for (const review of reviews) {
        expect(review.requestId).toBeNull();
        expect(review.reviewerFirstName).not.toBe('');
        expect(review.reviewerLastName).not.toBe('');
        expect(review.companyComment!.length).toBeGreaterThan(10);
        expect(review.createdAt.getTime()).toBeLessThan(Date.now());
      }
      const mean = reviews.reduce((sum, r) => sum + r.companyRating, 0) / reviews.length;
      expect(profile!.rating).toBeCloseTo(mean, 9);

      const zips = await db
        .select({ zip: companyServiceZips.zipCode })
        .from(companyServiceZips)
        .where(eq(companyServiceZips.companyId, id));
      expect(zips.length).toBeGreaterThan(10);
      expect(zips.every((z) => served.has(z.zip))).toBe(true);

      const [link] = await db
        .select()
        .from(companyDirectLinks)
        .where(eq(companyDirectLinks.link, company.directLink));
      expect(link).toMatchObject({ companyId: id, createdByUserId: id, isActive: true });
    }
    // Downtown Los Angeles is served by every demo company.
    const downtown = await db
      .select()
      .from(companyServiceZips)
      .where(eq(companyServiceZips.zipCode, '90012'));
    expect(downtown.length).toBeGreaterThanOrEqual(DEMO_COMPANIES.length);
  });

  it('keeps the existing direct links working', async () => {
    for (const link of [
      DEMO_DIRECT_LINKS.company,
      DEMO_DIRECT_LINKS.salesTeam,
      'westside-van-lines',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/company/validate_generated_link',
        payload: { generated_link: link },
      });
      expect(res.statusCode, `${link}: ${res.body}`).toBe(200);
    }
  });

  it('lets a demo company and a demo foreman sign in with the printed password', async () => {
    const company = DEMO_COMPANIES[1];
    expect(
      await loginAs(ctx.app, company.email, DEMO_COUNTERPART_PASSWORD, UserType.company),
    ).toMatch(/.{20,}/);
    expect(
      await loginAs(ctx.app, company.foremen[0].email, DEMO_COUNTERPART_PASSWORD, UserType.foreman),
    ).toMatch(/.{20,}/);
  });

  it('is idempotent: a second run adds nothing and changes no count', async () => {
    const db = ctx.database.db;
    const counts = async () => {
      const count = async (table: PgTable) =>
        (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
      return {
        users: await count(users),
        profiles: await count(companyProfiles),
        trucks: await count(companyTrucks),
        foremen: await count(companyForemen),
        zips: await count(companyServiceZips),
        reviews: await count(companyReviews),
        links: await count(companyDirectLinks),
        profileRows: await db.select().from(companyProfiles).orderBy(asc(companyProfiles.userId)),
      };
    };
    const before = await counts();
    await seed({ db, demo: true });
    await seed({ db, demo: true });
    expect(await counts()).toEqual(before);
  });

  it('gives a company seeded before sign-in its password, and never resets a changed one', async () => {
    const db = ctx.database.db;
    const company = DEMO_COMPANIES[2];
    await db
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.id, idOf(2)));
    await seed({ db, demo: true });
    await loginAs(ctx.app, company.email, DEMO_COUNTERPART_PASSWORD, UserType.company);
    const [changed] = await db
      .select()
      .from(users)
      .where(eq(users.id, idOf(3)));
    await db
      .update(users)
      .set({ passwordHash: 'kept' })
      .where(eq(users.id, idOf(3)));
    await seed({ db, demo: true });
    const [after] = await db
      .select()
      .from(users)
      .where(eq(users.id, idOf(3)));
    expect(after!.passwordHash).toBe('kept');
    await db
      .update(users)
      .set({ passwordHash: changed!.passwordHash })
      .where(eq(users.id, idOf(3)));
    expect(
      await db
        .select()
        .from(companyReviews)
        .where(and(eq(companyReviews.companyId, idOf(2)), isNull(companyReviews.requestId))),
    ).toHaveLength(company.reviews.length);
  });
});

describe('demo simulator', () => {
  it('has the serving demo companies bid within the delay, around the estimate, one bid each', async () => {
    const requestId = await createRequest('90012');
    // Queued while the request was made, so each is due within the delay of now, staggered
    // (measured from when the call returned: a loaded machine may take long to make it).
    const returned = Date.now();
    const jobs = await jobsOf(requestId);
    expect(jobs.map((j) => j.data.companyId).sort()).toEqual([...companyIds.values()].sort());
    const due = jobs.map((j) => new Date(j.startAfter).getTime());
    for (const at of due) expect(at - returned).toBeLessThanOrEqual(DELAY_MS);
    expect(new Set(due).size).toBe(jobs.length);

    await sleep(DELAY_MS);
    expect(await ctx.app.jobs.runDue(DEMO_BID_JOB)).toBe(DEMO_COMPANIES.length);
    const request = await requestRow(requestId);
    expect(request.timelineStatus).toBe(TimelineStatus.pendingAcceptance);
    const base = request.recommendAmountCents!;
    expect(base).toBeGreaterThan(0);
    const bids = await bidsOf(requestId);
    expect(bids.map((b) => b.companyId).sort()).toEqual([...companyIds.values()].sort());
    for (const bid of bids) {
      expect(bid.bidAmountCents % 100).toBe(0);
      expect(bid.bidAmountCents).toBeGreaterThanOrEqual(Math.floor(base * (1 - DEMO_BID_SPREAD)));
      expect(bid.bidAmountCents).toBeLessThanOrEqual(Math.ceil(base * (1 + DEMO_BID_SPREAD)));
      expect(bid.movers).toBe(request.movers);
      expect(bid.status).toBe(0);
    }
    expect(new Set(bids.map((b) => b.bidAmountCents)).size).toBe(bids.length);
    // The customer hears of each bid.
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.requestId, requestId));
    expect(notes.filter((n) => / bid \$/.test(n.messageBody))).toHaveLength(bids.length);
  });

  it('bids only with the companies that serve the pick-up zip', async () => {
    // Pasadena: the first company serves all of the county, the fourth the San Gabriel Valley.
    const requestId = await createRequest('91101');
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    const bids = await bidsOf(requestId);
    expect(bids.map((b) => b.companyId).sort()).toEqual([idOf(0), idOf(3)].sort());
  });

  it('never bids twice: a repeated event queues no twin, a job run twice changes nothing', async () => {
    const requestId = await createRequest('90012');
    await redeliver(requestId, 'request.created');
    expect(await jobsOf(requestId)).toHaveLength(DEMO_COMPANIES.length);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    const first = await bidsOf(requestId);
    expect(first).toHaveLength(DEMO_COMPANIES.length);

    // The same jobs again (a retry, a second process, a replayed hook after completion).
    const planned = await planDemoBids({ db: ctx.database.db, requestId, maxDelayMs: 0 });
    for (const { delayMs: _delay, ...job } of planned) {
      expect(await runDemoBid({ domain: ctx.app.domain, ...job })).toBe('skipped');
    }
    await redeliver(requestId, 'request.created');
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    const again = await bidsOf(requestId);
    expect(again.map((b) => [b.id, b.bidAmountCents])).toEqual(
      first.map((b) => [b.id, b.bidAmountCents]),
    );
    // A bid the customer deleted does not come back with a replayed job.
    const [deleted] = first;
    const removed = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/delete_bid',
      payload: { request_id: requestId, company_id: deleted!.companyId },
      headers: { 'x-sh-auth': token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const replay = planned.find((p) => p.companyId === deleted!.companyId)!;
    expect(await runDemoBid({ domain: ctx.app.domain, ...replay })).toBe('skipped');
    expect((await bidsOf(requestId)).find((b) => b.id === deleted!.id)!.status).toBe(2);
    const history = await ctx.database.db.execute(
      sql`select count(*)::int as n from request_status_history where request_id = ${requestId}`,
    );
    expect((history as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('skips a request that closed for bids before the job ran', async () => {
    const requestId = await createRequest('90012');
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/delete_request',
      payload: { request_id: requestId },
      headers: { 'x-sh-auth': token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    expect(await bidsOf(requestId)).toEqual([]);
  });

  it('does not bid on a direct request; its demo company answers with the confirmation letter', async () => {
    const { request_type: _type, customer_budget: _budget, ...body } = payload('90012');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/generate_request_by_customer',
      payload: {
        ...body,
        first_name: 'Jordan',
        last_name: 'Reyes',
        email: `direct-${Date.now()}@example.com`,
        phone_number: '+13235550123',
        customer_phone_number: '+13235550123',
        start_window_from: '10:00',
        start_window_to: '11:00',
        direct_access_link: DEMO_DIRECT_LINKS.company,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const requestId = (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
    // Not even when its event comes again: a direct request is not open for bids.
    await redeliver(requestId, 'request.created');
    expect(await jobsOf(requestId)).toEqual([]);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    expect(await bidsOf(requestId)).toEqual([]);
    // spec §4: the direct request waits at 3 for the customer's signature (additional_status 0).
    await ctx.app.jobs.runDue(DEMO_MOVE_JOB);
    const answered = await requestRow(requestId);
    expect(answered.timelineStatus).toBe(TimelineStatus.paid);
    expect(answered.additionalStatus).toBe(0);
    expect(answered.letterHtml).toContain('Hour Rate');
    // Played once: a replayed event finds nothing left to send.
    await redeliver(requestId, 'request.created');
    expect(await ctx.app.jobs.runDue(DEMO_MOVE_JOB)).toBe(0);
  });

  it('does nothing with DEMO_SIMULATOR=0', async () => {
    const off = await buildPeerApp(ctx, { DEMO_SIMULATOR: '0', DEMO_SIMULATOR_DELAY_MS: '0' });
    try {
      expect(off.app.config.demoSimulator.enabled).toBe(false);
      const requestId = await createRequest('90012', off.app);
      expect(await jobsOf(requestId)).toEqual([]);
      // Even a process whose simulator is on finds nothing queued for it.
      await sleep(DELAY_MS);
      await ctx.app.jobs.runDue(DEMO_BID_JOB);
      expect(await bidsOf(requestId)).toEqual([]);
      expect((await requestRow(requestId)).timelineStatus).toBe(TimelineStatus.awaitingResponse);
    } finally {
      await off.close();
    }
  });

  it('lands every bid within 10 s by default, the first after a moment', async () => {
    const requestId = await createRequest('90012');
    const planned = await planDemoBids({ db: ctx.database.db, requestId, maxDelayMs: 10_000 });
    const delays = planned.map((p) => p.delayMs).sort((a, b) => a - b);
    expect(delays).toHaveLength(DEMO_COMPANIES.length);
    expect(delays[0]).toBeGreaterThanOrEqual(1_500);
    // The last bid is due early enough that a worker's poll still lands it within 10 s.
    expect(delays.at(-1)! + DEMO_POLL_SECONDS * 1000).toBeLessThanOrEqual(9_000);
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
  });

  it('is worked by a polling worker within the delay and its poll', async () => {
    const worker = await buildPeerApp(ctx, {
      JOB_WORKERS: 'true',
      DEMO_SIMULATOR_DELAY_MS: '1000',
    });
    try {
      const started = Date.now();
      const requestId = await createRequest('91101', worker.app);
      await until(async () => (await bidsOf(requestId)).length === 2, 10_000);
      // The delay, a poll, and room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(1_000 + DEMO_POLL_SECONDS * 1000 + 2_000);
    } finally {
      await worker.close();
    }
  });
});

describe('a demo company that a person plays', () => {
  it('is left alone while its console is open, and bids again once it is closed for good', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const played = DEMO_COMPANIES[0];
    const playedId = idOf(0);
    const companyToken = await loginAs(
      ctx.app,
      played.email,
      DEMO_COUNTERPART_PASSWORD,
      UserType.company,
    );
    const [row] = await ctx.database.db
      .select({ roomId: users.roomId })
      .from(users)
      .where(eq(users.id, playedId));
    const socket = openSocket(baseUrl, {
      token: companyToken,
      roomId: row!.roomId,
      type: UserType.company,
    });
    try {
      await connected(socket);
      const whilePlayed = await createRequest('90012');
      await sleep(DELAY_MS);
      await ctx.app.jobs.runDue(DEMO_BID_JOB);
      const bidders = (await bidsOf(whilePlayed)).map((b) => b.companyId);
      expect(bidders).not.toContain(playedId);
      expect(bidders).toHaveLength(companyIds.size - 1);
    } finally {
      socket.close();
    }

    // The console closed: within the grace period (three times the delay: it may be reloading)
    // the company's bid waits; once it is over, the simulator plays the company again.
    await until(async () => (await ctx.app.realtime.onlineRooms([row!.roomId])).size === 0, 5_000);
    const afterwards = await createRequest('90012');
    await sleep(DELAY_MS);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    expect((await bidsOf(afterwards)).map((b) => b.companyId)).not.toContain(playedId);
    await sleep(DELAY_MS * 3);
    await ctx.app.jobs.runDue(DEMO_BID_JOB);
    expect((await bidsOf(afterwards)).map((b) => b.companyId)).toContain(playedId);
  });
});
