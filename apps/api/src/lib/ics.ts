/*
 * Calendar invites (iCalendar, RFC 5545), pure: no clock, no database. A move is one VEVENT whose
 * UID stays the same for the life of the request, so a calendar that holds the invite replaces
 * it when a later one (higher SEQUENCE) arrives: an updated window (METHOD:REQUEST) or the
 * cancelled move (METHOD:CANCEL, STATUS:CANCELLED). Times are written in UTC ("Z"): the move
 * window's instants are computed in the service area's time zone by the caller, and UTC needs no
 * VTIMEZONE component, which every calendar reads the same way.
 */

export interface CalendarEvent {
  /** Stable per request, e.g. 'request-42@movehub.example'. */
  uid: string;
  /** 0 for the first invite; higher for every change of the same event. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  /** When this version of the invite was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  /** The organizer's email (calendars want one on a METHOD:REQUEST invite). */
  organizerEmail?: string | null;
  organizerName?: string | null;
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
export const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped; line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1 folding: a content line longer than 75 octets is split, each continuation line
 * starting with one space (which counts in its 75). Splits fall between characters, never inside
 * a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // Continuation lines begin with a space, leaving 74 octets for content.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 'YYYYMMDDTHHMMSSZ' (RFC 5545 §3.3.5, form 2: UTC). */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The whole VCALENDAR as text: CRLF line endings, folded lines, a final CRLF. */
export function buildCalendar(event: CalendarEvent): string {
  const cancelled = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MoveHub//Move calendar//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizerEmail
      ? [
          `ORGANIZER${event.organizerName ? `;CN="${event.organizerName.replace(/["\\;:,\r\n]/g, '')}"` : ''}:mailto:${event.organizerEmail}`,
        ]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** Undoes folding (for tests and readers): a CRLF followed by a space or tab joins the lines. */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
}
