import { describe, expect, it } from 'vitest';
import { buildOpenRequest } from '../../test/fixtures';
import { filterOpenRequests, NO_FILTERS } from './open-requests-filters';

const march10 = buildOpenRequest({ id: 1, s_date: '03-10-2026', move_type: 'Studio' });
const march20 = buildOpenRequest({ id: 2, s_date: '03-20-2026', move_type: '1 Bedroom' });
const april2 = buildOpenRequest({ id: 3, s_date: '04-02-2026', move_type: 'Studio' });
const undated = buildOpenRequest({ id: 4, s_date: null, move_type: 'Studio' });
const all = [march10, march20, april2, undated];
const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe('filterOpenRequests', () => {
  it('keeps everything without filters', () => {
    expect(ids(filterOpenRequests(all, NO_FILTERS))).toEqual([1, 2, 3, 4]);
  });

  it('keeps the move dates within both bounds, inclusive, across months', () => {
    expect(
      ids(
        filterOpenRequests(all, { ...NO_FILTERS, date_from: '2026-03-20', date_to: '2026-04-02' }),
      ),
    ).toEqual([2, 3]);
    expect(ids(filterOpenRequests(all, { ...NO_FILTERS, date_to: '2026-03-10' }))).toEqual([1]);
  });

  it('keeps one move type, and combines it with the dates', () => {
    expect(ids(filterOpenRequests(all, { ...NO_FILTERS, move_type: 'Studio' }))).toEqual([1, 3, 4]);
    expect(
      ids(filterOpenRequests(all, { date_from: '2026-03-15', date_to: '', move_type: 'Studio' })),
    ).toEqual([3]);
  });
});
