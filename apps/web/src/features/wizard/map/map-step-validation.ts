import { hasStreetLine, isMoveDateAllowed, isWindowValid, parseSpecDate } from '@movehub/shared';
import { relabelAddresses, type WizardAddress, type WizardDraft } from '../draft';

/*
 * spec/request-lifecycle.md §5 "Step 0": date and both time-window bounds required, else the date
 * field is marked red; the earliest date is today, or tomorrow from 22:00; 'From' before 'To'.
 * Pick-up and drop-off required (empty ones flagged); an address with empty text is allowed.
 * Ours (issue 31): a chosen address needs its street line, a zip code or a city alone is no
 * place a truck stops at. The spec names no texts for these; the helper texts below are ours.
 */

export const MAP_STEP_MESSAGES = {
  dateTime: 'Please select the move date and time window.',
  pickUp: 'Please enter the pickup address.',
  dropOff: 'Please enter the drop-off address.',
  street: 'Please choose an address with its street.',
} as const;

export interface MapStepErrors {
  /** Under the date field: no date, a date before the earliest, or no valid window. */
  date: string | null;
  /** By address id: the empty pick-up (A) and drop-off (B), and a chosen one without a street. */
  addresses: Partial<Record<string, string>>;
}

export function mapStepErrors(
  draft: Pick<WizardDraft, 'date' | 'timeRange' | 'addressList'>,
  now: Date,
): MapStepErrors {
  const day = parseSpecDate(draft.date);
  const window = { from: draft.timeRange.start_window_from, to: draft.timeRange.start_window_to };
  const dateOk = day !== null && isMoveDateAllowed(day, now) && isWindowValid(window, day, now);

  const addresses: Partial<Record<string, string>> = {};
  for (const a of draft.addressList) {
    if (!a.isEmpty && !hasStreetLine(a)) addresses[a.id] = MAP_STEP_MESSAGES.street;
  }
  const [pickUp, dropOff] = draft.addressList;
  if (pickUp?.isEmpty) addresses[pickUp.id] = MAP_STEP_MESSAGES.pickUp;
  if (dropOff?.isEmpty) addresses[dropOff.id] = MAP_STEP_MESSAGES.dropOff;

  return { date: dateOk ? null : MAP_STEP_MESSAGES.dateTime, addresses };
}

export function hasMapStepErrors(errors: MapStepErrors): boolean {
  return errors.date !== null || Object.keys(errors.addresses).length > 0;
}

/** Leaving step 0: an added card left empty is dropped, the rest keep their order and labels. */
export function withoutEmptyAddedAddresses(list: readonly WizardAddress[]): WizardAddress[] {
  const kept = list.filter((address, index) => index < 2 || !address.isEmpty);
  return kept.length === list.length ? [...list] : relabelAddresses(kept);
}
