/**
 * Move date and time-window rules of the request wizard, step 0 (spec/request-lifecycle.md §5
 * "Step 0" and §9): earliest date today, or tomorrow from hour 22; 30-minute slots from about the
 * next hour until 23:30; 'To' options follow the chosen 'From'; 08:00–09:00 by default on a later
 * day; three premade windows.
 *
 * Every function is pure: `now` is a parameter, never read from the clock. Dates are calendar
 * days read with the local getters (getFullYear/getMonth/getDate/getHours), which in the browser
 * are the customer's local time. Times of day are 'HH:mm' strings on a 30-minute grid.
 *
 * Plain Date arithmetic on purpose: packages/shared depends on zod only, and `new Date(y, m, d + 1)`
 * crosses month ends and DST changes correctly for calendar days.
 *
 * Decisions where the spec is open:
 * - "About the next hour" is the next full hour strictly after `now`: 14:00, 14:01 and 14:59 all
 *   start at 15:00 (a move cannot start in the current hour).
 * - A later day offers every slot from 00:00 to 23:30 (the spec gives only its default window,
 *   08:00–09:00, and no first slot); today starts at the next full hour, so at 03:10 it is 04:00.
 * - The spec says same-day slots come from server lists; here they are computed from `now`, so that
 *   the server and the browser agree without a call.
 * - 23:30 is the last slot, so it is a 'To' only: `startSlots` drops it, because a 'From' of 23:30
 *   would leave no 'To'.
 * - 'Entire day' is 08:00–20:00.
 */

/** spec §5: from this local hour the earliest move date is tomorrow. */
export const MOVE_DATE_CUTOFF_HOUR = 22;
/** spec §9: slots are 30 minutes apart. */
export const SLOT_MINUTES = 30;
/** spec §9: slots run "until 23:30". */
export const DAY_LAST_SLOT = '23:30';
/** spec §9: "on a later day the default window is 08:00 to 09:00". */
export const LATER_DAY_DEFAULT_WINDOW: TimeWindow = { from: '08:00', to: '09:00' };
/** Today's default window is one hour long when the day has room for it. */
export const DEFAULT_WINDOW_MINUTES = 60;

export interface TimeWindow {
  /** 'HH:mm', the start_window_from of the wire. */
  from: string;
  /** 'HH:mm', the start_window_to of the wire. */
  to: string;
}

export interface PremadeWindow extends TimeWindow {
  label: PremadeWindowLabel;
}

/** spec §2 and §9: the premade labels, shown as-is wherever the move time appears. */
export const PREMADE_WINDOW_LABELS = [
  '8AM - 12PM Morning',
  '12PM - 5PM Evening',
  'Entire day',
] as const;
export type PremadeWindowLabel = (typeof PREMADE_WINDOW_LABELS)[number];

/** The premade windows; the first two follow their labels, 'Entire day' is ours: 08:00–20:00. */
export const PREMADE_WINDOWS: readonly PremadeWindow[] = [
  { label: '8AM - 12PM Morning', from: '08:00', to: '12:00' },
  { label: '12PM - 5PM Evening', from: '12:00', to: '17:00' },
  { label: 'Entire day', from: '08:00', to: '20:00' },
];

