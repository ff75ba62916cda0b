import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { requests } from './requests';

/**
 * The transactional outbox (docs/decisions/033): what happened, written by the command in the
 * transaction of its change, so an event exists exactly when its change was committed. After the
 * commit the dispatcher hands it to its subscribers (notifications, customer messages, realtime,
 * the demo) and marks it dispatched; a subscriber that failed is tried again, alone, later.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The subscribers still to run after a failure; null: all of them. */
    retrySubscribers: text('retry_subscribers').array(),
    /** Not tried again before this (a failed subscriber waits longer each time). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_request_idx').on(t.requestId, t.id),
  ],
);
