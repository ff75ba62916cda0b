import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ACTIVE_REQUEST_STATUS,
  AWAITING_ASSIGNMENT_TIMELINE,
  AWAITING_CONFIRMATION_TIMELINE,
  AWAITING_PAYMENT_TIMELINE,
  AWAITING_RESPONSE_TIMELINE,
  CANCELLED_REQUEST_STATUS,
  CANCELLED_TIMELINE,
  CHAT_ENABLED_TIMELINE,
  CONFIRMED_TIMELINE,
  CREW_DONE_TIMELINE,
  findTransition,
  FOREMAN_CHAT_TIMELINE,
  MARKETPLACE_REQUEST_TYPE,
  MOVE_IN_PROGRESS_TIMELINE,
  MOVE_OVER_TIMELINE,
  OPEN_FOR_BIDS_TIMELINE,
  READY_TO_MOVE_TIMELINE,
  refusalKind,
  requestStatusAfter,
  TIMELINE_LABELS,
  type TimelineStatus,
  WITH_CREW_TIMELINE,
  type JobStage,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleRequest,
} from '@movehub/shared';
import type { Tx } from '../../db/client';
import { requests, requestStatusHistory, requestTimeline } from '../../db/schema';
import { inList } from '../../db/schema/columns';
import { AppError } from '../../errors';

/*
 * Every change of a request's timeline status goes through here, inside the caller's
 * transaction: lock the row, check the move against the shared lifecycle table
 * (packages/shared rules/lifecycle.ts), write the new status, its history row (from, to, who,
 * when) and its timeline entry. The caller adds what the move means (a bid accepted, money
 * held) and the notification in the same transaction.
 */

export type RequestRow = typeof requests.$inferSelect;

/** Who makes a move: the actor's kind and, unless the server itself, the user. */
export interface Actor {
  type: LifecycleActor;
  userId: number | null;
}

/** Not found and not yours read the same, so ids don't leak. */
export const REQUEST_NOT_FOUND = 'Request not found.';

/** Why a move is refused, in the customer's words. */
export function refusal(from: number): string {
  const status = TIMELINE_LABELS[from as TimelineStatus] ?? String(from);
  return `This request cannot be changed this way now: it is ${status}.`;
}

/**
 * The answer to a refused move: 409 when the request has gone past it (a repeat, a race another
 * call won, a cancelled request), 422 when it has not reached it yet (shared refusalKind).
 */
function refused(action: LifecycleAction, from: number): AppError {
  const message = refusal(from);
  return refusalKind(action, from) === 'conflict'
    ? AppError.conflict(message)
    : AppError.unprocessable(message);
}

/**
 * 409 or 422 (see refused) unless the lifecycle table allows `action` from the request's status for this actor: the
 * check moveRequest makes, for a caller that has more to check before it moves (the same answer
 * whichever check runs first).
 */
export function assertCanMove(
  request: Pick<RequestRow, 'timelineStatus'>,
  action: LifecycleAction,
  actor: Pick<Actor, 'type'>,
): void {
  if (!findTransition(action, request.timelineStatus, actor.type)) {
    throw refused(action, request.timelineStatus);
  }
}

/**
 * Moves a locked request by `action`. Refused with the request's status in words when the
 * lifecycle table does not allow it from that status for this actor: 422 when the request has not
 * reached the move,
 * 409 when it has gone past it (a lost race, a repeat, a cancelled request).
 */
