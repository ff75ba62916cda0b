import { describe, expect, it } from 'vitest';
import { isStrongEnough, passwordStrength, strengthLabel } from './password';

describe('password strength', () => {
  it('counts a special character, an uppercase letter and a digit', () => {
    expect(passwordStrength('abcdefgh')).toBe(0);
    expect(passwordStrength('Abcdefgh')).toBe(1);
    expect(passwordStrength('Abcdefg1')).toBe(2);
    expect(passwordStrength('Abcdef1$')).toBe(3);
    expect(passwordStrength('Abcdefghij1$')).toBe(4);
  });

  it('labels 0 to 2 Very Weak, 3 Medium, 4 Strong', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual([
      'Very Weak',
      'Very Weak',
      'Very Weak',
      'Medium',
      'Strong',
    ]);
  });

  it('accepts only 8 or more characters with all three classes', () => {
    expect(isStrongEnough('Abc1$xy')).toBe(false); // 7 characters
    expect(isStrongEnough('abcdef1$')).toBe(false); // no uppercase
    expect(isStrongEnough('Abcdefg$')).toBe(false); // no digit
    expect(isStrongEnough('Abcdefg1')).toBe(false); // no special character
    expect(isStrongEnough('Abcdef1$')).toBe(true);
    for (const special of '$@!%*#?&')
      expect(isStrongEnough(`Abcdef1${special}`), special).toBe(true);
  });
});
