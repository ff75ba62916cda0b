/**
 * Movers of the request wizard, step 7 (spec/request-lifecycle.md §9): options 2, 3 or 4; the
 * default follows the move size: 2 for 'Studio' and '1 bed room apt.', 3 for '2 bed room apt.',
 * 4 otherwise.
 *
 * Move type names are compared in the spec's wording, trimmed, case-insensitively and with runs of
 * spaces read as one; nothing fuzzier ('1 bedroom' is not '1 bed room apt.'), so that the seeded
 * move types must carry the spec's names. No move type (not chosen yet) falls under "otherwise".
 */

/** spec §9: the movers select offers exactly these. */
export const MOVERS_OPTIONS = [2, 3, 4] as const;
export type MoversOption = (typeof MOVERS_OPTIONS)[number];

/** spec §9: the move sizes with a default below 4, in the spec's wording. */
export const MOVERS_DEFAULT_BY_MOVE_TYPE: Readonly<Record<string, MoversOption>> = {
  Studio: 2,
  '1 bed room apt.': 2,
  '2 bed room apt.': 3,
};
/** spec §9: "4 otherwise". */
export const MOVERS_DEFAULT_OTHERWISE: MoversOption = 4;

/** Trimmed, lower case, inner runs of white space as one space. */
export function normalizeMoveTypeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

const DEFAULTS = new Map(
  Object.entries(MOVERS_DEFAULT_BY_MOVE_TYPE).map(([name, movers]) => [
    normalizeMoveTypeName(name),
    movers,
  ]),
);

/** The movers preselected for a move size. */
export function defaultMovers(moveTypeName: string | null | undefined): MoversOption {
  if (moveTypeName == null) return MOVERS_DEFAULT_OTHERWISE;
  return DEFAULTS.get(normalizeMoveTypeName(moveTypeName)) ?? MOVERS_DEFAULT_OTHERWISE;
}

/** True for 2, 3 or 4 (a number, not a numeric string). */
export function isMoversOption(value: unknown): value is MoversOption {
  return (MOVERS_OPTIONS as readonly unknown[]).includes(value);
}
