import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  findTransition,
  isDirectRequest,
  isLetterSigned,
  isOpenForBids,
  moveStartWindow,
  startOfZonedDay,
  UserType,
  type LifecycleAction,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import {
  companyForemen,
  companyServiceZips,
  companyTrucks,
  requestAddresses,
  requestBids,
  requests,
  users,
} from '../../db/schema';
import { DEMO_COMPANIES } from '../../db/seed/demo';
import { AppError } from '../../errors';
import type { Domain } from '../../domain/context';
import { placeBid } from '../../domain/request/bids';
import { sendLetter } from '../../domain/request/letter';
import { assignMove, completeMove, startMove } from '../../domain/request/move-day';
import type { LetterRates } from '../letter/letter.service';
import {
  DEMO_DRIVE_CONCURRENCY,
  DEMO_DRIVE_JOB,
  drivePlan,
  runDemoDrive,
  type DemoDriveJob,
} from './demo-drive';
import type { ChatMessageSent } from '../chat/chat.service';
import { registerDemoChat } from './demo-chat';
import {
  companyPresence,
  requestPresence,
  watchConsoleDepartures,
  yieldsToPerson,
} from './demo-presence';
import { demoChangePending, registerDemoChanges, registerDemoPricing } from './demo-changes';
import { DEMO_POLL_SECONDS, isDemoCompany } from './demo-companies';

/*
 * The demo simulator (docs/decisions/012): in the embedded mode the demo companies answer new
 * requests in their area, so that one person can walk the lifecycle alone. Each simulated step
 * is a job on the job queue (a restart loses none, two processes never both run one) and goes
 * through the same commands as the partner API. Off in production, always.
 */

/** One demo company's bid on one request. */
export const DEMO_BID_JOB = 'demo.bid';

export interface DemoBidJob {
  requestId: number;
  companyId: number;
  /** Where the bid sits around the estimate: -0.15 … +0.15 of it. */
  spread: number;
}

/** Bids land within ±15% of the estimate. */
export const DEMO_BID_SPREAD = 0.15;

/** One step of move day that a demo company plays on a paid request it won. */
export const DEMO_MOVE_JOB = 'demo.move';

export type DemoMoveStep = 'sendLetter' | 'assign' | 'start' | 'complete';

export interface DemoMoveJob {
  requestId: number;
  step: DemoMoveStep;
}

/** Each move-day step lands this share of the delay after the one before (5 s of 10 s). */
export const DEMO_STEP_SHARE = 0.5;

type RequestRow = typeof requests.$inferSelect;

/** The shared guards' view of a request row. */
function lifecycleOf(row: RequestRow) {
  return {
    request_timeline_status: row.timelineStatus,
    request_status: row.requestStatus,
    request_type: row.requestType,
  };
}

/** A stable number in [0, 1) for a request and a company: retries and twins agree on it. */
function unitHash(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32;
}

/** The first pick-up address's zip code of a request. */
async function pickUpZip(db: Db, requestId: number): Promise<string | null> {
  const [row] = await db
    .select({ zip: requestAddresses.zipCode })
    .from(requestAddresses)
    .where(and(eq(requestAddresses.requestId, requestId), eq(requestAddresses.addressType, 1)))
    .orderBy(asc(requestAddresses.position))
    .limit(1);
  return row?.zip ?? null;
}

