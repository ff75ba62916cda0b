import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  availablePremadeWindows,
  defaultWindow,
  earliestMoveDate,
  endSlots,
  isMoveDateAllowed,
  isSlot,
  isTimeZone,
  isWindowOrdered,
  isWindowValid,
  moveDayRefusal,
  moveDurationText,
  moveTimeText,
  parseMoveDuration,
  parseSpecDate,
  parseTimeOfDay,
  payloadWindow,
  PREMADE_WINDOWS,
  startSlots,
  timeSlots,
  toSpecDate,
  zonedNow,
} from './wizard-time';

// Local-time constructors, so that the tests read the same in every time zone.
const at = (h: number, m = 0) => new Date(2026, 5, 10, h, m); // 10 June 2026
const today = new Date(2026, 5, 10);
const tomorrow = new Date(2026, 5, 11);
const yesterday = new Date(2026, 5, 9);

describe('earliest move date', () => {
  it('is today before 22:00', () => {
    expect(earliestMoveDate(at(0, 0))).toEqual(today);
    expect(earliestMoveDate(at(21, 59))).toEqual(today);
  });

  it('is tomorrow from 22:00', () => {
    expect(earliestMoveDate(at(22, 0))).toEqual(tomorrow);
    expect(earliestMoveDate(at(23, 59))).toEqual(tomorrow);
  });

  it('crosses month and year ends', () => {
    expect(earliestMoveDate(new Date(2026, 11, 31, 22, 30))).toEqual(new Date(2027, 0, 1));
    expect(earliestMoveDate(new Date(2028, 1, 28, 23, 0))).toEqual(new Date(2028, 1, 29));
  });

  it('refuses past days and, from 22:00, today', () => {
    expect(isMoveDateAllowed(yesterday, at(9))).toBe(false);
    expect(isMoveDateAllowed(today, at(9))).toBe(true);
    expect(isMoveDateAllowed(today, at(22))).toBe(false);
    expect(isMoveDateAllowed(tomorrow, at(22))).toBe(true);
    expect(isMoveDateAllowed(new Date(2026, 5, 10, 23, 59), at(21))).toBe(true);
  });
});

describe('time slots', () => {
  it('start at the next full hour today and run in 30-minute steps until 23:30', () => {
    expect(timeSlots(today, at(14, 20))).toEqual([
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
      '23:00',
      '23:30',
    ]);
  });

  it('skip the current hour even on the hour', () => {
    expect(timeSlots(today, at(14, 0))[0]).toBe('15:00');
    expect(timeSlots(today, at(14, 59))[0]).toBe('15:00');
  });

  it('leave 22:00 to 23:30 at 21:xx, the last hour before the cutoff', () => {
    expect(timeSlots(today, at(21, 45))).toEqual(['22:00', '22:30', '23:00', '23:30']);
  });

  it('start at the next hour early in the morning, and cover the whole of a later day', () => {
    expect(timeSlots(today, at(3, 10))[0]).toBe('04:00');
    expect(timeSlots(today, at(0, 0))[0]).toBe('01:00');
    const later = timeSlots(tomorrow, at(15));
    expect(later[0]).toBe('00:00');
    expect(later.at(-1)).toBe('23:30');
    expect(later).toHaveLength(48); // 00:00 … 23:30
  });

  it('are all on the 30-minute grid', () => {
    for (const slot of timeSlots(tomorrow, at(9))) expect(isSlot(slot), slot).toBe(true);
  });

  it('are empty before the earliest date', () => {
    expect(timeSlots(yesterday, at(9))).toEqual([]);
    expect(timeSlots(today, at(22, 5))).toEqual([]);
  });

  it('offer the full day tomorrow once the cutoff has passed', () => {
    expect(timeSlots(tomorrow, at(22, 5))[0]).toBe('00:00');
  });

  it("drop 23:30 from the 'From' options so that a 'To' always exists", () => {
    expect(startSlots(today, at(21, 10))).toEqual(['22:00', '22:30', '23:00']);
    for (const from of startSlots(tomorrow, at(9)))
      expect(endSlots(from).length).toBeGreaterThan(0);
  });
});

describe("'To' options", () => {
  it("follow the chosen 'From'", () => {
    expect(endSlots('21:30')).toEqual(['22:00', '22:30', '23:00', '23:30']);
    expect(endSlots('08:00')[0]).toBe('08:30');
  });

  it('are empty for the last slot and for anything off the grid', () => {
    expect(endSlots('23:30')).toEqual([]);
    expect(endSlots('08:15')).toEqual([]);
    expect(endSlots('8:00')).toEqual([]);
    expect(endSlots('nonsense')).toEqual([]);
  });
});

