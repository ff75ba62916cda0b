import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MOVERS_OPTIONS,
  TimelineStatus,
  toDollars,
  type ProposeChangeInput,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import { requestChanges, requests } from '../../db/schema';
import { AppError } from '../../errors';
import { proposeChange } from '../changes/changes.service';
import { kickDelivery } from '../customer-messages/customer-messages.service';
import { DEMO_POLL_SECONDS, isDemoCompany } from './demo-simulator';

/*
 * The demo companies' change proposals (issue 14 item 5: "The simulator proposes a realistic
 * change on some demo moves"). After payment, on about half of the moves a demo company won, it
 * asks through the partner API's service to move the job a day later with one more mover, for a
 * higher price: the customer then sees the change, pays the difference into escrow or rejects
 * it. One proposal per move at most. While it waits for the customer's answer the demo move day
 * holds (demo-simulator's runDemoMoveStep asks demoChangePending) so that the move is not
 * completed under an open question; the answer lets it go on.
 */

export const DEMO_CHANGE_JOB = 'demo.change';

export interface DemoChangeJob {
  requestId: number;
}

/** The share of demo moves that get a change proposal (by a stable hash of the request id). */
export const DEMO_CHANGE_SHARE = 0.5;

/** The proposal lands this share of the simulator's delay after payment, before the crew is assigned. */
export const DEMO_CHANGE_DELAY_SHARE = 0.25;

/** The price of the demo change: 15% of the final amount in whole dollars, at least $50. */
export function demoChangePriceCents(finalAmountCents: number | null): number {
  return Math.max(5_000, Math.round(((finalAmountCents ?? 0) * 0.15) / 100) * 100);
}

/** Whether a request is among the demo moves that get a proposal: stable across retries. */
export function getsDemoChange(requestId: number): boolean {
  const unit =
    createHash('sha256').update(`${requestId}:change`).digest().readUInt32BE(0) / 2 ** 32;
  return unit < DEMO_CHANGE_SHARE;
}

/** The day after an ISO date, as the wire's MM-DD-YYYY. */
function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}-${dd}-${d.getUTCFullYear()}`;
}

/** The demo change of a request: the day after, one more mover when there is room, a higher price. */
export function demoChangeOf(request: typeof requests.$inferSelect): ProposeChangeInput {
  const movers = request.movers ?? 2;
  const more = MOVERS_OPTIONS.find((m) => m > movers) ?? null;
  return {
    request_id: request.id,
    type: 'request',
    s_date: nextDay(request.moveDate),
    s_time: null,
    start_window_from: null,
    start_window_to: null,
    movers: more,
    price: toDollars(demoChangePriceCents(request.finalAmountCents)),
  };
}

/** True while a change of the request waits for the customer's answer. */
export async function demoChangePending(db: Db, requestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: requestChanges.id })
    .from(requestChanges)
    .where(and(eq(requestChanges.requestId, requestId), eq(requestChanges.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

/**
 * Proposes the demo change of a paid move a demo company won, once: skipped when the request is
 * not (or no longer) paid and waiting for or in its assignment, is another company's, or already
 * had a proposal.
 */
export async function runDemoChange(opts: {
  db: Db;
  timeZone: string;
  requestId: number;
}): Promise<'proposed' | 'skipped'> {
  const { db, requestId } = opts;
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || request.companyId === null) return 'skipped';
  if (
    request.timelineStatus !== TimelineStatus.paid &&
    request.timelineStatus !== TimelineStatus.truckAssigned
  ) {
    return 'skipped';
  }
  if (!(await isDemoCompany(db, request.companyId))) return 'skipped';
  const [earlier] = await db
    .select({ id: requestChanges.id })
    .from(requestChanges)
    .where(eq(requestChanges.requestId, requestId))
    .limit(1);
  if (earlier) return 'skipped';
  try {
    await proposeChange({
      db,
      companyId: request.companyId,
      input: demoChangeOf(request),
      timeZone: opts.timeZone,
    });
  } catch (err) {
    // Moved on under the job (cancelled, completed, proposed by a twin): nothing to do.
    if (err instanceof AppError && err.code >= 400 && err.code < 500) return 'skipped';
    throw err;
  }
  return 'proposed';
}

/** Defines the proposal job; answers the hook that queues it after a payment (never throws). */
export function registerDemoChanges(
  app: FastifyInstance,
  maxDelayMs: number,
): (requestId: number) => Promise<void> {
  app.jobs.define<DemoChangeJob>(DEMO_CHANGE_JOB, {
    exclusive: true,
    retryLimit: 2,
    expireInSeconds: 60,
    pollingIntervalSeconds: DEMO_POLL_SECONDS,
    handler: async (data) => {
      const done = await runDemoChange({
        db: app.db,
        timeZone: app.config.serviceTimeZone,
        requestId: data.requestId,
      });
      // The customer's email goes out now.
      if (done === 'proposed') await kickDelivery(app);
    },
  });
  return async (requestId: number) => {
    if (!getsDemoChange(requestId)) return;
    try {
      await app.jobs.send(DEMO_CHANGE_JOB, { requestId } satisfies DemoChangeJob, {
        startAfter: new Date(Date.now() + Math.round(maxDelayMs * DEMO_CHANGE_DELAY_SHARE)),
        singletonKey: `${requestId}:change`,
      });
    } catch (err) {
      // The customer's payment is committed; a demo nicety must not turn it into an error.
      app.log.error({ err, requestId }, 'demo simulator could not queue a change proposal');
    }
  };
}