/** The demo companies that serve a zip code. */
async function demoCompaniesServing(db: Db, zipCode: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      companyServiceZips,
      and(eq(companyServiceZips.companyId, users.id), eq(companyServiceZips.zipCode, zipCode)),
    )
    .where(
      and(
        eq(users.userType, UserType.company),
        inArray(
          users.email,
          DEMO_COMPANIES.map((c) => c.email),
        ),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export interface PlannedBid extends DemoBidJob {
  /** How long after the request the bid is placed. */
  delayMs: number;
}

/**
 * The demo companies' bids on a new request: each serving company once, in an order and at a
 * spread that look random but are fixed by the request, spaced evenly below maxDelayMs (with
 * four companies and 10 s: after 2, 4, 6 and 8 s, so a worker's poll still lands the last one
 * within the bound). Nothing for a
 * request that is not open for bids (a direct request) or outside every demo company's area.
 */
export async function planDemoBids(opts: {
  db: Db;
  requestId: number;
  maxDelayMs: number;
}): Promise<PlannedBid[]> {
  const { db, requestId } = opts;
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || !isOpenForBids(lifecycleOf(request))) return [];
  const zip = await pickUpZip(db, requestId);
  if (!zip) return [];
  const companies = (await demoCompaniesServing(db, zip)).sort(
    (a, b) => unitHash(requestId, a) - unitHash(requestId, b),
  );
  const n = companies.length;
  return companies.map((companyId, i) => {
    // Evenly spaced across the band so no two companies bid alike, with a little jitter.
    const slot = n === 1 ? 0.5 : i / (n - 1);
    const jitter = (unitHash(requestId, companyId, 'jitter') - 0.5) * 0.04;
    const spread = Math.max(
      -DEMO_BID_SPREAD,
      Math.min(DEMO_BID_SPREAD, -0.12 + 0.24 * slot + jitter),
    );
    // Order by price is not order of arrival: the delays follow another shuffle.
    const turn = [...companies]
      .sort((a, b) => unitHash(requestId, a, 'turn') - unitHash(requestId, b, 'turn'))
      .indexOf(companyId);
    const delayMs = Math.round((opts.maxDelayMs * (turn + 1)) / (n + 1));
    return { requestId, companyId, spread, delayMs };
  });
}

/** A bid around the estimate (else the customer's price) in whole dollars, or null without one. */
export function demoBidCents(baseCents: number | null, spread: number): number | null {
  if (baseCents === null || baseCents <= 0) return null;
  return Math.max(1, Math.round((baseCents / 100) * (1 + spread))) * 100;
}

/**
 * A demo company's bid, when the request is still open for bids and the company has not bid on
 * it yet: a retried or twin job changes nothing, and a bid the customer deleted (or the company
 * withdrew) does not come back. A request that closed meanwhile is skipped.
 */
export async function runDemoBid(
  opts: { domain: Domain } & DemoBidJob,
): Promise<'placed' | 'skipped'> {
  const { domain, requestId, companyId } = opts;
  const { db } = domain;
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || !isOpenForBids(lifecycleOf(request))) return 'skipped';
  const [existing] = await db
    .select({ id: requestBids.id })
    .from(requestBids)
    .where(and(eq(requestBids.requestId, requestId), eq(requestBids.companyId, companyId)))
    .limit(1);
  if (existing) return 'skipped';
  const amount = demoBidCents(
    request.recommendAmountCents ?? request.customerBudgetCents,
    opts.spread,
  );
  if (amount === null) return 'skipped';
  try {
    await placeBid({
      domain,
      companyId,
      requestId,
      bidAmountCents: amount,
      movers: request.movers,
    });
  } catch (err) {
    // Accepted, cancelled or out of the company's area meanwhile: nothing left to simulate.
    if (err instanceof AppError && err.code >= 400 && err.code < 500) return 'skipped';
    throw err;
  }
  return 'placed';
}

/**
 * The move-day step that fits a request now, when a demo company won it: assign once paid (a
 * direct request once its letter is signed, spec §4), start once assigned, complete once
 * started (the drive, demo-drive.ts, asks for it on arrival). Null otherwise (another company's request, cancelled, waiting for the customer).
 */
export async function nextDemoMoveStep(db: Db, requestId: number): Promise<DemoMoveStep | null> {
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || request.companyId === null) return null;
  const step = stepFor(request);
  if (!step) return null;
  return (await isDemoCompany(db, request.companyId)) ? step : null;
}

/**
 * The earliest moment a demo step may run, or null for any time: a start waits for its move's
 * window to open on the service area's clock (decision 042), as a real crew must.
 */
export async function demoStepNotBefore(
  db: Db,
  requestId: number,
  step: DemoMoveStep,
  timeZone: string,
): Promise<Date | null> {
  if (step !== 'start') return null;
  const [row] = await db
    .select({ moveDate: requests.moveDate })
    .from(requests)
    .where(eq(requests.id, requestId))
    .limit(1);
  return row ? startOfZonedDay(moveStartWindow(row.moveDate).from, timeZone) : null;
}

/** The company's next move by the lifecycle table, from the request's status. */
function stepFor(request: RequestRow): DemoMoveStep | null {
  const direct = isDirectRequest({ request_type: request.requestType });
  const allows = (action: LifecycleAction) =>
    findTransition(action, request.timelineStatus, 'company') !== null;
  // A direct request to a demo company: the company answers with its confirmation letter.
  if (allows('sendLetter')) return direct ? 'sendLetter' : null;
  if (allows('assign'))
    return direct && !isLetterSigned(request.additionalStatus) ? null : 'assign';
  if (allows('startMove')) return 'start';
  if (allows('completeMove')) return 'complete';
  return null;
}

/** The rates a demo company's letter offers: hourly, by cash or card. */
export const DEMO_LETTER_RATES: LetterRates = {
  rateMethod: 'Hourly',
  paymentMethod: null,
  cashPaymentRateCents: 12_000,
  cardPaymentRateCents: 12_900,
  minimumHours: 3,
  cashMinFlatRateCents: null,
  cashMaxFlatRateCents: null,
  cardMinFlatRateCents: null,
  cardMaxFlatRateCents: null,
};

