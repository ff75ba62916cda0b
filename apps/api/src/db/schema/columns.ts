import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * `column in (0, 1, …)` for a set of status codes the shared lifecycle exports, the numbers
 * written out: a CHECK constraint takes no parameters, and a query's plan sees the values.
 */
export function inList(column: AnyColumn | SQL, values: readonly number[]): SQL {
  if (values.length === 0 || !values.every(Number.isInteger)) {
    throw new Error(`A status list is whole numbers, at least one: ${values.join(', ')}`);
  }
  return sql`${column} in (${sql.raw(values.join(', '))})`;
}
