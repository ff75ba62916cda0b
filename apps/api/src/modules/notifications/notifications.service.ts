import { and, desc, eq, sql } from 'drizzle-orm';
import { MSG, type Notification } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { AppError } from '../../errors';
import { signalNotification, signalNotifications } from '../../realtime/signals';
import { toNotification } from './notifications.wire';

/** The drawer shows the newest ones; older notifications stay stored but are not listed. */
export const NOTIFICATION_LIST_LIMIT = 50;

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
 * Tells several users at once (an event's notices): one insert for all the notifications and one
 * statement for their realtime signals, in the caller's transaction.
 */
export async function notifyMany(opts: {
  db: Tx;
  requestId: number | null;
  notices: readonly { userId: number; message: string }[];
}): Promise<Notification[]> {
  if (opts.notices.length === 0) return [];
  const rows = await opts.db
    .insert(notifications)
    .values(
      opts.notices.map((n) => ({
        userId: n.userId,
        requestId: opts.requestId,
        messageBody: n.message,
      })),
    )
    .returning();
  const sent = rows.map((row) => ({ userId: row.userId, data: toNotification(row) }));
  await signalNotifications(opts.db, sent);
  return sent.map((s) => s.data);
}

// The bell is read on every dashboard load: one prepared round trip gives the page and the
// unread count (a window aggregate is computed before LIMIT, so it counts every row of the user).
const listWithUnread = preparedPerDatabase((db) =>
  db
    .select({
      row: notifications,
      unread: sql<number>`(count(*) filter (where ${notifications.isActive}) over ())::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT)
    .prepare('list_notifications'),
);

/** A user's notifications, newest first, and how many of all of them are unread. */
export async function listNotifications(opts: {
  db: Db;
  userId: number;
}): Promise<{ notifications: Notification[]; unreadCount: number }> {
  const rows = await listWithUnread(opts.db).execute({ userId: opts.userId });
  return {
    notifications: rows.map((r) => toNotification(r.row)),
    unreadCount: rows[0]?.unread ?? 0,
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
