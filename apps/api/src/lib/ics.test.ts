import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc, MAX_LINE_OCTETS, unfold } from './ics';

const event = {
  uid: 'request-42@movehub.test',
  sequence: 0,
  method: 'REQUEST' as const,
  stamp: new Date('2026-11-20T10:00:00Z'),
  start: new Date('2026-11-25T13:00:00Z'),
  end: new Date('2026-11-25T17:00:00Z'),
  summary: 'Move #42 with Acme Movers',
  location: '1 Main St, Apt 2; Springfield, IL 62701',
};

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('ics', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('formats UTC date-times', () => {
    expect(formatUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('folds lines longer than 75 octets, continuation lines starting with a space', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, part] of parts.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(unfold(folded + '\r\n')).toEqual([line]);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('never splits a multi-byte character when folding', () => {
    const line = `SUMMARY:${'é'.repeat(60)}🚚${'ü'.repeat(30)}`;
    const parts = foldLine(line).split('\r\n');
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      // A split inside a sequence would decode to U+FFFD.
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i > 0 ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('writes a VCALENDAR with CRLF line endings and the event fields', () => {
    const text = buildCalendar(event);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:request-42@movehub.test');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('DTSTAMP:20261120T100000Z');
    expect(lines).toContain('DTSTART:20261125T130000Z');
    expect(lines).toContain('DTEND:20261125T170000Z');
    expect(lines).toContain('SUMMARY:Move #42 with Acme Movers');
    expect(lines).toContain('LOCATION:1 Main St\\, Apt 2\\; Springfield\\, IL 62701');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'));
    for (const raw of text.split('\r\n')) expect(octets(raw)).toBeLessThanOrEqual(75);
  });

  it('cancels with the same UID, a higher SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED', () => {
    const lines = unfold(buildCalendar({ ...event, method: 'CANCEL', sequence: 2 }));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('UID:request-42@movehub.test');
  });
});
