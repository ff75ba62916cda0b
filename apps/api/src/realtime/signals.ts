import { sql, type SQL } from 'drizzle-orm';
import {
  BidStatus,
  UserType,
  type ChatMessage,
  type Notification,
  type OpenRequestEvent,
  type RequestCommentEvent,
  type TrackingEvent,
} from '@movehub/shared';
import type { Tx } from '../db/client';

/**
 * Signals to the sockets (docs/decisions/018, 033). A command lists them in the event of its
 * change; the realtime subscriber sends them with `pg_notify` in the dispatch's transaction, so
 * PostgreSQL delivers them once that commits, to every API process listening: a socket is never
 * told about a change that was rolled back, and every process reaches the sockets it holds. A
 * truck's point, at one a second per move, is the exception: its signal goes in the statement
 * that stores it (trackingSignalSql), with the same delivery at commit.
 */
export const REALTIME_CHANNEL = 'movehub_realtime';

/** A stored chat message before it is seen from a side: sender_type is the listener's to add. */
export type ChatDelivery = Omit<ChatMessage, 'sender_type'>;

export type RealtimeSignal =
  /** A new notification for the bell of the user whose room this is. */
  | { kind: 'notification'; room: string; data: Notification }
  /** A new marketplace request in the area of the company whose room this is. */
  | { kind: 'open-request'; room: string; data: OpenRequestEvent }
  /** A comment on a request open for bids that the company whose room this is can read. */
  | { kind: 'request-comment'; room: string; data: RequestCommentEvent }
  /**
   * A chat message stored: to the other side's room and to the sender's other tabs (every socket
   * of the sender's room but `exceptSocketId`, the one that sent it and got the ack). The rooms
   * are the message's sender_id and receiver_id. A message too long to carry comes as its `id`,
   * and each listening process reads it.
   */
  | { kind: 'chat-message'; data: ChatDelivery; exceptSocketId?: string }
  | { kind: 'chat-message'; id: number; exceptSocketId?: string }
  /** A truck's stored point, for the tracking page of the customer whose room this is. */
  | { kind: 'tracking'; room: string; data: TrackingEvent }
  /** A session ended (log out): its sockets close. */
  | { kind: 'revoke-session'; sessionId: number }
  /** Every session of a user but `keep` ended (password reset or change). */
  | { kind: 'revoke-user'; userId: number; keepSessionId: number | null };

// pg_notify's payload limit is 8,000 bytes; a notification's text is a short sentence, and a
// chat message that would not fit goes as its id.
const MAX_PAYLOAD_BYTES = 7_900;

export async function sendSignal(db: Tx, signal: RealtimeSignal): Promise<void> {
  const payload = JSON.stringify(signal);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return;
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

/**
 * A truck's stored point to the tracking page of the customer whose room this is, as an
 * expression of the statement that stores the point: a pg_notify there is delivered when that
 * statement commits, as the realtime subscriber's are, without an event row and a dispatch per
 * point (docs/decisions/019, addendum). `createdAt` is the point's time as ISO text, the
 * answer's own; a null room (an account without one) sends nothing.
 */
export function trackingSignalSql(
  room: SQL,
  point: { requestId: SQL; latitude: SQL; longitude: SQL; createdAt: SQL },
): SQL {
  return sql`case when ${room} is not null then pg_notify(${sql.raw(`'${REALTIME_CHANNEL}'`)},
    json_build_object('kind', 'tracking', 'room', ${room}, 'data', json_build_object(
      'request_id', ${point.requestId}, 'latitude', ${point.latitude},
      'longitude', ${point.longitude}, 'created_at', ${point.createdAt}))::text) end`;
}

/**
 * A stored message's signal: the message once (each listening process composes each side's
 * view), or only its id when the message would not fit in a payload.
 */
export function chatMessageSignal(message: ChatDelivery, exceptSocketId?: string): RealtimeSignal {
  const except = exceptSocketId ? { exceptSocketId } : {};
  const whole: RealtimeSignal = { kind: 'chat-message', data: message, ...except };
  return Buffer.byteLength(JSON.stringify(whole)) <= MAX_PAYLOAD_BYTES
    ? whole
    : { kind: 'chat-message', id: message.id, ...except };
}

/**
 * The notification signal, with the user's room looked up in the same statement: the service
 * that notifies knows the user's id only.
 */
export async function signalNotification(
  db: Tx,
  userId: number,
  data: Notification,
): Promise<void> {
  const payload = JSON.stringify(data);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES - 200) return;
  await db.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('kind', 'notification', 'room', u.room_id, 'data', ${payload}::json)::text) from users u where u.id = ${userId}`,
  );
}

/**
 * How many characters a new notification's id may have for its signal to fit a payload, as
 * signalNotification measures it: for the statement that writes notifications and sends their
 * signals at once (notifyMany), before the ids are known.
 */
export function notificationIdBudget(requestId: number | null, message: string): number {
  const withoutId: Notification = {
    id: 0,
    action_value: requestId,
    message_body: message,
    created_at: new Date(0).toISOString(),
    is_active: true,
  };
  return MAX_PAYLOAD_BYTES - 200 - (Buffer.byteLength(JSON.stringify(withoutId)) - 1);
}

/**
 * A new marketplace request, to the consoles of the companies that serve its pick-up zip (the
 * same area rule as open_requests): one signal per company, rooms looked up in the statement.
 * Sent in the request's own transaction, so a request that was rolled back is never announced.
 */
export async function signalOpenRequest(db: Tx, requestId: number): Promise<void> {
  await db.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('kind', 'open-request', 'room', u.room_id, 'data', json_build_object('request_id', ${requestId}::int))::text)
      from users u
      where u.user_type = ${UserType.company}
        and u.id in (
          select z.company_id from company_service_zips z
          where z.zip_code = (select r.pick_up_zip from requests r where r.id = ${requestId}))`,
  );
}

/**
 * A comment or reply on a request open for bids, to the consoles that show its thread: every
 * company whose area holds its pick-up zip (as open_requests reads it) and every company with a
 * bid on it that was not deleted. One signal per company, rooms looked up in the statement; sent
 * in the dispatch's transaction, so only once the comment has committed.
 */
export async function signalRequestComment(db: Tx, requestId: number): Promise<void> {
  await db.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('kind', 'request-comment', 'room', u.room_id, 'data', json_build_object('request_id', ${requestId}::int))::text)
      from users u
      where u.user_type = ${UserType.company}
        and (u.id in (
            select z.company_id from company_service_zips z
            where z.zip_code = (select r.pick_up_zip from requests r where r.id = ${requestId}))
          or u.id in (
            select b.company_id from request_bids b
            where b.request_id = ${requestId} and b.status <> ${BidStatus.deleted}))`,
  );
}

export function parseSignal(payload: string): RealtimeSignal | null {
  try {
    const value = JSON.parse(payload) as RealtimeSignal;
    return value && typeof value === 'object' && 'kind' in value ? value : null;
  } catch {
    return null;
  }
}