/** What the letter step needs beyond the database: the log and the site's URL for its email. */
export interface DemoLetterContext {
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Plays one step of a demo company through the partner API's commands: send a direct request's
 * confirmation letter; once paid, assign its
 * first foreman and first active truck, then the foreman starts the move, then the company
 * marks it complete. Skipped when the request is no longer where the step begins (a replayed
 * job, a request cancelled or moved on meanwhile).
 */
export async function runDemoMoveStep(
  opts: { domain: Domain; letter: DemoLetterContext } & DemoMoveJob,
): Promise<'done' | 'skipped'> {
  const { domain, requestId, step } = opts;
  const { db } = domain;
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || request.companyId === null || stepFor(request) !== step) return 'skipped';
  if (!(await isDemoCompany(db, request.companyId))) return 'skipped';
  // A change proposal waits for the customer: the move goes on once answered (demo-changes.ts).
  if (await demoChangePending(db, requestId)) return 'skipped';
  const companyId = request.companyId;
  try {
    if (step === 'sendLetter') {
      await sendLetter({
        domain,
        log: opts.letter.log,
        publicUrl: opts.letter.publicUrl,
        companyId,
        requestId,
        rates: DEMO_LETTER_RATES,
      });
    } else if (step === 'assign') {
      const [foreman] = await db
        .select({ id: companyForemen.userId })
        .from(companyForemen)
        .where(and(eq(companyForemen.companyId, companyId), isNull(companyForemen.removedAt)))
        .orderBy(asc(companyForemen.userId))
        .limit(1);
      const [truck] = await db
        .select({ id: companyTrucks.id })
        .from(companyTrucks)
        .where(and(eq(companyTrucks.companyId, companyId), eq(companyTrucks.isActive, true)))
        .orderBy(asc(companyTrucks.id))
        .limit(1);
      if (!foreman || !truck) return 'skipped';
      await assignMove({
        domain,
        companyId,
        requestId,
        foremanId: foreman.id,
        truckIds: [truck.id],
      });
    } else if (step === 'start') {
      const user =
        request.foremanId !== null
          ? { id: request.foremanId, userType: UserType.foreman }
          : { id: companyId, userType: UserType.company };
      await startMove({ domain, user, requestId });
    } else {
      await completeMove({
        domain,
        user: { id: companyId, userType: UserType.company },
        requestId,
      });
    }
  } catch (err) {
    // Moved on under the step (cancelled, another process played it): nothing left to do.
    if (err instanceof AppError && err.code >= 400 && err.code < 500) return 'skipped';
    throw err;
  }
  return 'done';
}

/**
 * Defines the simulator's jobs and subscribes it to the events it answers (nothing when it is
 * off): a subscriber like any other, after the commit of what it reacts to; no route calls it.
 */
