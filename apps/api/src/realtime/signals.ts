import { sql } from 'drizzle-orm';
import type { Notification } from '@movehub/shared';
import type { Tx } from '../db/client';

/**
 * Signals from a transaction to the sockets (docs/decisions/018). A service writes one with
 * `pg_notify` inside the transaction of its change; PostgreSQL delivers it only when that
 * transaction commits, and to every API process listening, so a socket is never told about a
 * change that was rolled back, and every process reaches the sockets it holds.
 */
export const REALTIME_CHANNEL = 'movehub_realtime';

export type RealtimeSignal =
  /** A new notification for the bell of the user whose room this is. */
  | { kind: 'notification'; room: string; data: Notification }
  /** A session ended (log out): its sockets close. */
  | { kind: 'revoke-session'; sessionId: number }
  /** Every session of a user but `keep` ended (password reset or change). */
  | { kind: 'revoke-user'; userId: number; keepSessionId: number | null };

// pg_notify's payload limit is 8,000 bytes; a notification's text is a short sentence.
const MAX_PAYLOAD_BYTES = 7_900;

export async function sendSignal(db: Tx, signal: RealtimeSignal): Promise<void> {
  const payload = JSON.stringify(signal);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return;
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
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

export function parseSignal(payload: string): RealtimeSignal | null {
  try {
    const value = JSON.parse(payload) as RealtimeSignal;
    return value && typeof value === 'object' && 'kind' in value ? value : null;
  } catch {
    return null;
  }
}
