/**
 * Field rules of spec/portal.md §5 as plain predicates, so that the zod schemas, the forms and
 * the server all apply the same ones.
 */

// A standard pattern: something@something.tld, no spaces, no second @.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
