import { z } from 'zod';
import { envelope } from './envelope';
import { boundedInt, idSchema } from './primitives';

/*
 * Keyset paging, one way for every list a client reads (ARCHITECTURE.md, Data): the caller asks
 * for `limit` rows older than `before_id` (newest first), the answer names the next page's
 * `next_before_id`, or null at the end. A page is capped on the server whatever the caller asks:
 * the schema refuses a limit above PAGE_LIMIT_MAX with a 422, and each list has its own default
 * when the caller names none. Without `before_id` a call answers the first page, so the spec's
 * calls keep their fields and meaning.
 */

/** The most rows any page may hold. */
export const PAGE_LIMIT_MAX = 100;

/** The body (or query) fields of a paged call; `what` names the row: 'a request', 'a message'. */
export const pageFields = (what: string) => ({
  limit: boundedInt(
    1,
    PAGE_LIMIT_MAX,
    `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`,
  ).optional(),
  before_id: idSchema(`before_id must be ${what} id.`).optional(),
});

/** The answer's field that says how to ask for the next page: its before_id, or null at the end. */
export const nextPageField = {
  next_before_id: z.number().int().nullable(),
};

/** The answer of a paged call whose rows are its `data`: the page and next_before_id. */
export const pageAnswerSchema = <T extends z.ZodType>(row: T) =>
  envelope({ data: z.array(row), ...nextPageField });

export interface PageRequest {
  limit?: number | undefined;
  before_id?: number | undefined;
}

/*
 * Cursor paging, for a list sorted by something other than its id (the companies list by price
 * or rating): a plain before_id is no keyset there. The answer's `next_cursor` is an opaque
 * string that carries the last row's sort keys and id; the caller sends it back as `cursor`
 * to read the rows after it in the same order, or null at the end. Clients never look inside.
 */

/** The longest cursor accepted: a handful of numbers, encoded. */
const CURSOR_MAX_LENGTH = 200;

/** A cursor from the sort keys of a page's last row (finite numbers, the id last). */
export function encodeCursor(keys: readonly number[]): string {
  return btoa(JSON.stringify(keys)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The sort keys a cursor carries, or null for text that no encodeCursor produced. */
export function decodeCursor(cursor: string): number[] | null {
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const keys: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    return Array.isArray(keys) &&
      keys.length > 0 &&
      keys.every((k) => typeof k === 'number' && Number.isFinite(k))
      ? (keys as number[])
      : null;
  } catch {
    return null;
  }
}

/** The body fields of a cursor-paged call: `limit` as pageFields', and `cursor` (a next_cursor). */
export const cursorPageFields = () => ({
  limit: pageFields('a row').limit,
  cursor: z
    .string({ error: 'cursor must be a next_cursor of this list.' })
    .refine((v) => decodeCursor(v) !== null, 'cursor must be a next_cursor of this list.')
    .optional(),
});

/** The answer's field that says how to ask for the next page: its cursor, or null at the end. */
export const nextCursorField = {
  next_cursor: z.string().nullable(),
};

export interface CursorPageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}
