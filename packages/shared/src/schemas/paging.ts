import { z } from 'zod';
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

export interface PageRequest {
  limit?: number | undefined;
  before_id?: number | undefined;
}
