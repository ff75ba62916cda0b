import { PASSWORD_MIN } from '../constants';

/**
 * spec/portal.md §5: strength counts three classes (one of $ @ ! % * # ? &, an uppercase letter,
 * a digit); all three are required (level 3). The spec's labels go up to 4 (Strong): we give the
 * fourth level to a password that has all three classes and at least 12 characters.
 */
export const SPECIAL_CHARACTERS = /[$@!%*#?&]/;

export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  const classes =
    Number(SPECIAL_CHARACTERS.test(password)) +
    Number(/[A-Z]/.test(password)) +
    Number(/\d/.test(password));
  if (classes === 3 && password.length >= 12) return 4;
  return classes as 0 | 1 | 2 | 3;
}

export function strengthLabel(level: number): 'Very Weak' | 'Medium' | 'Strong' {
  if (level >= 4) return 'Strong';
  if (level === 3) return 'Medium';
  return 'Very Weak';
}

/** The sign-up and reset rule: at least 8 characters and all three classes. */
export function isStrongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN && passwordStrength(password) >= 3;
}
