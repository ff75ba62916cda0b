import { PAGE_LIMIT_MAX, type PageRequest } from '@movehub/shared';

/*
 * The server's half of keyset paging (packages/shared schemas/paging.ts): a list reads one row
 * more than its page, newest first by id, and that extra row says whether a next page exists.
 */

/**
 * Above every row id (PostgreSQL's integer ends at 2^31 − 1), sent as a bigint: the first page's
 * before_id, so that one prepared statement serves every page of a list.
 */
export const AFTER_EVERY_ID = 2 ** 31;

/** The rows to read for a page: the caller's limit, else the list's default, capped, plus one. */
export function pageReadLimit(page: PageRequest, defaultLimit: number): number {
  return pageSize(page, defaultLimit) + 1;
}

/** The page's size: the caller's limit, else the list's default, never above PAGE_LIMIT_MAX. */
export function pageSize(page: PageRequest, defaultLimit: number): number {
  return Math.min(page.limit ?? defaultLimit, PAGE_LIMIT_MAX);
}

/**
 * The page from rows read with pageReadLimit (newest first): the first `size` rows, and the
 * next page's before_id (the last row's id) when there was one row more.
 */
export function pageOf<T>(
  rows: T[],
  page: PageRequest,
  defaultLimit: number,
  idOf: (row: T) => number,
): { rows: T[]; next_before_id: number | null } {
  const size = pageSize(page, defaultLimit);
  if (rows.length <= size) return { rows, next_before_id: null };
  const kept = rows.slice(0, size);
  return { rows: kept, next_before_id: idOf(kept[kept.length - 1]!) };
}
