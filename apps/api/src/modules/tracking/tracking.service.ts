import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import {
  isRouteTravelledShown,
  isTrackingEnabled,
  refusalKind,
  statusAfter,
  TIMELINE_LABELS,
  TRACKING_CLOCK_SKEW_MS,
  TRACKING_RECORDED_AT_TEXT,
  TRACKING_RECORDED_MAX_AGE_MS,
  type TimelineStatus,
  type TrackingEvent,
  type TrackingPoint,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { requests, requestStatusHistory, trackingPoints, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Domain } from '../../domain/context';
import { runRequestCommand } from '../../domain/request/command';
import { REQUEST_NOT_FOUND, type RequestRow } from '../../domain/request/lifecycle';

/*
 * Live truck tracking (spec/request-lifecycle.md "Tracking", §7 get_tracking).
 * The assigned foreman's phone posts the truck's position while the move is in progress
 * (status 5); each stored point goes to the customer's room once it commits (its event's
 * signal), and get_tracking gives the customer the points so far. Before the move starts and
 * after it ends nothing is stored; once the company has marked it complete, get_tracking gives
 * the route travelled (issue 31), and before the start or on a cancelled request nothing.
 */

/**
 * At most one stored point per second per request: a phone's GPS may fire many times a second,
 * and a map needs no more. A point inside that second is not an error (the phone would only
 * retry it): it answers 200 with the point already stored, which is neither stored again nor
 * sent to the customer.
 */
export const TRACKING_POINT_INTERVAL_MS = 1000;

/**
 * The most points one move keeps: twelve hours at one a second. Past it a post is refused (409:
 * the move's track is full, trying again changes nothing) rather than growing the table and
 * get_tracking's answer without bound.
 */
export const TRACKING_MAX_POINTS = 43_200;

export const TRACKING_TEXT = {
  stored: 'The location has been stored.',
  kept: 'A location of this move was stored less than a second ago; it stands.',
  later: 'A later location of this move is already stored; it stands.',
  full: `This move already has ${TRACKING_MAX_POINTS} stored locations; no more are kept.`,
  notStarted: (status: string) =>
    `Tracking starts when the move is in progress. This request's status: ${status}.`,
  ended: (status: string) => `Tracking has ended for this request. Its status: ${status}.`,
  points: 'Tracking data of the move in progress.',
  travelled: 'The move is complete: the route the truck travelled.',
} as const;

/**
 * 422 while the request has not reached the move in progress, 409 once it has gone past it
 * (completed, confirmed, cancelled): shared refusalKind for the move that ends tracking, whose
 * only starting status is the one tracking runs at.
 */
function notTracking(request: Pick<RequestRow, 'timelineStatus'>): AppError {
  const status =
    TIMELINE_LABELS[request.timelineStatus as TimelineStatus] ?? String(request.timelineStatus);
  return refusalKind('completeMove', request.timelineStatus) === 'conflict'
    ? AppError.conflict(TRACKING_TEXT.ended(status))
    : AppError.unprocessable(TRACKING_TEXT.notStarted(status));
}

const toPoint = (row: { latitude: number; longitude: number; createdAt: Date }): TrackingPoint => ({
  latitude: row.latitude,
  longitude: row.longitude,
  created_at: row.createdAt.toISOString(),
});

export interface PostedLocation {
  /** The request's point that stands: the new one, or the one stored less than a second ago. */
  event: TrackingEvent;
  /** False when the post fell inside the second of the last stored point, or before it. */
  stored: boolean;
  /** The answer's message: stored, or why the last stored point stands. */
  message: string;
}

/**
 * The time a point posted with recorded_at is stored at, on the database's clock: refused (422)
 * when it lies ahead of that clock by more than the phone's allowed skew, is older than
 * TRACKING_RECORDED_MAX_AGE_MS, or is before the move started; a time slightly ahead is read
 * as now, so that no stored point is ever in the future.
 */
async function recordedTime(tx: Tx, requestId: number, recordedAt: Date): Promise<Date> {
  // An aggregate without GROUP BY answers one row, with a null start when there is none.
  const [row] = await tx
    .select({
      now: sql<Date>`now()`.mapWith(requestStatusHistory.createdAt),
      startedAt: max(requestStatusHistory.createdAt),
    })
    .from(requestStatusHistory)
    .where(
      and(
        eq(requestStatusHistory.requestId, requestId),
        eq(requestStatusHistory.toStatus, statusAfter('startMove')),
      ),
    );
  const now = row!.now;
  const at = recordedAt.getTime();
  if (at > now.getTime() + TRACKING_CLOCK_SKEW_MS) {
    throw AppError.unprocessable(TRACKING_RECORDED_AT_TEXT.future);
  }
  if (at < now.getTime() - TRACKING_RECORDED_MAX_AGE_MS) {
    throw AppError.unprocessable(TRACKING_RECORDED_AT_TEXT.tooOld);
  }
  // A move set to 5 without the lifecycle (no history row) has no known start: the age bound only.
  if (row!.startedAt && at < row!.startedAt.getTime() - TRACKING_POINT_INTERVAL_MS) {
    throw AppError.unprocessable(TRACKING_RECORDED_AT_TEXT.beforeStart);
  }
  return at > now.getTime() ? now : recordedAt;
}

/**
 * Stores a point of the truck of a move in progress, posted by the foreman assigned to it: a
 * command on the request (its row locked for the check and the write, so two posts of one move
 * run one after the other and the one-a-second rule holds between them). Someone else's request
 * reads as not found. A stored point's event sends it to the customer's room after the commit.
 *
 * `recordedAt` is when the phone took the point (a point queued offline arrives late): it is
 * stored with that time. The one-a-second rule then compares it with the last stored point's
 * time, and a point not newer than that one (a resend whose answer was lost, or a point that
 * arrives after a later one) stands aside like a point inside the second, so a track is
 * never drawn backwards.
 */
export async function postLocation(opts: {
  domain: Domain;
  foremanId: number;
  requestId: number;
  latitude: number;
  longitude: number;
  recordedAt?: Date | undefined;
}): Promise<PostedLocation> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'foreman', userId: opts.foremanId },
    authorize: (request) => request.foremanId === opts.foremanId,
    run: async (ctx) => {
      const { tx, request } = ctx;
      if (!isTrackingEnabled(request.timelineStatus)) throw notTracking(request);
      const at = opts.recordedAt ? await recordedTime(tx, request.id, opts.recordedAt) : null;

      // The move's latest point and how many it has, in one statement (they were two). It runs
      // after the lock, so that it sees a point a concurrent post stored before letting go of
      // the row.
      const [last] = await tx
        .select({
          latitude: trackingPoints.latitude,
          longitude: trackingPoints.longitude,
          createdAt: trackingPoints.createdAt,
          recent: sql<boolean>`${trackingPoints.createdAt} > now() - make_interval(secs => ${TRACKING_POINT_INTERVAL_MS / 1000})`,
          points: sql<number>`(select count(*)::int from ${trackingPoints} where ${trackingPoints.requestId} = ${request.id})`,
        })
        .from(trackingPoints)
        .where(eq(trackingPoints.requestId, request.id))
        .orderBy(desc(trackingPoints.id))
        .limit(1);
      const standing = (message: string) => ({
        event: { request_id: request.id, ...toPoint(last!) },
        stored: false,
        message,
      });
      if (last && at) {
        const gap = at.getTime() - last.createdAt.getTime();
        if (gap <= 0) return standing(TRACKING_TEXT.later);
        if (gap < TRACKING_POINT_INTERVAL_MS) return standing(TRACKING_TEXT.kept);
      } else if (last?.recent) {
        return standing(TRACKING_TEXT.kept);
      }
      if (last && last.points >= TRACKING_MAX_POINTS) throw AppError.conflict(TRACKING_TEXT.full);
      // The customer's room comes with the new point (a round trip less).
      const [stored] = await tx
        .insert(trackingPoints)
        .values({
          requestId: request.id,
          postedBy: opts.foremanId,
          latitude: opts.latitude,
          longitude: opts.longitude,
          ...(at ? { createdAt: at } : {}),
        })
        .returning({
          latitude: trackingPoints.latitude,
          longitude: trackingPoints.longitude,
          createdAt: trackingPoints.createdAt,
          customerRoom: sql<
            string | null
          >`(select ${users.roomId} from ${users} where ${users.id} = ${request.customerId})`,
        });
      const event = { request_id: request.id, ...toPoint(stored!) };
      if (stored!.customerRoom !== null) {
        ctx.emit({
          type: 'tracking.point',
          signals: [{ kind: 'tracking', room: stored!.customerRoom, data: event }],
        });
      }
      return { event, stored: true, message: TRACKING_TEXT.stored };
    },
  });
  return value;
}

