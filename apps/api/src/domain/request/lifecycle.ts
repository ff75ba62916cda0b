import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ACTIVE_REQUEST_STATUS,
  findTransition,
  refusalKind,
  RequestStatus,
  TIMELINE_LABELS,
  TimelineStatus,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleRequest,
} from '@movehub/shared';
import type { Tx } from '../../db/client';
import { requests, requestStatusHistory, requestTimeline } from '../../db/schema';
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
  const [updated] = await tx
    .update(requests)
    .set({
      ...opts.set,
      timelineStatus: to,
      ...(to === TimelineStatus.cancelled ? { requestStatus: RequestStatus.cancelled } : {}),
      ...(to === TimelineStatus.completed ? { requestStatus: RequestStatus.done } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(requests.id, request.id))
    .returning();
  if (!updated) throw AppError.notFound(REQUEST_NOT_FOUND);
  await tx.insert(requestStatusHistory).values({
    requestId: request.id,
    fromStatus: request.timelineStatus,
    toStatus: to,
    actorType: actor.type,
    actorId: actor.userId,
  });
  await tx.insert(requestTimeline).values({
    requestId: request.id,
    activityTitle: opts.title ?? TIMELINE_LABELS[to],
  });
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
export function activeRequestSql(column: AnyColumn): SQL {
  return sql`${column} = ${ACTIVE_REQUEST_STATUS}`;
}
