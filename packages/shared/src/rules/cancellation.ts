import { hasMoveStarted, isPaidIntoEscrow } from './lifecycle';
import { parseTimeOfDay, payloadWindow, zonedNow } from './wizard-time';

/*
 * The Cancellation policy (About Us, seeded in apps/api/src/db/seed/settings.ts) as the code
 * applies it when a customer cancels a paid request:
 * - 72 hours or more before the move window starts: the whole escrow is refunded;
 * - less than 72 hours before it (or later, while the crew has not started): half is refunded,
 *   the other half is the company's cancellation fee;
 * - once the move has started (status 5 'Move in progress' or 6 'Completed, waiting for
 *   confirmation'): nothing is refunded, the company keeps the escrow.
 * "Started" is the crew's act, not the clock's: a window that has begun without the foreman
 * starting the move (status 3 or 4) is still a late cancellation, not a started move.
 * The escrow holds the move price after discount; the card processing fee paid with it went to
 * the card network and is not part of the refund. Pure: `now` and the zone are parameters.
 */

/** Hours of notice before the move window's start that earn a full refund. */
export const FULL_REFUND_NOTICE_HOURS = 72;
/** Percent of the escrow refunded with at least FULL_REFUND_NOTICE_HOURS of notice. */
export const FULL_REFUND_PERCENT = 100;
/** Percent refunded with less notice, while the move has not started. */
export const LATE_REFUND_PERCENT = 50;
/** Percent refunded once the move has started. */
export const STARTED_REFUND_PERCENT = 0;

const HOUR_MS = 3_600_000;

/** Which rule of the policy applies: nothing paid, full, late (half) or started (none). */
export type CancellationTier = 'unpaid' | 'full' | 'late' | 'started';

export interface CancellationRefund {
  tier: CancellationTier;
  /** Back to the customer's card, in cents. */
  refundCents: number;
  /** Kept by the company as its cancellation fee, in cents. */
  keptCents: number;
}

/**
 * The instant a wall-clock time of `date` ('YYYY-MM-DD') reads `minutes` after midnight in
 * `timeZone` (an IANA name). Two corrections by the zone's offset settle DST changes; a time that
 * a spring-forward skips lands an hour later, as clocks do.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = zonedNow(new Date(guess), timeZone);
    const [sy, sm, sd] = seen.date.split('-').map(Number) as [number, number, number];
    const seenWall = Date.UTC(sy, sm - 1, sd, seen.hour, seen.minute);
    if (seenWall === wall) break;
    guess += wall - seenWall;
  }
  return new Date(guess);
}

/**
 * When the move window starts: the move date at start_window_from (else the start of the time
 * slot s_time names, a premade label or 'HH:mm - HH:mm'; else midnight), in the service area's
 * time zone, the clock the wizard's date rules are judged on (config SERVICE_TIME_ZONE).
 */
export function moveWindowStart(opts: {
  /** 'YYYY-MM-DD', as the database stores the move date. */
  moveDate: string;
  windowFrom: string | null;
  moveTime: string | null;
  timeZone: string;
}): Date {
  const fromWindow = opts.windowFrom ? parseTimeOfDay(opts.windowFrom) : null;
  const slot = opts.moveTime ? payloadWindow({ s_time: opts.moveTime }) : null;
  const minutes = fromWindow ?? (slot ? parseTimeOfDay(slot.from) : null) ?? 0;
  return zonedInstant(opts.moveDate, minutes, opts.timeZone);
}

/** The share of `heldCents` refunded at `percent`; an odd cent of a half goes to the customer. */
function share(heldCents: number, percent: number): number {
  return Math.ceil((heldCents * percent) / 100);
}

/**
 * What a customer's cancel at `now` gives back of the `heldCents` in escrow. Nothing paid (below
 * status 3, or an empty escrow): nothing to refund and nothing kept.
 */
export function cancellationRefund(opts: {
  timeline: number;
  heldCents: number;
  windowStart: Date;
  now: Date;
}): CancellationRefund {
  const held = Math.max(0, opts.heldCents);
  if (!isPaidIntoEscrow(opts.timeline) || held === 0) {
    return { tier: 'unpaid', refundCents: 0, keptCents: 0 };
  }
  let tier: CancellationTier;
  let percent: number;
  if (hasMoveStarted(opts.timeline)) {
    tier = 'started';
    percent = STARTED_REFUND_PERCENT;
  } else if (
    opts.windowStart.getTime() - opts.now.getTime() >=
    FULL_REFUND_NOTICE_HOURS * HOUR_MS
  ) {
    tier = 'full';
    percent = FULL_REFUND_PERCENT;
  } else {
    tier = 'late';
    percent = LATE_REFUND_PERCENT;
  }
  const refundCents = share(held, percent);
  return { tier, refundCents, keptCents: held - refundCents };
}

/** The policy in one sentence, as the cancel dialog and About Us' Cancellation policy say it. */
export const CANCELLATION_POLICY_TEXT =
  `Cancel ${FULL_REFUND_NOTICE_HOURS} hours or more before your move window starts for a full refund of the amount held in escrow; ` +
  `within ${FULL_REFUND_NOTICE_HOURS} hours, ${LATE_REFUND_PERCENT}% is refunded and the company keeps the rest as its cancellation fee; ` +
  `once the move has started, nothing is refunded. The card processing fee is not refunded.`;