export function registerDemoSimulator(app: FastifyInstance): void {
  const { enabled, maxDelayMs } = app.config.demoSimulator;
  if (!enabled) return;
  /** Queues the move-day step that fits the request now, if any; never throws. */
  const queueMoveStep = async (requestId: number) => {
    try {
      const step = await nextDemoMoveStep(app.db, requestId);
      if (!step) return;
      const soon = Date.now() + Math.round(maxDelayMs * DEMO_STEP_SHARE);
      const opens = await demoStepNotBefore(app.db, requestId, step, app.config.serviceTimeZone);
      await app.jobs.send(DEMO_MOVE_JOB, { requestId, step } satisfies DemoMoveJob, {
        startAfter: new Date(Math.max(soon, opens?.getTime() ?? 0)),
        singletonKey: `${requestId}:${step}`,
      });
    } catch (err) {
      // The customer's payment is committed; a demo nicety must not turn it into an error.
      app.log.error({ err, requestId }, 'demo simulator could not queue a move-day step');
    }
  };
  const { driveMs } = app.config.demoSimulator;
  const drive = drivePlan(driveMs);
  /** Queues one point of the demo truck's journey; never throws. */
  const queueDrive = async (job: DemoDriveJob, afterMs: number) => {
    try {
      await app.jobs.send(DEMO_DRIVE_JOB, job, {
        startAfter: new Date(Date.now() + afterMs),
        singletonKey: `${job.requestId}:drive:${job.tick}`,
      });
    } catch (err) {
      app.log.error({ err, requestId: job.requestId }, 'demo simulator could not queue the drive');
    }
  };
  app.jobs.define<DemoDriveJob>(DEMO_DRIVE_JOB, {
    exclusive: true,
    // Every truck on the road posts a point a second: one worker (two jobs a second at most)
    // stretched three simultaneous 45 s drives to 95 s.
    concurrency: DEMO_DRIVE_CONCURRENCY,
    retryLimit: 2,
    expireInSeconds: 60,
    pollingIntervalSeconds: DEMO_POLL_SECONDS,
    handler: async (data) => {
      // The person's own foreman shares the truck's real position: the demo drive stops (or
      // waits, while a console that just dropped its socket may be reloading).
      const again = {
        name: DEMO_DRIVE_JOB,
        data,
        singletonKey: `${data.requestId}:drive:${data.tick}`,
      };
      if (await yieldsToPerson(app, await requestPresence(app, data.requestId), again)) return;
      const outcome = await runDemoDrive({
        domain: app.domain,
        geo: app.geo,
        log: app.log,
        driveMs,
        job: data,
      });
      if (outcome.state === 'stopped') return;
      if (outcome.state === 'driving') {
        await queueDrive(
          { requestId: data.requestId, tick: data.tick + 1, path: outcome.path },
          drive.intervalMs,
        );
      } else {
        // Arrived: the company marks the move complete.
        await queueMoveStep(data.requestId);
      }
    },
  });
  const queueDemoChange = app.config.demoSimulator.proposeChanges
    ? registerDemoChanges(app, maxDelayMs)
    : async () => undefined;
  app.jobs.define<DemoMoveJob>(DEMO_MOVE_JOB, {
    exclusive: true,
    retryLimit: 2,
    expireInSeconds: 60,
    pollingIntervalSeconds: DEMO_POLL_SECONDS,
    handler: async (data) => {
      // A person playing the company runs its move day from the console, also across a reload.
      const again = { name: DEMO_MOVE_JOB, data, singletonKey: `${data.requestId}:${data.step}` };
      if (await yieldsToPerson(app, await requestPresence(app, data.requestId), again)) return;
      // Each step, once played, queues the next: assign → start → (the drive) → complete.
      const letter = { log: app.log, publicUrl: app.config.publicUrl };
      if ((await runDemoMoveStep({ domain: app.domain, letter, ...data })) === 'done') {
        // Once started, the foreman drives the truck from its first point on; the company
        // completes the move when it arrives.
        if (data.step === 'start') await queueDrive({ requestId: data.requestId, tick: 0 }, 0);
        else await queueMoveStep(data.requestId);
      }
    },
  });
  app.jobs.define<DemoBidJob>(DEMO_BID_JOB, {
    // One job per (request, company) queued or running: a repeated hook or a second process
    // adds no twin.
    exclusive: true,
    retryLimit: 2,
    expireInSeconds: 60,
    pollingIntervalSeconds: DEMO_POLL_SECONDS,
    handler: async (data) => {
      // A person playing the company bids from the console, or not at all.
      const again = {
        name: DEMO_BID_JOB,
        data,
        singletonKey: `${data.requestId}:${data.companyId}`,
      };
      if (await yieldsToPerson(app, await companyPresence(app, data.companyId), again)) return;
      await runDemoBid({ domain: app.domain, ...data });
    },
  });
  const requestCreated = async (requestId: number) => {
    try {
      const planned = await planDemoBids({ db: app.db, requestId, maxDelayMs });
      const now = Date.now();
      for (const { delayMs, ...job } of planned) {
        await app.jobs.send(DEMO_BID_JOB, job, {
          startAfter: new Date(now + delayMs),
          singletonKey: `${job.requestId}:${job.companyId}`,
        });
      }
    } catch (err) {
      // The customer's request is committed; a demo nicety must not turn it into an error.
      app.log.error({ err, requestId }, 'demo simulator could not queue bids');
    }
    // A direct request to a demo company gets its confirmation letter.
    await queueMoveStep(requestId);
  };
  // A console's departures start its grace period; the socket server exists once the app is ready.
  app.addHook('onReady', async () => watchConsoleDepartures(app));
  const chatMessageSent = registerDemoChat(app, maxDelayMs);
  const changeAskedForPrice = registerDemoPricing(app, maxDelayMs);
  app.events.subscribe({
    name: 'demo',
    async afterCommit(events) {
      for (const event of events) {
        const requestId = event.requestId;
        if (requestId === null) continue;
        switch (event.type) {
          case 'request.created':
            await requestCreated(requestId);
            break;
          case 'request.paid':
            // A demo company that won the request plays its move day, and may propose a change.
            await queueMoveStep(requestId);
            await queueDemoChange(requestId);
            break;
          case 'request.letter_signed':
          case 'request.change_answered':
            // The move day that waited for the letter or for the customer's answer goes on.
            await queueMoveStep(requestId);
            break;
          case 'request.change_asked':
            await changeAskedForPrice(requestId);
            break;
          case 'chat.message_sent':
            chatMessageSent(event.data as unknown as ChatMessageSent);
            break;
          default:
            break;
        }
      }
    },
  });
}
