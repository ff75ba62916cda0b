import { LOGIN_PASSWORD_MIN } from '../constants';
import { MSG } from '../messages';

/**
 * Field rules of spec/portal.md §5 as plain predicates, so that the zod schemas, the forms and
 * the server all apply the same ones.
 */

// A standard pattern: something@something.tld, no spaces, no second @.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * The login form's two rules (spec/portal.md §5 Login), as messages: the login schema applies
 * them on the server, and the login screens apply them before the schema library is loaded.
 */
export function loginEmailProblem(email: string): string | null {
  const value = email.trim();
  return value.length <= 254 && EMAIL_PATTERN.test(value) ? null : MSG.loginEmailInvalid;
}

export function loginPasswordProblem(password: string): string | null {
  return password.length >= LOGIN_PASSWORD_MIN ? null : MSG.loginPasswordShort;
}
