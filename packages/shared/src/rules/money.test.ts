import { describe, expect, it } from 'vitest';
import {
  discountedCents,
  formatUsd,
  paymentBreakdown,
  parseCustomTipCents,
  processingFeeCents,
  tipCents,
} from './money';

describe('discounted price', () => {
  it('is final × (1 − discount/100)', () => {
    expect(discountedCents(50_000, 0)).toBe(50_000);
    expect(discountedCents(50_000, 5)).toBe(47_500);
    expect(discountedCents(12_345, 5)).toBe(11_728); // 117.2775 → 117.28
  });
});

describe('processing fee', () => {
  it('is (amount + 0.30) / 0.971 − amount, rounded to cents', () => {
    // (100 + 0.30) / 0.971 − 100 = 3.2955… → 3.30
    expect(processingFeeCents(10_000)).toBe(330);
    // (500 + 0.30) / 0.971 − 500 = 15.2420… → 15.24
    expect(processingFeeCents(50_000)).toBe(1524);
  });

  it('applies after the percent discount', () => {
    // 475 after 5%: (475.30 / 0.971) − 475 = 14.4954… → 14.50
    expect(processingFeeCents(50_000, 5)).toBe(1450);
  });

  it('is zero for nothing to charge', () => {
    expect(processingFeeCents(0)).toBe(0);
  });
});

describe('tips', () => {
  it('takes 0/12/15/20 % of the discounted final amount in whole dollars', () => {
    expect(tipCents(50_000, 0, 0)).toBe(0);
    expect(tipCents(50_000, 0, 12)).toBe(6_000);
    expect(tipCents(50_000, 5, 15)).toBe(7_100); // 71.25 → 71
    expect(tipCents(33_333, 0, 20)).toBe(6_700); // 66.67 → 67
  });

  it('accepts a custom non-negative amount and nothing else', () => {
    expect(parseCustomTipCents('35')).toBe(3_500);
    expect(parseCustomTipCents('12.5')).toBe(1_250);
    expect(parseCustomTipCents('0')).toBe(0);
    for (const bad of ['-5', 'abc', '', '1e3', '12.345'])
      expect(parseCustomTipCents(bad), bad).toBeNull();
  });
});

describe('formatUsd', () => {
  it('formats cents as US dollars', () => {
    expect(formatUsd(123_450)).toBe('$1,234.50');
  });

  it('drops only zero cents when asked to trim them', () => {
    expect(formatUsd(123_400, { trimZeroCents: true })).toBe('$1,234');
    expect(formatUsd(123_450, { trimZeroCents: true })).toBe('$1,234.50');
    expect(formatUsd(123_400)).toBe('$1,234.00');
  });
});

describe('payment breakdown', () => {
  it('charges the discounted amount plus the fee on it', () => {
    expect(paymentBreakdown(50_000, 0)).toEqual({
      finalCents: 50_000,
      discountPercent: 0,
      discountedCents: 50_000,
      feeCents: 1524,
      totalCents: 51_524,
    });
    expect(paymentBreakdown(50_000, 5)).toMatchObject({
      discountedCents: 47_500,
      feeCents: 1450,
      totalCents: 48_950,
    });
  });
});
