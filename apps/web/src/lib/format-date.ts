import {
  parseMoveDuration,
  parseSpecDate,
  parseTimeOfDay,
  PREMADE_WINDOW_LABELS,
  type TimeWindow,
} from '@movehub/shared';

/*
 * The one place the web app turns dates and times into text (spec/request-lifecycle.md §2 and
 * §9), so that a move's date and time read the same on every screen.
 */

/** spec/request-lifecycle.md §9: the display formats. */
export const DISPLAY_DATE_FORMAT = 'MMM Do YY';
export const WIRE_DATE_FORMAT = 'MM-DD-YYYY';

const WIRE_DATE = /^\d{2}-\d{2}-\d{4}$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date from the server: MM-DD-YYYY (s_date, the create payload's format) and YYYY-MM-DD as
 * that calendar day here (the database's dates; `Date` would read the latter as UTC midnight,
 * the day before in the Americas), any other ISO text as the moment it names.
 */
function readDate(value: string): Date | null {
  if (WIRE_DATE.test(value)) return parseSpecDate(value);
  const day = ISO_DAY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** DISPLAY_DATE_FORMAT of a local day: "Mar 5th 26". */
function displayDay(date: Date): string {
  const year = String(date.getFullYear() % 100).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())} ${year}`;
}

/**
 * 'MMM Do YY' (e.g. "Mar 5th 26"). Requests carry s_date as MM-DD-YYYY (the create payload's
 * format); anything else is read as ISO. An unreadable value is shown as it came.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = readDate(value);
  return parsed ? displayDay(parsed) : value;
}

/**
 * 12-hour display of an 'HH:mm' time of day: '08:00' → '8:00 AM', '00:30' → '12:30 AM',
 * '13:30' → '1:30 PM'. Anything else is shown as it came.
 */
export function formatTimeOfDay(value: string | null | undefined): string {
  if (!value) return '';
  const minutes = parseTimeOfDay(value);
  if (minutes === null) return value;
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** '8:00 AM - 9:00 AM'. */
function formatWindow(window: TimeWindow): string {
  return `${formatTimeOfDay(window.from)} - ${formatTimeOfDay(window.to)}`;
}

/** The time fields a request or a draft carries. */
export interface MoveTimeFields {
  s_time?: string | null | undefined;
  start_window_from?: string | null | undefined;
  start_window_to?: string | null | undefined;
}

/**
 * spec §2 "Move Time": the fixed slots ('8AM - 12PM Morning', '12PM - 5PM Evening', 'Entire
 * day') as-is, otherwise a start-to-end range in 12-hour display. s_time wins when it is a slot
 * or an 'HH:mm - HH:mm' range; otherwise the start window; an older free text is kept as is.
 */
export function formatMoveTime(fields: MoveTimeFields): string {
  const text = fields.s_time?.trim() ?? '';
  if ((PREMADE_WINDOW_LABELS as readonly string[]).includes(text)) return text;
  const range = text ? parseMoveDuration(text) : null;
  if (range) return formatWindow(range);
  const { start_window_from: from, start_window_to: to } = fields;
  if (from && to && parseTimeOfDay(from) !== null && parseTimeOfDay(to) !== null) {
    return formatWindow({ from, to });
  }
  return text || [formatTimeOfDay(from), formatTimeOfDay(to)].filter(Boolean).join(' - ');
}

/** A moment of the timeline or a comment: 'MMM Do YY, h:mm A' (e.g. "Mar 5th 26, 2:30 PM"). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = readDate(value);
  if (!parsed) return value;
  const time = `${String(parsed.getHours()).padStart(2, '0')}:${String(parsed.getMinutes()).padStart(2, '0')}`;
  return `${displayDay(parsed)}, ${formatTimeOfDay(time)}`;
}
