/**
 * spec/portal.md §5: names are Latin letters and spaces (and so never numeric). Beyond the spec
 * (decision 044), a hyphen or an apostrophe joins two parts of a name, as in "Gonzalez-Ruiz",
 * "O'Brien" or "D’Angelo": still Latin letters only, and never a name made of marks alone.
 */
export const NAME_PATTERN = /^ *[A-Za-z]+(?:(?: +|['’-])[A-Za-z]+)* *$/;

export function isValidName(value: string): boolean {
  return NAME_PATTERN.test(value) && value.trim().length > 0;
}
