/** spec/portal.md §5: names are letters and spaces only (and so never numeric). */
export const NAME_PATTERN = /^[A-Za-z ]+$/;

export function isValidName(value: string): boolean {
  return NAME_PATTERN.test(value) && value.trim().length > 0;
}
