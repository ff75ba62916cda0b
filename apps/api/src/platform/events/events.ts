import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import type { domainEvents } from '../../db/schema';
import type { RealtimeSignal } from '../../realtime/signals';

/*
 * Events after commit, one way (docs/decisions/033). A command writes what happened as rows of
 * the outbox (domain_events) in the transaction of its change; after the commit the dispatcher
 * hands each event to its subscribers: the notifications (in-app, by `notices`), the customer's
 * messages (email, SMS and calendar invite, by the notices that carry `customer`), the sockets
 * (by `signals`, and by type: a new request reaches the consoles of the companies in its area)
 * and the demo simulator (by type). No route and no command calls a subscriber; no subscriber
 * changes a request except through a command.
 */

/** What happened, named by its producer: `request.*` for the request's commands. */
export type EventType =
  | 'request.created'
  | 'request.claimed'
  | 'request.bid_placed'
  | 'request.bid_removed'
  | 'request.accepted'
  | 'request.paid'
  | 'request.letter_sent'
  | 'request.letter_signed'
  | 'request.assigned'
  | 'request.crew_changed'
  | 'request.started'
  | 'request.completed'
  | 'request.confirmed'
  | 'request.feedback_given'
  | 'request.cancelled'
  | 'request.edited'
  | 'request.change_asked'
  | 'request.change_proposed'
  | 'request.change_answered'
  | 'request.comment_added'
  | 'request.payment_failed'
  | 'request.refund_posted'
  | 'chat.message_sent'
  | 'session.ended'
  | 'company.foreman_joined';

/** The lifecycle messages a customer also gets by email and SMS (docs/decisions/017). */
export type CustomerEvent =
  | 'payment'
  | 'assignment'
  | 'move_start'
  | 'completion'
  | 'release'
  | 'cancelled'
  | 'rescheduled'
  | 'change_proposed'
  | 'reminder';

/** Someone to tell, in words: an in-app notification, and for a customer's event its messages. */
export interface Notice {
  userId: number;
  message: string;
  customer?: {
    event: CustomerEvent;
    /**
     * A calendar invite with the message: the move as it is now ('request'), or its cancel;
     * `sequence` is the invite's SEQUENCE, raised by the command that moved or cancelled it.
     */
    calendar?: { method: 'request' | 'cancel'; sequence: number };
  };
}

export interface DomainEvent {
  type: EventType;
  requestId: number | null;
  notices?: Notice[];
  signals?: RealtimeSignal[];
  /** Facts a subscriber reacts to by type (the demo reads them). */
  data?: Record<string, unknown>;
}

export interface StoredEvent extends DomainEvent {
  id: number;
}

/** The channel a commit wakes the dispatchers of every process on. */
export const EVENTS_CHANNEL = 'movehub_events';

/**
 * Writes events in the caller's transaction (they exist exactly when its change commits) and
 * wakes the dispatchers of every process once it commits. Answers the events' ids, in order.
 *
 * `writes` are more writes of the transaction whose answer nobody needs (a command's deferred
 * writes: a receipt, a counter, a movement recorded at once): each a list of top-level CTEs
 * (`name as (insert …)`, names unique in the statement), sent in the same statement, so that the
 * last statement of a command is one round trip whatever it writes. They run with that
 * statement's snapshot: each sees what the transaction wrote before, not what the others write.
 */
export async function writeEvents(
  tx: Transaction,
  events: readonly DomainEvent[],
  writes: SQL[] = [],
): Promise<number[]> {
  if (events.length === 0) {
    // Data-modifying CTEs run to completion whether or not the main query reads them.
    if (writes.length > 0) await tx.execute(sql`with ${sql.join(writes, sql`, `)} select 1`);
    return [];
  }
  // One statement: the rows and the wake-up (a round trip is most of a command's cost).
  const rows = sql.join(
    events.map(
      (e) =>
        sql`(${e.requestId}::int, ${e.type}::text, ${JSON.stringify({
          ...(e.notices?.length ? { notices: e.notices } : {}),
          ...(e.signals?.length ? { signals: e.signals } : {}),
          ...(e.data ? { data: e.data } : {}),
        })}::jsonb)`,
    ),
    sql`, `,
  );
  const before = writes.length > 0 ? sql`${sql.join(writes, sql`, `)}, ` : sql``;
  const result = await tx.execute(sql`
    with ${before}written as (
      insert into domain_events (request_id, type, payload)
      select * from (values ${rows}) as event(request_id, type, payload)
      returning id
    )
    select array_agg(id order by id) as ids,
           pg_notify(${EVENTS_CHANNEL}, max(id)::text) as woken
    from written`);
  const [row] = (result as unknown as { rows: { ids: (number | string)[] }[] }).rows;
  return (row?.ids ?? []).map(Number);
}

/** A stored row as the subscribers see it. */
export function storedEvent(row: typeof domainEvents.$inferSelect): StoredEvent {
  const payload = row.payload as Pick<DomainEvent, 'notices' | 'signals' | 'data'>;
  return {
    id: row.id,
    type: row.type as EventType,
    requestId: row.requestId,
    ...(payload.notices ? { notices: payload.notices } : {}),
    ...(payload.signals ? { signals: payload.signals } : {}),
    ...(payload.data ? { data: payload.data } : {}),
  };
}
