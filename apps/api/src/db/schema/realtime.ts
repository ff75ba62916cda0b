import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { requests } from './requests';

/**
 * Chat messages (spec/portal.md §3 Chat message): one conversation is a request, its customer and
 * one counterpart, the company (channel_type 0) or its foreman (2). A message is stored before
 * it is sent, so a client that reconnects reads everything back from here.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    channelType: smallint('channel_type').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The sender's own id for this message: a resent message (a retry) is stored once. */
    clientId: text('client_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.requestId, t.channelType, t.id),
    index('chat_messages_unread_idx')
      .on(t.receiverId, t.requestId, t.channelType)
      .where(sql`${t.readAt} is null`),
    index('chat_messages_sender_idx').on(t.senderId),
    uniqueIndex('chat_messages_client_id_uq').on(t.senderId, t.clientId),
    check('chat_messages_channel_type_ck', sql`${t.channelType} in (0, 2)`),
    check('chat_messages_not_to_self_ck', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

/**
 * The truck's positions during a move (spec/request-lifecycle.md "Tracking"), posted by the
 * foreman's phone while the request is in progress (status 5).
 */
export const trackingPoints = pgTable(
  'tracking_points',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    postedBy: integer('posted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_points_request_idx').on(t.requestId, t.id),
    index('tracking_points_posted_by_idx').on(t.postedBy),
    check('tracking_points_latitude_ck', sql`${t.latitude} between -90 and 90`),
    check('tracking_points_longitude_ck', sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * Each tracked move's latest point and how many it has: the row a post locks and checks (one
 * point a second, at most TRACKING_MAX_POINTS) and moves on in the statement that stores the
 * point, so that no post counts or sorts the move's points (docs/decisions/019, addendum).
 * Written with every point, never on its own; get_tracking reads tracking_points.
 */
export const trackingLatest = pgTable(
  'tracking_latest',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The latest point's time (its tracking_points.created_at). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** How many points the move has stored. */
    points: integer('points').notNull(),
  },
  (t) => [check('tracking_latest_points_ck', sql`${t.points} > 0`)],
);
