import { describe, expect, it } from 'vitest';
import { formatDate, formatTimeOfDay } from './format-date';

describe('date formatting', () => {
  it("formats request dates as 'MMM Do YY'", () => {
    expect(formatDate('03-15-2026')).toBe('Mar 15th 26');
    expect(formatDate('2026-01-02')).toBe('Jan 2nd 26');
  });

  it('keeps an unreadable date as it came and an empty one empty', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(null)).toBe('');
  });

  it('shows time-window bounds in 12-hour form', () => {
    expect(formatTimeOfDay('13:30')).toBe('1:30 PM');
    expect(formatTimeOfDay('08:00')).toBe('8:00 AM');
    expect(formatTimeOfDay('8AM - 12PM Morning')).toBe('8AM - 12PM Morning');
  });
});