describe('default window', () => {
  it('is 08:00–09:00 on a later day', () => {
    expect(defaultWindow(tomorrow, at(9))).toEqual({ from: '08:00', to: '09:00' });
    expect(defaultWindow(addLocalDays(today, 30), at(23))).toEqual({ from: '08:00', to: '09:00' });
  });

  it("is today's first available hour", () => {
    expect(defaultWindow(today, at(14, 20))).toEqual({ from: '15:00', to: '16:00' });
    expect(defaultWindow(today, at(5))).toEqual({ from: '06:00', to: '07:00' });
    expect(defaultWindow(today, at(2, 40))).toEqual({ from: '03:00', to: '04:00' });
  });

  it('is 22:00–23:00 in the last hour before the cutoff', () => {
    expect(defaultWindow(today, at(21, 59))).toEqual({ from: '22:00', to: '23:00' });
  });

  it('is 08:00–09:00 tomorrow once the cutoff has passed, and null for a refused day', () => {
    expect(defaultWindow(tomorrow, at(22, 30))).toEqual({ from: '08:00', to: '09:00' });
    expect(defaultWindow(today, at(22, 30))).toBeNull();
    expect(defaultWindow(yesterday, at(9))).toBeNull();
  });

  it('is always a valid window', () => {
    for (let h = 0; h < 22; h++) {
      const w = defaultWindow(today, at(h, 30));
      expect(w, `at ${h}:30`).not.toBeNull();
      expect(isWindowValid(w!, today, at(h, 30)), `at ${h}:30`).toBe(true);
    }
  });
});

describe('window validity', () => {
  it("needs 'From' available on the day and 'To' after it", () => {
    expect(isWindowValid({ from: '08:00', to: '09:00' }, tomorrow, at(9))).toBe(true);
    expect(isWindowValid({ from: '09:00', to: '09:00' }, tomorrow, at(9))).toBe(false);
    expect(isWindowValid({ from: '10:00', to: '09:00' }, tomorrow, at(9))).toBe(false);
    expect(isWindowValid({ from: '08:00', to: '' }, tomorrow, at(9))).toBe(false);
    expect(isWindowValid({ from: '', to: '09:00' }, tomorrow, at(9))).toBe(false);
  });

  it('refuses a start that has passed today or a day that is refused', () => {
    expect(isWindowValid({ from: '10:00', to: '11:00' }, today, at(10, 30))).toBe(false);
    expect(isWindowValid({ from: '11:00', to: '12:00' }, today, at(10, 30))).toBe(true);
    expect(isWindowValid({ from: '08:00', to: '09:00' }, yesterday, at(9))).toBe(false);
  });
});

describe('premade windows', () => {
  it('carry the spec labels and their bounds', () => {
    expect(PREMADE_WINDOWS).toEqual([
      { label: '8AM - 12PM Morning', from: '08:00', to: '12:00' },
      { label: '12PM - 5PM Evening', from: '12:00', to: '17:00' },
      { label: 'Entire day', from: '08:00', to: '20:00' },
    ]);
  });

  it('are all offered on a later day', () => {
    expect(availablePremadeWindows(tomorrow, at(9))).toHaveLength(3);
  });

  it('drop the ones whose start has passed today', () => {
    expect(availablePremadeWindows(today, at(7, 30)).map((w) => w.label)).toEqual([
      '8AM - 12PM Morning',
      '12PM - 5PM Evening',
      'Entire day',
    ]);
    expect(availablePremadeWindows(today, at(9)).map((w) => w.label)).toEqual([
      '12PM - 5PM Evening',
    ]);
    expect(availablePremadeWindows(today, at(12))).toEqual([]);
  });
});

describe('time texts', () => {
  it("writes move_duration as 'from - to'", () => {
    expect(moveDurationText('08:00', '09:00')).toBe('08:00 - 09:00');
  });

  it('uses the premade label for a premade window', () => {
    expect(moveTimeText({ from: '08:00', to: '12:00' })).toBe('8AM - 12PM Morning');
    expect(moveTimeText({ from: '08:00', to: '20:00' })).toBe('Entire day');
    expect(moveTimeText({ from: '08:00', to: '09:00' })).toBe('08:00 - 09:00');
  });

  it('parses a move_duration text back', () => {
    expect(parseMoveDuration('08:00 - 09:00')).toEqual({ from: '08:00', to: '09:00' });
    expect(parseMoveDuration('08:00-09:00')).toEqual({ from: '08:00', to: '09:00' });
    expect(parseMoveDuration('Entire day')).toBeNull();
    expect(parseMoveDuration('25:00 - 26:00')).toBeNull();
  });

  it('reads times of day', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    expect(parseTimeOfDay('7:00')).toBeNull();
    expect(parseTimeOfDay('12:60')).toBeNull();
  });
});

