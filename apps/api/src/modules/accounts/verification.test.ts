import { describe, expect, it } from 'vitest';
import { generateCode, hashCode } from './verification.service';

describe('generateCode', () => {
  it('gives 6 digits, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Every first digit appears (a code from 000000 to 999999, not 100000 and up).
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });
});

describe('hashCode', () => {
  it('binds the code to its channel and address', () => {
    const hash = hashCode('email', 'a@b.co', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('email', 'a@b.co', '123456')).toBe(hash);
    expect(hashCode('email', 'c@d.co', '123456')).not.toBe(hash);
    expect(hashCode('sms', 'a@b.co', '123456')).not.toBe(hash);
    expect(hashCode('email', 'a@b.co', '123457')).not.toBe(hash);
  });
});
