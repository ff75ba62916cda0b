import { describe, expect, it } from 'vitest';
import { maskedPhoneToWire, wirePhoneToMasked } from './phone';

describe('phone mask', () => {
  it('sends a complete (###) ###-#### with the +1 prefix', () => {
    expect(maskedPhoneToWire('(310) 555-0142')).toBe('+13105550142');
  });

  it('refuses an incomplete mask', () => {
    expect(maskedPhoneToWire('(310) 555-01')).toBeNull();
    expect(maskedPhoneToWire('')).toBeNull();
  });

  it('shows a stored +1 phone in the mask, and leaves anything else alone', () => {
    expect(wirePhoneToMasked('+13105550142')).toBe('(310) 555-0142');
    expect(wirePhoneToMasked(null)).toBe('');
    expect(wirePhoneToMasked('+923001234567')).toBe('+923001234567');
  });
});
