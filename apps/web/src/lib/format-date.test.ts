import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoveTime, formatTimeOfDay } from './format-date';

describe('date formatting', () => {
  it("formats request dates as 'MMM Do YY'", () => {
    expect(formatDate('03-15-2026')).toBe('Mar 15th 26');
    expect(formatDate('2026-01-02')).toBe('Jan 2nd 26');
  });

  it('writes the day with its English ordinal', () => {
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31];
    expect(days.map((d) => formatDate(`12-${String(d).padStart(2, '0')}-2026`))).toEqual([
      'Dec 1st 26',
      'Dec 2nd 26',
      'Dec 3rd 26',
      'Dec 4th 26',
      'Dec 11th 26',
      'Dec 12th 26',
      'Dec 13th 26',
      'Dec 21st 26',
      'Dec 22nd 26',
      'Dec 23rd 26',
      'Dec 24th 26',
      'Dec 30th 26',
      'Dec 31st 26',
    ]);
    expect(formatDate('01-05-2100')).toBe('Jan 5th 00');
  });

  it('reads a YYYY-MM-DD date as that calendar day wherever the browser is', () => {
    // Date would read it as UTC midnight: the 14th in the Americas.
    expect(formatDate('2026-03-15')).toBe('Mar 15th 26');
  });

  it('keeps an unreadable date as it came and an empty one empty', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('02-30-2026')).toBe('02-30-2026');
    expect(formatDate(null)).toBe('');
  });

  it("formats a moment as 'MMM Do YY, h:mm A' in the browser's time", () => {
    const moment = new Date(2026, 2, 5, 14, 30);
    expect(formatDateTime(moment.toISOString())).toBe('Mar 5th 26, 2:30 PM');
    expect(formatDateTime('2026-03-05T00:05:00')).toBe('Mar 5th 26, 12:05 AM');
    expect(formatDateTime('later')).toBe('later');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('time formatting', () => {
  it('shows a time of day in 12-hour form, midnight and noon included', () => {
    expect(formatTimeOfDay('08:00')).toBe('8:00 AM');
    expect(formatTimeOfDay('00:00')).toBe('12:00 AM');
    expect(formatTimeOfDay('00:30')).toBe('12:30 AM');
    expect(formatTimeOfDay('12:00')).toBe('12:00 PM');
    expect(formatTimeOfDay('13:30')).toBe('1:30 PM');
    expect(formatTimeOfDay('23:30')).toBe('11:30 PM');
  });

  it('keeps what is not a time of day as it came', () => {
    expect(formatTimeOfDay('24:00')).toBe('24:00');
    expect(formatTimeOfDay('8AM - 12PM Morning')).toBe('8AM - 12PM Morning');
    expect(formatTimeOfDay(null)).toBe('');
  });

  it('shows the fixed slots as-is (spec §2 Move Time)', () => {
    for (const slot of ['8AM - 12PM Morning', '12PM - 5PM Evening', 'Entire day']) {
      expect(
        formatMoveTime({ s_time: slot, start_window_from: '08:00', start_window_to: '12:00' }),
      ).toBe(slot);
    }
  });

  it("shows an 'HH:mm - HH:mm' s_time as a 12-hour range, the same as its window", () => {
    expect(formatMoveTime({ s_time: '08:00 - 09:00' })).toBe('8:00 AM - 9:00 AM');
    expect(formatMoveTime({ start_window_from: '08:00', start_window_to: '09:00' })).toBe(
      '8:00 AM - 9:00 AM',
    );
    expect(
      formatMoveTime({ s_time: null, start_window_from: '13:30', start_window_to: '15:00' }),
    ).toBe('1:30 PM - 3:00 PM');
  });

  it('keeps an older free-text s_time as it came, and nothing as empty', () => {
    expect(formatMoveTime({ s_time: 'whenever' })).toBe('whenever');
    expect(formatMoveTime({})).toBe('');
  });
});
