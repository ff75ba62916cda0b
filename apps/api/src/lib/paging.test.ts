import { describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX } from '@movehub/shared';
import { pageOf, pageReadLimit } from './paging';

const rows = (ids: number[]) => ids.map((id) => ({ id }));

describe('keyset pages', () => {
  it('reads one row more than the page, capped whatever the caller asks', () => {
    expect(pageReadLimit({}, 20)).toBe(21);
    expect(pageReadLimit({ limit: 5 }, 20)).toBe(6);
    expect(pageReadLimit({ limit: 10_000 }, 20)).toBe(PAGE_LIMIT_MAX + 1);
  });

  it('names the next page by the last kept row when there was one row more', () => {
    const page = pageOf(rows([9, 8, 7, 6]), { limit: 3 }, 20, (r) => r.id);
    expect(page.rows).toEqual(rows([9, 8, 7]));
    expect(page.next_before_id).toBe(7);
  });

  it('says there is no next page at the end', () => {
    expect(pageOf(rows([3, 2, 1]), { limit: 3 }, 20, (r) => r.id).next_before_id).toBeNull();
    expect(pageOf([], {}, 20, (r: { id: number }) => r.id)).toEqual({
      rows: [],
      next_before_id: null,
    });
  });
});
