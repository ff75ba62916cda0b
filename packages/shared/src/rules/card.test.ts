import { describe, expect, it } from 'vitest';
import { cardBrand, isExpired, luhnValid, parseExpiry } from './card';

describe('Luhn', () => {
  it("accepts Stripe's published test numbers", () => {
    for (const n of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000000000009995',
      '4000000000000069',
      '5555555555554444',
    ]) {
      expect(luhnValid(n), n).toBe(true);
    }
  });

  it('refuses a mistyped number and wrong lengths', () => {
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });
});

describe('card brand', () => {
  it('reads Visa, MasterCard and others from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('MasterCard');
    expect(cardBrand('2223003122003222')).toBe('MasterCard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('3056930009020004')).toBe('Other');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 10, 21); // November 2026
  it('parses MM/YY', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('1/29')).toBeNull();
  });

  it('is valid through the expiry month', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
  });
});
