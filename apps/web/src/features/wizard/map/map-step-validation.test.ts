import { describe, expect, it } from 'vitest';
import { emptyAddress, emptyDraft } from '../draft';
import {
  hasMapStepErrors,
  MAP_STEP_MESSAGES,
  mapStepErrors,
  withoutEmptyAddedAddresses,
} from './map-step-validation';

const NOW = new Date(2026, 2, 10, 9, 0);
const window = (from: string, to: string) => ({
  move_duration: `${from} - ${to}`,
  start_window_from: from,
  start_window_to: to,
});
const chosen = (index: number, address = `${index + 1}00 Main St, Los Angeles, CA 90012, USA`) => ({
  ...emptyAddress(index),
  address,
  street_number: `${index + 1}00`,
  route: 'Main St',
  zip_code: '90012',
  isEmpty: false,
});

function draftWith(overrides: Partial<ReturnType<typeof emptyDraft>>) {
  return { ...emptyDraft(), addressList: [chosen(0), chosen(1)], ...overrides };
}

describe('mapStepErrors', () => {
  it('passes a later day with a valid window and both addresses', () => {
    const errors = mapStepErrors(
      draftWith({ date: '03-12-2026', timeRange: window('08:00', '09:00') }),
      NOW,
    );

    expect(errors).toEqual({ date: null, addresses: {} });
    expect(hasMapStepErrors(errors)).toBe(false);
  });

  it.each([
    ['no date', '', window('08:00', '09:00')],
    ['no From', '03-12-2026', window('', '09:00')],
    ['no To', '03-12-2026', window('08:00', '')],
    ['To before From', '03-12-2026', window('10:00', '09:00')],
    ['a past day', '03-09-2026', window('08:00', '09:00')],
    ["a slot of today's past", '03-10-2026', window('08:00', '09:00')],
  ])('marks the date with %s', (_case, date, timeRange) => {
    const errors = mapStepErrors(draftWith({ date, timeRange }), NOW);

    expect(errors.date).toBe(MAP_STEP_MESSAGES.dateTime);
    expect(hasMapStepErrors(errors)).toBe(true);
  });

  it('asks for the street of a chosen address that is a zip code or a city alone', () => {
    const zipOnly = { ...chosen(1, 'Los Angeles, CA 90028, USA'), street_number: '', route: '' };
    const added = { ...chosen(2, 'Pasadena, CA, USA'), street_number: '', route: '' };
    const errors = mapStepErrors(
      draftWith({
        date: '03-12-2026',
        timeRange: window('08:00', '09:00'),
        addressList: [chosen(0), zipOnly, added, { ...chosen(3), street_number: '' }],
      }),
      NOW,
    );

    expect(errors.addresses).toEqual({
      [zipOnly.id]: MAP_STEP_MESSAGES.street,
      [added.id]: MAP_STEP_MESSAGES.street,
    });
    expect(MAP_STEP_MESSAGES.street).toBe('Please choose an address with its street.');
  });

  it('flags the empty pick-up and drop-off, not an empty added address', () => {
    const list = [emptyAddress(0), emptyAddress(1), emptyAddress(2)];
    const errors = mapStepErrors(
      draftWith({ date: '03-12-2026', timeRange: window('08:00', '09:00'), addressList: list }),
      NOW,
    );

    expect(errors.addresses).toEqual({
      [list[0]!.id]: MAP_STEP_MESSAGES.pickUp,
      [list[1]!.id]: MAP_STEP_MESSAGES.dropOff,
    });
  });
});

describe('withoutEmptyAddedAddresses', () => {
  it('drops empty added addresses and relabels the rest', () => {
    const list = [chosen(0), chosen(1), emptyAddress(2), chosen(3, 'Fourth')];

    const kept = withoutEmptyAddedAddresses(list);

    expect(kept.map((a) => [a.label, a.address])).toEqual([
      ['A', '100 Main St, Los Angeles, CA 90012, USA'],
      ['B', '200 Main St, Los Angeles, CA 90012, USA'],
      ['C', 'Fourth'],
    ]);
  });

  it('keeps empty pick-up and drop-off cards', () => {
    const list = [emptyAddress(0), emptyAddress(1)];

    expect(withoutEmptyAddedAddresses(list)).toEqual(list);
  });
});
