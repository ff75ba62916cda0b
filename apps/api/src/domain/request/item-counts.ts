import { sql } from 'drizzle-orm';
import { ItemType } from '@movehub/shared';

/*
 * A job's counts as the company's and the foreman's lists show them: the pieces to carry and the
 * packing materials to bring, apart (a box of 20 packing boxes is not 20 pieces of furniture).
 * Correlated with the `requests` row of the list's query.
 */

const countOf = (extra: boolean) =>
  sql<number>`(select coalesce(sum(ri.quantity), 0)::int from request_items ri
    where ri.request_id = ${sql.identifier('requests')}.${sql.identifier('id')}
      and ri.type ${extra ? sql`=` : sql`<>`} ${ItemType.extra})`;

/** Pieces of inventory (rooms, the common list, custom items), quantities added up. */
export const itemCountSql = countOf(false);
/** Packing and moving materials (the wizard's extra items), quantities added up. */
export const packingCountSql = countOf(true);