export async function moveRequest(
  tx: Tx,
  opts: {
    request: RequestRow;
    action: LifecycleAction;
    actor: Actor;
    /** The timeline entry's title; the new status's label by default. */
    title?: string;
    /** Other columns set with the status (the accepted bid, the final amount). */
    set?: Partial<typeof requests.$inferInsert>;
  },
): Promise<RequestRow> {
  const { request, action, actor } = opts;
  const transition = findTransition(action, request.timelineStatus, actor.type);
  if (!transition) throw refused(action, request.timelineStatus);
  const to = transition.to;
  // Cancelled or confirmed, the request leaves its tab (the table says which it goes to).
  const requestStatus = requestStatusAfter(to);
  // The status, its history row and its timeline entry in one statement (a round trip is most
  // of a command's cost).
  const history = tx.$with('history').as(
    tx
      .insert(requestStatusHistory)
      .values({
        requestId: request.id,
        fromStatus: request.timelineStatus,
        toStatus: to,
        actorType: actor.type,
        actorId: actor.userId,
      })
      .returning({ id: requestStatusHistory.id }),
  );
  const timeline = tx.$with('timeline').as(
    tx
      .insert(requestTimeline)
      .values({ requestId: request.id, activityTitle: opts.title ?? TIMELINE_LABELS[to] })
      .returning({ id: requestTimeline.id }),
  );
  const [updated] = await tx
    .with(history, timeline)
    .update(requests)
    .set({
      ...opts.set,
      timelineStatus: to,
      ...(requestStatus !== null ? { requestStatus } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(requests.id, request.id))
    .returning();
  if (!updated) throw AppError.notFound(REQUEST_NOT_FOUND);
  return updated;
}

/** The shared guards' view of a request row (packages/shared rules/lifecycle.ts). */
export function guardView(
  r: Pick<RequestRow, 'timelineStatus' | 'requestStatus' | 'requestType'>,
): LifecycleRequest {
  return {
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    request_type: r.requestType,
  };
}

/** SQL twin of the shared isActiveRequest: request_status is active. */
export function activeRequestSql(column: AnyColumn | SQL): SQL {
  return sql`${column} = ${sql.raw(String(ACTIVE_REQUEST_STATUS))}`;
}

/*
 * The SQL twins of the shared guards, each built from the status set its guard reads
 * (packages/shared rules/lifecycle.ts), so that a query selects exactly the requests the guard
 * accepts (test/status-sql.test.ts holds each pair together over every status).
 */

/**
 * The status columns a twin reads: the requests table's, an alias of it, or references written
 * in SQL (inside a relational query's where or extras, which rewrite every column to its root).
 */
type StatusColumns = Record<'requestStatus' | 'timelineStatus' | 'requestType', AnyColumn | SQL>;

/** SQL twin of the shared isChatEnabled: the customer's chat with the company, 3 to 6. */
export function chatEnabledSql(timeline: AnyColumn | SQL): SQL {
  return inList(timeline, CHAT_ENABLED_TIMELINE);
}

/** SQL twin of the shared isForemanChatEnabled: the customer's chat with the foreman, 5 and 6. */
export function foremanChatEnabledSql(timeline: AnyColumn | SQL): SQL {
  return inList(timeline, FOREMAN_CHAT_TIMELINE);
}

/** SQL twin of the shared isOpenForBids: a marketplace request, active, at 0 or 1. */
export function openForBidsSql(r: StatusColumns = requests): SQL {
  return sql`(${r.requestType} = ${sql.raw(String(MARKETPLACE_REQUEST_TYPE))}
    and ${activeRequestSql(r.requestStatus)}
    and ${inList(r.timelineStatus, OPEN_FOR_BIDS_TIMELINE)})`;
}

/** SQL twin of the shared needsCrew: not cancelled, and the crew not done with it. */
export function needsCrewSql(r: StatusColumns = requests): SQL {
  return sql`(not ${inList(r.requestStatus, [CANCELLED_REQUEST_STATUS])}
    and not ${inList(r.timelineStatus, CREW_DONE_TIMELINE)})`;
}

/** SQL twin of the shared isWithCrew: assigned, moving, or marked complete (4 to 6). */
export function withCrewSql(timeline: AnyColumn | SQL): SQL {
  return inList(timeline, WITH_CREW_TIMELINE);
}

/** SQL twin of the shared isMoveOver: confirmed by the customer, or cancelled. */
export function moveOverSql(timeline: AnyColumn | SQL): SQL {
  return inList(timeline, MOVE_OVER_TIMELINE);
}

/**
 * SQL twin of the shared jobStageOf, in its order: cancelled first (request_status 2 whatever the
 * timeline says), null for a request that is no job (a marketplace request open for bids).
 */
export function jobStageSql(r: StatusColumns = requests): SQL<JobStage | null> {
  const when = (test: SQL, stage: JobStage) => sql`when ${test} then ${sql.raw(`'${stage}'`)}`;
  const t = r.timelineStatus;
  return sql<JobStage | null>`(case
    ${when(sql`${inList(r.requestStatus, [CANCELLED_REQUEST_STATUS])} or ${inList(t, CANCELLED_TIMELINE)}`, 'cancelled')}
    ${when(inList(t, CONFIRMED_TIMELINE), 'completed')}
    ${when(inList(t, AWAITING_CONFIRMATION_TIMELINE), 'to_confirm')}
    ${when(inList(t, MOVE_IN_PROGRESS_TIMELINE), 'in_progress')}
    ${when(inList(t, READY_TO_MOVE_TIMELINE), 'assigned')}
    ${when(inList(t, AWAITING_ASSIGNMENT_TIMELINE), 'paid')}
    ${when(inList(t, AWAITING_PAYMENT_TIMELINE), 'awaiting_payment')}
    ${when(sql`${r.requestType} <> ${sql.raw(String(MARKETPLACE_REQUEST_TYPE))} and ${inList(t, AWAITING_RESPONSE_TIMELINE)}`, 'new_direct')}
  end)`;
}
