import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { requests } from './requests';

/** In-app notifications (the bell and drawer); is_active true means unread. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The request the notification refers to (spec: action_value).
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    messageBody: text('message_body').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // The drawer's pages: a backward range of the user's ids.
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's unread count: only the unread rows, so it costs what is unread, not the history.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.isActive}`),
    index('notifications_request_idx').on(t.requestId),
  ],
);

/**
 * A lifecycle event to tell a customer by email (and SMS to a verified phone): the transactional
 * outbox of customer messages (docs/decisions/017). The row is written in the transaction of the
 * change, beside the in-app notification; a job renders and sends it after the commit and sets
 * sent_at, so a rolled-back change sends nothing and a restart loses nothing.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    // payment, assignment, move_start, completion, release, cancelled, rescheduled, reminder
    event: text('event').notNull(),
    // The in-app notification's text: the email and the SMS say the same thing.
    message: text('message').notNull(),
    // The calendar invite this message carries: 'request' (new or updated) or 'cancel', and its
    // SEQUENCE (the request's calendar_sequence when the event happened).
    calendar: text('calendar', { enum: ['request', 'cancel'] }),
    calendarSequence: integer('calendar_sequence'),
    // One message per key (a reminder per request and move window).
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_messages_dedupe_uq').on(t.dedupeKey),
    index('customer_messages_pending_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    index('customer_messages_request_idx').on(t.requestId),
    index('customer_messages_user_idx').on(t.userId),
  ],
);
