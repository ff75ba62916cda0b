import { and, desc, eq, sql } from 'drizzle-orm';
import { MSG, type Notification, type PageRequest } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { AppError } from '../../errors';
import { AFTER_EVERY_ID, pageOf, pageReadLimit } from '../../lib/paging';
import { notificationIdBudget, REALTIME_CHANNEL, signalNotification } from '../../realtime/signals';
import { toNotification } from './notifications.wire';

/** The notifications one page of the drawer holds when the caller names no limit. */
export const NOTIFICATION_PAGE = 50;

// PostgreSQL's integer: a larger id cannot exist, and comparing with it would be an error.
const MAX_ID = 2_147_483_647;

/**
 * Tells a user about a change of one of their requests. Lifecycle services call it inside the
 * transaction of the change, so the notification exists exactly when the change was committed.
 * Returns the notification as the wire shows it, for the realtime `notification` event.
 */
export async function notify(opts: {
  db: Tx;
  userId: number;
  requestId: number | null;
  message: string;
}): Promise<Notification> {
  const [row] = await opts.db
    .insert(notifications)
    .values({ userId: opts.userId, requestId: opts.requestId, messageBody: opts.message })
    .returning();
  if (!row) throw new Error('notify inserted nothing');
  const notification = toNotification(row);
  // The bell of every open tab hears of it once the change commits (never if it rolls back).
  await signalNotification(opts.db, opts.userId, notification);
  return notification;
}

/**
 * Tells several users at once (an event's notices): the notifications and their realtime
 * signals in ONE statement (a round trip is most of a dispatch's cost), in the caller's
 * transaction. The ids are drawn first, so that each signal carries its row as the wire shows it
 * (toNotification) and only those that fit a payload are sent, as signalNotification does.
 */
export async function notifyMany(opts: {
  db: Tx;
  requestId: number | null;
  notices: readonly { userId: number; message: string }[];
}): Promise<Notification[]> {
  if (opts.notices.length === 0) return [];
  const values = sql.join(
    opts.notices.map(
      (n, i) =>
        sql`(${i}::int, ${n.userId}::int, ${opts.requestId}::int, ${n.message}::text, ${notificationIdBudget(opts.requestId, n.message)}::int)`,
    ),
    sql`, `,
  );
  const result = await opts.db.execute(sql`
    with given as (
      select nextval(pg_get_serial_sequence('notifications', 'id'))::int as id, v.*
      from (values ${values}) as v(position, user_id, request_id, message_body, id_budget)
    ), written as (
      insert into notifications (id, user_id, request_id, message_body)
      select id, user_id, request_id, message_body from given order by position
      returning *
    ), signalled as (
      select pg_notify(${REALTIME_CHANNEL}, json_build_object('kind', 'notification',
        'room', u.room_id,
        'data', json_build_object('id', w.id, 'action_value', w.request_id,
          'message_body', w.message_body,
          'created_at', to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'is_active', w.is_active))::text)
      from written w join given g on g.id = w.id join users u on u.id = w.user_id
      where length(w.id::text) <= g.id_budget
    )
    select w.*, (select count(*) from signalled) as signalled
    from written w join given g on g.id = w.id order by g.position`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) =>
    toNotification({
      id: Number(r.id),
      userId: Number(r.user_id),
      requestId: r.request_id === null ? null : Number(r.request_id),
      messageBody: r.message_body as string,
      isActive: Boolean(r.is_active),
      createdAt: new Date(r.created_at as string | Date),
    }),
  );
}

// The unread count of all the user's notifications, whatever the page: an uncorrelated subquery
// (computed once per statement), an index-only count of notifications_unread_idx (the user's
// unread rows only), so its cost follows what is unread, not the user's whole history.
const UNREAD_COUNT = sql<number>`(
  select count(*)::int from notifications unread
  where unread.user_id = ${sql.placeholder('userId')} and unread.is_active)`;

// The bell is read on every dashboard load: one prepared round trip gives the page and the
// unread count. A page is a backward range of notifications_user_idx (user_id, id) from
// before_id (the first page's is above every id, a bigint the index compares as an integer).
const listPage = preparedPerDatabase((db) =>
  db
    .select({ row: notifications, unread: UNREAD_COUNT })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        sql`${notifications.id} < ${placeholder('beforeId', 'bigint')}`,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .prepare('list_notifications'),
);

/**
 * One page of a user's notifications, newest first (`limit` older than `before_id`), how many of
 * all of them are unread, and the next page's before_id (null at the end).
 */
export async function listNotifications(opts: {
  db: Db;
  userId: number;
  /** The page asked for; the first (newest) without one. */
  page?: PageRequest;
}): Promise<{ notifications: Notification[]; unreadCount: number; nextBeforeId: number | null }> {
  const page = opts.page ?? {};
  const read = await listPage(opts.db).execute({
    userId: opts.userId,
    beforeId: page.before_id ?? AFTER_EVERY_ID,
    limit: pageReadLimit(page, NOTIFICATION_PAGE),
  });
  const { rows, next_before_id } = pageOf(read, page, NOTIFICATION_PAGE, (r) => r.row.id);
  // An empty page carries no count: a second statement, only then.
  const unreadCount = rows[0]?.unread ?? (await countUnread(opts));
  return {
    notifications: rows.map((r) => toNotification(r.row)),
    unreadCount,
    nextBeforeId: next_before_id,
  };
}

/** The badge number on its own (e.g. for a realtime update after notify). */
export async function countUnread(opts: { db: Tx; userId: number }): Promise<number> {
  const [row] = await opts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, opts.userId), eq(notifications.isActive, true)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; someone else's or an unknown id is a 404. */
export async function markRead(opts: {
  db: Tx;
  userId: number;
  notificationId: number;
}): Promise<void> {
  const id = opts.notificationId;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw AppError.notFound(MSG.notificationNotFound);
  }
  // Matching read rows too keeps a repeated click a success, not a 404.
  const updated = await opts.db
    .update(notifications)
    .set({ isActive: false })
    .where(and(eq(notifications.id, id), eq(notifications.userId, opts.userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw AppError.notFound(MSG.notificationNotFound);
}

/** Marks every unread notification of the user read. */
export async function markAllRead(opts: { db: Tx; userId: number }): Promise<void> {
  await opts.db
    .update(notifications)
    .set({ isActive: false })
    .where(and(eq(notifications.userId, opts.userId), eq(notifications.isActive, true)));
}
