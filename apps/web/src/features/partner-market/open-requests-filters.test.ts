import { describe, expect, it } from 'vitest';
import { hasFilters, NO_FILTERS, toOpenRequestsFilterBody } from './open-requests-filters';

describe('toOpenRequestsFilterBody', () => {
  it('sends nothing without filters', () => {
    expect(toOpenRequestsFilterBody(NO_FILTERS)).toEqual({});
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it("sends the dates in the requests' MM-DD-YYYY form and the numbers as numbers", () => {
    const filters = {
      date_from: '2026-03-20',
      date_to: '2026-04-02',
      move_type: '3',
      max_distance: '25',
    };
    expect(toOpenRequestsFilterBody(filters)).toEqual({
      date_from: '03-20-2026',
      date_to: '04-02-2026',
      move_type: 3,
      max_distance: 25,
    });
    expect(hasFilters(filters)).toBe(true);
  });

  it('leaves out the blank ones', () => {
    expect(toOpenRequestsFilterBody({ ...NO_FILTERS, max_distance: '10' })).toEqual({
      max_distance: 10,
    });
  });
});
