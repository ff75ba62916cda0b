import { toSpecDate, zonedNow } from './wizard-time';

/*
 * When a move may start (docs/decisions/042): its crew starts it (4 → 5) from the day before its
 * move date to a few days after it, the days read on the service area's clock
 * (SERVICE_TIME_ZONE), never on the host's or the phone's. The day before lets a crew load the
 * truck the evening before; the days after let a move held up by weather or a broken truck go
 * ahead without paperwork. Outside the window the company proposes a new date to the customer
 * first, and the window follows the date the customer accepts.
 *
 * Pure: the caller says which day it is ('YYYY-MM-DD' in the service's zone; zonedNow gives it).
 */

/** How many days before its move date a move may start. */
export const MOVE_START_DAYS_BEFORE = 1;
/** How many days after its move date a move may still start. */
export const MOVE_START_DAYS_AFTER = 2;

/** The days (inclusive, 'YYYY-MM-DD' of the service's zone) on which a move may start. */
export interface MoveStartWindow {
  from: string;
  to: string;
}

/** Why a move may not start today: the window has not opened yet, or it has closed. */
export type MoveStartRefusal = 'early' | 'late';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic on a date: no clock, no DST). */
export function addIsoDays(day: string, days: number): string {
  const match = ISO_DAY.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The days a move on `moveDate` may start on. */
export function moveStartWindow(moveDate: string): MoveStartWindow {
  return {
    from: addIsoDays(moveDate, -MOVE_START_DAYS_BEFORE),
    to: addIsoDays(moveDate, MOVE_START_DAYS_AFTER),
  };
}

/**
 * Why a move on `moveDate` may not start on `today` (both 'YYYY-MM-DD' of the service's zone),
 * or null when it may. Days of that form compare as strings the way the days do.
 */
export function moveStartRefusal(moveDate: string, today: string): MoveStartRefusal | null {
  const window = moveStartWindow(moveDate);
  if (today < window.from) return 'early';
  if (today > window.to) return 'late';
  return null;
}

/** The same question asked of a moment: `now` is read on the clock of `timeZone`. */
export function moveStartRefusalAt(
  moveDate: string,
  now: Date,
  timeZone: string,
): MoveStartRefusal | null {
  return moveStartRefusal(moveDate, zonedNow(now, timeZone).date);
}

/**
 * Why the move cannot start, in words: the API's 422 and the screens say the same. `formatDay`
 * writes a 'YYYY-MM-DD' day (the spec's MM-DD-YYYY unless the screen has its own format).
 */
export function moveStartRefusalText(
  refusal: MoveStartRefusal,
  moveDate: string,
  formatDay: (day: string) => string = toSpecDate,
): string {
  const window = moveStartWindow(moveDate);
  return refusal === 'early'
    ? `This move is on ${formatDay(moveDate)}: it can be started from ${formatDay(window.from)}.`
    : `This move was on ${formatDay(moveDate)}: it could be started until ${formatDay(window.to)}. Propose a new date to the customer first.`;
}

/**
 * The moment the service's day `day` begins in `timeZone` (its midnight, or the first minute the
 * zone's clock shows that day): when a move's window opens, for a step planned ahead.
 */
export function startOfZonedDay(day: string, timeZone: string): Date {
  const match = ISO_DAY.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  const wanted = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // The zone's offset at a guess, applied, read again: twice settles a guess across a DST change.
  let guess = wanted;
  for (let i = 0; i < 3; i += 1) {
    const seen = zonedNow(new Date(guess), timeZone);
    const [y, m, d] = seen.date.split('-').map(Number) as [number, number, number];
    const shown = Date.UTC(y, m - 1, d, seen.hour, seen.minute);
    const next = guess - (shown - wanted);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}
