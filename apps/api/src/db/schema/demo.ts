import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * When the last socket of a company or foreman account dropped, written by the demo simulator
 * (modules/demo/demo-presence.ts) only: a demo company whose console reloads stays played by its
 * person for a grace period after its socket drops, not only while one is open (issue 31). One
 * row per account, its latest departure; in the database, so that every API process reads it.
 */
export const consoleDepartures = pgTable('console_departures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
});
