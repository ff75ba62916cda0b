import { describe, expect, it } from 'vitest';
import { isValidEmail } from './validation';

describe('isValidEmail', () => {
  it('accepts ordinary addresses, with surrounding spaces trimmed', () => {
    expect(isValidEmail('demo@example.com')).toBe(true);
    expect(isValidEmail('  first.last+tag@mail.co.uk ')).toBe(true);
  });

  it('refuses addresses without a domain, with spaces inside, or with two @', () => {
    for (const bad of ['', 'demo', 'demo@', 'demo@example', 'de mo@example.com', 'a@b@c.com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
