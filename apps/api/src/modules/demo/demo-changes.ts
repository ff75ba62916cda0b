import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  isMoveUpcoming,
  ItemType,
  MOVERS_OPTIONS,
  toDollars,
  type ProposeChangeInput,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import type { Domain } from '../../domain/context';
import {
  moveTypes,
  requestAddresses,
  requestChanges,
  requestItems,
  requests,
} from '../../db/schema';
import { AppError } from '../../errors';
import { changesAwaitingPrice, priceChange, proposeChange } from '../../domain/request/changes';
import type { AddressProposal, ItemsProposal } from '../../domain/request/proposals';
import { estimateMove } from '../../domain/request/details';
import { requestPresence, yieldsToPerson } from './demo-presence';
import { DEMO_POLL_SECONDS, isDemoCompany } from './demo-companies';

/*
 * The demo companies' change proposals: a realistic change on
 * some demo moves. After payment, on about half of the moves a demo company won, it
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

/** True while a change of the request waits for its price or for the customer's answer. */
export async function demoChangePending(db: Db, requestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: requestChanges.id })
    .from(requestChanges)
    .where(
      and(
        eq(requestChanges.requestId, requestId),
        sql`${requestChanges.status} in ('awaiting_price', 'pending')`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Proposes the demo change of a paid move a demo company won, once: skipped when the request is
 * not (or no longer) paid and waiting for or in its assignment, is another company's, or already
 * had a proposal.
 */
export async function runDemoChange(opts: {
  domain: Domain;
  requestId: number;
}): Promise<'proposed' | 'skipped'> {
  const { requestId } = opts;
  const { db } = opts.domain;
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || request.companyId === null) return 'skipped';
  if (!isMoveUpcoming(request.timelineStatus)) return 'skipped';
  if (!(await isDemoCompany(db, request.companyId))) return 'skipped';
  const [earlier] = await db
    .select({ id: requestChanges.id })
    .from(requestChanges)
    .where(eq(requestChanges.requestId, requestId))
    .limit(1);
  if (earlier) return 'skipped';
  try {
    await proposeChange({
      domain: opts.domain,
      companyId: request.companyId,
      input: demoChangeOf(request),
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
      // A person playing the company proposes its own changes.
      const again = { name: DEMO_CHANGE_JOB, data, singletonKey: `${data.requestId}:change` };
      if (await yieldsToPerson(app, await requestPresence(app, data.requestId), again)) return;
      await runDemoChange({ domain: app.domain, requestId: data.requestId });
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

/*
 * The demo companies price the changes their customers ask for: a paid direct
 * request's edit waits for its company's price; a demo company prices it a moment later at the
 * difference the edit makes to the move's estimate (as at creation), in whole dollars, so that
 * the customer then accepts it and pays or is refunded that difference, or rejects it.
 */

export const DEMO_PRICE_JOB = 'demo.price-change';

/** The price lands this share of the simulator's delay after the customer's edit. */
export const DEMO_PRICE_DELAY_SHARE = 0.25;

/** The estimate of the move with the asked change applied, less the estimate without it. */
export async function demoChangePrice(
  db: Db,
  request: typeof requests.$inferSelect,
  change: typeof requestChanges.$inferSelect,
): Promise<number> {
  const addresses = await db
    .select()
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, request.id))
    .orderBy(asc(requestAddresses.position), asc(requestAddresses.id));
  const items = await db
    .select({ size: requestItems.size, quantity: requestItems.quantity, type: requestItems.type })
    .from(requestItems)
    .where(eq(requestItems.requestId, request.id));
  const [moveType] = request.moveTypeId
    ? await db
        .select({ name: moveTypes.name })
        .from(moveTypes)
        .where(eq(moveTypes.id, request.moveTypeId))
        .limit(1)
    : [];
  const estimate = (
    stops: readonly {
      latitude: number | null;
      longitude: number | null;
      is_stairs: boolean;
      number_of_flights: number;
    }[],
    lines: readonly { size: string | null; quantity: number; type: string | number }[],
  ) =>
    estimateMove({
      addresses: stops,
      items: lines.map((l) => ({
        size: l.size ?? '2',
        quantity: l.quantity,
        type: String(l.type),
      })),
      movers: request.movers ?? 2,
      moveTypeName: moveType?.name ?? null,
    }).recommendAmountCents;
  const stopOf = (a: (typeof addresses)[number]) => ({
    latitude: a.latitude,
    longitude: a.longitude,
    is_stairs: a.isStairs,
    number_of_flights: a.numberOfFlights,
  });
  const stopsNow = addresses.map(stopOf);
  const before = estimate(stopsNow, items);
  let after: number;
  if (change.type === 'address') {
    const p = change.proposal as AddressProposal;
    const removed = new Set(p.remove.map((e) => e.address_id));
    const edits = new Map(p.edit.map((e) => [e.address_id, e]));
    const stops = [
      ...addresses.filter((a) => !removed.has(a.id)).map((a) => edits.get(a.id) ?? stopOf(a)),
      ...p.add,
    ];
    after = estimate(stops, items);
  } else {
    const type = change.type === 'items' ? ItemType.regular : ItemType.extra;
    const kept = items.filter((i) => i.type !== type);
    after = estimate(stopsNow, [...kept, ...(change.proposal as ItemsProposal).items]);
  }
  return Math.round((after - before) / 100) * 100;
}

/** Prices every change awaiting a demo company's price on a request; skips anything else. */
export async function runDemoPricing(opts: {
  domain: Domain;
  requestId: number;
}): Promise<'priced' | 'skipped'> {
  const { requestId } = opts;
  const { db } = opts.domain;
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  if (!request || request.companyId === null) return 'skipped';
  if (!(await isDemoCompany(db, request.companyId))) return 'skipped';
  const waiting = await changesAwaitingPrice({ db, companyId: request.companyId, requestId });
  let priced = false;
  for (const change of waiting) {
    const cents = await demoChangePrice(db, request, change);
    // A saving never exceeds what the request can give back (escrow, final amount).
    const floor = -(request.finalAmountCents ?? 0);
    try {
      await priceChange({
        domain: opts.domain,
        companyId: request.companyId,
        input: {
          request_id: requestId,
          type: change.type,
          change_id: change.id,
          price: toDollars(Math.max(cents, floor)),
        },
      });
      priced = true;
    } catch (err) {
      // Moved on under the job (cancelled, completed, priced by a twin): nothing to do.
      if (err instanceof AppError && err.code >= 400 && err.code < 500) continue;
      throw err;
    }
  }
  return priced ? 'priced' : 'skipped';
}

/** Defines the pricing job; answers the hook that queues it after an edit (never throws). */
export function registerDemoPricing(
  app: FastifyInstance,
  maxDelayMs: number,
): (requestId: number) => Promise<void> {
  app.jobs.define<DemoChangeJob>(DEMO_PRICE_JOB, {
    exclusive: true,
    retryLimit: 2,
    expireInSeconds: 60,
    pollingIntervalSeconds: DEMO_POLL_SECONDS,
    handler: async (data) => {
      // A person playing the company prices its customers' edits from the console.
      const again = { name: DEMO_PRICE_JOB, data, singletonKey: `${data.requestId}:price` };
      if (await yieldsToPerson(app, await requestPresence(app, data.requestId), again)) return;
      await runDemoPricing({ domain: app.domain, requestId: data.requestId });
    },
  });
  return async (requestId: number) => {
    try {
      await app.jobs.send(DEMO_PRICE_JOB, { requestId } satisfies DemoChangeJob, {
        startAfter: new Date(Date.now() + Math.round(maxDelayMs * DEMO_PRICE_DELAY_SHARE)),
        singletonKey: `${requestId}:price`,
      });
    } catch (err) {
      // The customer's edit is committed; a demo nicety must not turn it into an error.
      app.log.error({ err, requestId }, 'demo simulator could not queue a change price');
    }
  };
}