describe('spec dates', () => {
  it("writes s_date as 'MM-DD-YYYY'", () => {
    expect(toSpecDate(new Date(2026, 0, 5, 23, 59))).toBe('01-05-2026');
    expect(toSpecDate(new Date(2026, 11, 31))).toBe('12-31-2026');
    expect(toSpecDate('2026-03-05')).toBe('03-05-2026');
  });

  it('parses it back to local midnight', () => {
    expect(parseSpecDate('01-05-2026')).toEqual(new Date(2026, 0, 5));
    expect(parseSpecDate('02-29-2028')).toEqual(new Date(2028, 1, 29));
    const d = new Date(2026, 6, 4);
    expect(parseSpecDate(toSpecDate(d))).toEqual(d);
  });

  it('refuses days that do not exist and other formats', () => {
    for (const bad of [
      '02-30-2026',
      '02-29-2026',
      '13-01-2026',
      '00-10-2026',
      '2026-01-05',
      '1-5-2026',
      '',
    ])
      expect(parseSpecDate(bad), bad).toBeNull();
  });
});

describe("the service's wall clock", () => {
  const LA = 'America/Los_Angeles';

  it('reads the day and hour in the zone, not the host', () => {
    // 07:30 UTC on the 22nd is 23:30 on the 21st in Los Angeles (PST, UTC-8).
    expect(zonedNow(new Date('2026-11-22T07:30Z'), LA)).toEqual({
      date: '2026-11-21',
      hour: 23,
      minute: 30,
    });
    expect(zonedNow(new Date('2026-11-22T07:30Z'), 'UTC')).toEqual({
      date: '2026-11-22',
      hour: 7,
      minute: 30,
    });
  });

  it('follows daylight saving time and reads midnight as hour 0', () => {
    // PDT, UTC-7.
    expect(zonedNow(new Date('2026-06-10T04:59Z'), LA)).toEqual({
      date: '2026-06-09',
      hour: 21,
      minute: 59,
    });
    expect(zonedNow(new Date('2026-11-22T08:00Z'), LA)).toEqual({
      date: '2026-11-22',
      hour: 0,
      minute: 0,
    });
    expect(zonedNow(new Date('2027-01-01T07:59Z'), LA).date).toBe('2026-12-31');
  });

  it('knows real zone names only', () => {
    expect(isTimeZone(LA)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('refuses a past day, and today from 22:00', () => {
    const at = (hour: number) => ({ date: '2026-11-21', hour, minute: 0 });
    expect(moveDayRefusal('2026-11-20', at(9))).toBe('past');
    expect(moveDayRefusal('2025-12-31', at(9))).toBe('past');
    expect(moveDayRefusal('2026-11-21', at(0))).toBeNull();
    expect(moveDayRefusal('2026-11-21', at(21))).toBeNull();
    expect(moveDayRefusal('2026-11-21', at(22))).toBe('cutoff');
    expect(moveDayRefusal('2026-11-21', at(23))).toBe('cutoff');
    expect(moveDayRefusal('2026-11-22', at(23))).toBeNull();
    expect(moveDayRefusal('2027-01-01', at(23))).toBeNull();
  });
});

describe('the window of a payload', () => {
  it("is ordered only when 'To' is after 'From'", () => {
    expect(isWindowOrdered({ from: '08:00', to: '08:30' })).toBe(true);
    expect(isWindowOrdered({ from: '08:00', to: '08:00' })).toBe(false);
    expect(isWindowOrdered({ from: '11:00', to: '10:00' })).toBe(false);
    expect(isWindowOrdered({ from: '', to: '10:00' })).toBe(false);
  });

  it('is the bounds when both are sent, else the one s_time carries', () => {
    expect(
      payloadWindow({
        s_time: '8AM - 12PM Morning',
        start_window_from: '10:00',
        start_window_to: '11:00',
      }),
    ).toEqual({ from: '10:00', to: '11:00' });
    expect(payloadWindow({ s_time: '08:00 - 09:00', start_window_from: '10:00' })).toEqual({
      from: '08:00',
      to: '09:00',
    });
    for (const w of PREMADE_WINDOWS) {
      expect(
        payloadWindow({ s_time: w.label, start_window_from: null, start_window_to: '' }),
      ).toEqual({ from: w.from, to: w.to });
    }
    expect(payloadWindow({ s_time: 'some time in the morning' })).toBeNull();
    expect(payloadWindow({})).toBeNull();
  });
});