/** What get_tracking answers: the points, and whether the move is over. */
export interface TrackingAnswer {
  points: TrackingPoint[];
  /** The company marked the move complete (6 to 8): the points are the route travelled. */
  complete: boolean;
}

/**
 * The points of a customer's move, oldest first: live while it is in progress (5), and the
 * route travelled once the company has marked it complete (6 to 8, issue 31: the page says the
 * move is complete and draws it, with no failure in the browser). Someone else's request reads
 * as not found; before the move starts the call is refused (422), and on a cancelled request
 * (409, see notTracking), rather than answered with an empty list: the tracking page shows a
 * failure's message (spec §8 "a browser alert on a tracking detail failure"), so a customer
 * who opens it too early learns why no truck is shown.
 */
export async function getTracking(opts: {
  db: Db;
  customerId: number;
  requestId: number;
}): Promise<TrackingAnswer> {
  const [request] = await opts.db
    .select({ customerId: requests.customerId, timelineStatus: requests.timelineStatus })
    .from(requests)
    .where(eq(requests.id, opts.requestId))
    .limit(1);
  if (!request || request.customerId !== opts.customerId) {
    throw AppError.notFound(REQUEST_NOT_FOUND);
  }
  const complete = isRouteTravelledShown(request.timelineStatus);
  if (!complete && !isTrackingEnabled(request.timelineStatus)) throw notTracking(request);
  const rows = await opts.db
    .select({
      latitude: trackingPoints.latitude,
      longitude: trackingPoints.longitude,
      createdAt: trackingPoints.createdAt,
    })
    .from(trackingPoints)
    .where(eq(trackingPoints.requestId, opts.requestId))
    .orderBy(asc(trackingPoints.id));
  return { points: rows.map(toPoint), complete };
}
