import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  MOVE_START_DAYS_AFTER,
  MOVE_START_DAYS_BEFORE,
  moveStartRefusal,
  moveStartRefusalAt,
  moveStartRefusalText,
  moveStartWindow,
  startOfZonedDay,
} from './move-day';

const LA = 'America/Los_Angeles';

describe('the move-day window', () => {
  it('opens the day before the move date and closes two days after it', () => {
    expect(MOVE_START_DAYS_BEFORE).toBe(1);
    expect(MOVE_START_DAYS_AFTER).toBe(2);
    expect(moveStartWindow('2026-12-15')).toEqual({ from: '2026-12-14', to: '2026-12-17' });
  });

  it('crosses month and year ends as calendar days', () => {
    expect(moveStartWindow('2027-01-01')).toEqual({ from: '2026-12-31', to: '2027-01-03' });
    expect(moveStartWindow('2028-02-28')).toEqual({ from: '2028-02-27', to: '2028-03-01' });
    expect(addIsoDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(() => addIsoDays('12-15-2026', 1)).toThrow();
  });

  it('refuses a start days before the move date, allows it from the day before, refuses it once closed', () => {
    const move = '2026-12-15';
    expect(moveStartRefusal(move, '2026-12-07')).toBe('early');
    expect(moveStartRefusal(move, '2026-12-13')).toBe('early');
    expect(moveStartRefusal(move, '2026-12-14')).toBeNull();
    expect(moveStartRefusal(move, '2026-12-15')).toBeNull();
    expect(moveStartRefusal(move, '2026-12-17')).toBeNull();
    expect(moveStartRefusal(move, '2026-12-18')).toBe('late');
  });

  it("reads the day on the service's clock, not the host's", () => {
    // 07:30 UTC on Dec 14 is still Dec 13 in Los Angeles: two days before a Dec 15 move there.
    const at = new Date('2026-12-14T07:30:00Z');
    expect(moveStartRefusalAt('2026-12-15', at, LA)).toBe('early');
    expect(moveStartRefusalAt('2026-12-15', at, 'UTC')).toBeNull();
    // Midnight in Los Angeles (08:00 UTC in winter) opens it.
    expect(moveStartRefusalAt('2026-12-15', new Date('2026-12-14T08:00:00Z'), LA)).toBeNull();
    // And 23:59 on the last day there is still inside; a minute later is not.
    expect(moveStartRefusalAt('2026-12-15', new Date('2026-12-18T07:59:00Z'), LA)).toBeNull();
    expect(moveStartRefusalAt('2026-12-15', new Date('2026-12-18T08:00:00Z'), LA)).toBe('late');
  });

  it('says why in words, with the days written as the spec writes dates unless told otherwise', () => {
    expect(moveStartRefusalText('early', '2026-12-15')).toBe(
      'This move is on 12-15-2026: it can be started from 12-14-2026.',
    );
    expect(moveStartRefusalText('late', '2026-12-15')).toBe(
      'This move was on 12-15-2026: it could be started until 12-17-2026. Propose a new date to the customer first.',
    );
    expect(moveStartRefusalText('early', '2026-12-15', (d) => `<${d}>`)).toBe(
      'This move is on <2026-12-15>: it can be started from <2026-12-14>.',
    );
  });

  it("finds the moment a service day begins, across the zone's DST changes", () => {
    expect(startOfZonedDay('2026-12-14', LA).toISOString()).toBe('2026-12-14T08:00:00.000Z');
    expect(startOfZonedDay('2026-07-01', LA).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // Los Angeles moves its clocks on March 8 and November 1, 2026 (at 02:00, after midnight).
    expect(startOfZonedDay('2026-03-08', LA).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfZonedDay('2026-03-09', LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(startOfZonedDay('2026-11-02', LA).toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(startOfZonedDay('2026-12-14', 'Asia/Kolkata').toISOString()).toBe(
      '2026-12-13T18:30:00.000Z',
    );
    expect(startOfZonedDay('2026-12-14', 'UTC').toISOString()).toBe('2026-12-14T00:00:00.000Z');
  });
});