// ---------------------------------------------------------------------------------------------
// 'HH:mm' ⇄ minutes

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' (00:00–23:59) → minutes after midnight, or null when malformed. */
export function parseTimeOfDay(value: string): number | null {
  const match = TIME_PATTERN.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes after midnight → 'HH:mm' (the wire's form; the web app's lib/format-date displays it). */
export function minutesToTimeOfDay(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** True for an 'HH:mm' on the 30-minute grid. */
export function isSlot(value: string): boolean {
  const minutes = parseTimeOfDay(value);
  return minutes !== null && minutes % SLOT_MINUTES === 0;
}

// ---------------------------------------------------------------------------------------------
// Calendar days

/** Local midnight of the day `date` falls on. */
export function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Local midnight `days` calendar days after `date`'s day (DST-safe). */
export function addLocalDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Negative, zero or positive as `a`'s calendar day is before, on or after `b`'s. */
export function compareLocalDays(a: Date, b: Date): number {
  return startOfLocalDay(a).getTime() - startOfLocalDay(b).getTime();
}

/** spec §5: the earliest move date is today, or tomorrow from 22:00 local time. */
export function earliestMoveDate(now: Date): Date {
  return now.getHours() >= MOVE_DATE_CUTOFF_HOUR ? addLocalDays(now, 1) : startOfLocalDay(now);
}

/** True when `date`'s day is on or after the earliest move date. */
export function isMoveDateAllowed(date: Date, now: Date): boolean {
  return compareLocalDays(date, earliestMoveDate(now)) >= 0;
}

/**
 * 'MM-DD-YYYY', the spec's s_date (§7): of a Date's local calendar day (the browser), or of a
 * 'YYYY-MM-DD' day as the database stores it (the server).
 */
export function toSpecDate(date: Date | string): string {
  if (typeof date === 'string') {
    const [y, m, d] = date.split('-');
    return `${m}-${d}-${y}`;
  }
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}-${dd}-${String(date.getFullYear()).padStart(4, '0')}`;
}

/** 'MM-DD-YYYY' → local midnight of that day, or null when malformed or not a real day. */
export function parseSpecDate(value: string): Date | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  const date = new Date(year, month - 1, day);
  // Date rolls 02-30 over into March; a real day reads back the same.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return null;
  return date;
}

/** 'MM-DD-YYYY' → 'YYYY-MM-DD' (the database's date), or null when not a real day. */
export function specDateToIso(value: string): string | null {
  if (!parseSpecDate(value)) return null;
  const [mm, dd, yyyy] = value.trim().split('-');
  return `${yyyy}-${mm}-${dd}`;
}

// ---------------------------------------------------------------------------------------------
// The service's wall clock (the server's side of spec §5)

/**
 * A moment as a wall clock in one time zone reads it. The browser judges the move date by the
 * customer's local getters above; the server cannot (its own zone is whatever the host runs in),
 * so it reads the clock of the service area's zone (config SERVICE_TIME_ZONE).
 */
export interface ZonedTime {
  /** 'YYYY-MM-DD': two of them compare as strings the way their days do. */
  date: string;
  /** 0–23. */
  hour: number;
  minute: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which some engines render as '24' at midnight.
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** True for a time zone name Intl knows, such as 'America/Los_Angeles' or 'UTC'. */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    zoneFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The day and time `now` reads in `timeZone` (an IANA name); DST is Intl's business. */
export function zonedNow(now: Date, timeZone: string): ZonedTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zoneFormat(timeZone).formatToParts(now)) parts[part.type] = part.value;
  const year = (parts.year ?? '').padStart(4, '0');
  return {
    date: `${year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/**
 * spec §5 "earliest date is today, or tomorrow from hour 22", judged on the service's clock: why
 * the move day `date` ('YYYY-MM-DD') is refused at `now`, or null when it is allowed. 'past' for
 * a day before today, 'cutoff' for today from 22:00.
 */
export function moveDayRefusal(date: string, now: ZonedTime): 'past' | 'cutoff' | null {
  if (date < now.date) return 'past';
  if (date === now.date && now.hour >= MOVE_DATE_CUTOFF_HOUR) return 'cutoff';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Slots and windows

function slotRange(firstMinutes: number, lastMinutes: number): string[] {
  const slots: string[] = [];
  for (let m = firstMinutes; m <= lastMinutes; m += SLOT_MINUTES) slots.push(minutesToTimeOfDay(m));
  return slots;
}

const LAST_MINUTES = parseTimeOfDay(DAY_LAST_SLOT) as number;

/**
 * Every slot of `date` from its first available one until 23:30: from the next full hour today
 * ("about the next hour", spec §9), 00:00 on a later day, none before the earliest move date.
 */
export function timeSlots(date: Date, now: Date): string[] {
  if (!isMoveDateAllowed(date, now)) return [];
  if (compareLocalDays(date, now) > 0) return slotRange(0, LAST_MINUTES);
  const nextHour = (now.getHours() + 1) * 60;
  return slotRange(nextHour, LAST_MINUTES);
}

/** The 'From' options: the day's slots that still leave a 'To' (all but 23:30). */
export function startSlots(date: Date, now: Date): string[] {
  return timeSlots(date, now).filter((slot) => slot !== DAY_LAST_SLOT);
}

/** spec §5 "'From' chosen before 'To'": the 'To' options, every slot after `from` until 23:30. */
export function endSlots(from: string): string[] {
  const start = parseTimeOfDay(from);
  if (start === null || !isSlot(from)) return [];
  return slotRange(start + SLOT_MINUTES, LAST_MINUTES);
}

/**
 * The window preselected for `date`: 08:00–09:00 on a later day; today, the first available slot
 * and one hour after it (the cutoff makes 22:00–23:00 the latest). Null when the day has no slot.
 */
export function defaultWindow(date: Date, now: Date): TimeWindow | null {
  if (!isMoveDateAllowed(date, now)) return null;
  if (compareLocalDays(date, now) > 0) return { ...LATER_DAY_DEFAULT_WINDOW };
  const from = startSlots(date, now)[0];
  if (from === undefined) return null;
  const start = parseTimeOfDay(from) as number;
  const to = Math.min(start + DEFAULT_WINDOW_MINUTES, LAST_MINUTES);
  return { from, to: minutesToTimeOfDay(to) };
}

/** spec §5 step 0: both bounds on the grid, 'From' available on `date`, 'To' after 'From'. */
export function isWindowValid(window: TimeWindow, date: Date, now: Date): boolean {
  return startSlots(date, now).includes(window.from) && endSlots(window.from).includes(window.to);
}

/** The premade windows that still fit `date` (today at 10:00 the morning has gone). */
export function availablePremadeWindows(date: Date, now: Date): PremadeWindow[] {
  return PREMADE_WINDOWS.filter((w) => isWindowValid(w, date, now));
}

// ---------------------------------------------------------------------------------------------
// Texts

/** spec §3 timeRange.move_duration: 'from - to', e.g. '08:00 - 09:00'. */
export function moveDurationText(from: string, to: string): string {
  return `${from} - ${to}`;
}

/** The premade window with exactly these bounds, if any. */
export function premadeWindowFor(window: TimeWindow): PremadeWindow | undefined {
  return PREMADE_WINDOWS.find((w) => w.from === window.from && w.to === window.to);
}

/**
 * The s_time of a window: a premade window's label (spec §2: fixed slots are shown as-is), else
 * the move_duration text. A hand-picked 08:00–12:00 is the morning window and reads as its label.
 */
export function moveTimeText(window: TimeWindow): string {
  return premadeWindowFor(window)?.label ?? moveDurationText(window.from, window.to);
}

/** 'HH:mm - HH:mm' → the window, or null when it is not one. */
export function parseMoveDuration(text: string): TimeWindow | null {
  const match = /^\s*(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s*$/.exec(text);
  if (!match) return null;
  const from = match[1] as string;
  const to = match[2] as string;
  if (parseTimeOfDay(from) === null || parseTimeOfDay(to) === null) return null;
  return { from, to };
}

/** spec §5 "'From' chosen before 'To'": both bounds well formed and 'To' strictly later. */
export function isWindowOrdered(window: TimeWindow): boolean {
  const from = parseTimeOfDay(window.from);
  const to = parseTimeOfDay(window.to);
  return from !== null && to !== null && from < to;
}

/** The window fields of a create-request payload (spec §7), as the server's schema reads them. */
export interface PayloadWindowFields {
  s_time?: string | null | undefined;
  start_window_from?: string | null | undefined;
  start_window_to?: string | null | undefined;
}

/**
 * The window a create-request payload carries: its bounds when both are sent (direct-link mode
 * and the wizard send them), else read from s_time, an 'HH:mm - HH:mm' or a premade label.
 */
export function payloadWindow(body: PayloadWindowFields): TimeWindow | null {
  if (body.start_window_from && body.start_window_to) {
    return { from: body.start_window_from, to: body.start_window_to };
  }
  const text = body.s_time?.trim();
  if (!text) return null;
  const premade = PREMADE_WINDOWS.find((w) => w.label === text);
  return parseMoveDuration(text) ?? (premade ? { from: premade.from, to: premade.to } : null);
}
