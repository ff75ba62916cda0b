import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  isRouteTravelledShown,
  isTrackingEnabled,
  MOVE_IN_PROGRESS_TIMELINE,
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
import type { Db } from '../../db/client';
import { isRetryableConflict } from '../../db/locks';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import {
  requests,
  requestStatusHistory,
  trackingLatest,
  trackingPoints,
  users,
} from '../../db/schema';
import { inList } from '../../db/schema/columns';
import { AppError } from '../../errors';
import type { Domain } from '../../domain/context';
import { REQUEST_NOT_FOUND, type RequestRow } from '../../domain/request/lifecycle';
import { trackingSignalSql } from '../../realtime/signals';

/*
 * Live truck tracking (spec/request-lifecycle.md "Tracking", §7 get_tracking).
 * The assigned foreman's phone posts the truck's position while the move is in progress
 * (status 5); each stored point goes to the customer's room once it commits (its signal, sent
 * by the statement that stores it), and get_tracking gives the customer the points so far. Before the move starts and
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

/** A stored point's time as the wire writes it (Date.toISOString), from the statement that stores it. */
const isoSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A constant span of milliseconds as an interval literal of the statement's text. */
const msInterval = (ms: number) => {
  if (!Number.isInteger(ms)) throw new Error(`an interval is whole milliseconds: ${ms}`);
  return sql.raw(`interval '${ms} milliseconds'`);
};

/**
 * A point, checked and stored in one statement, prepared (one round trip, no query building):
 * 1. the request, only its foreman's, at status 5, held FOR SHARE: a command changing its status
 *    (which locks it FOR NO KEY UPDATE) waits for this point to commit, or this statement waits
 *    for the command and reads the status it committed; a recorded_at inside its bounds (not
 *    ahead of the database's clock by more than the phone's skew, within the last hour, not
 *    before the move started);
 * 2. the move's tracking_latest row moved on, only at least a second after its latest point and
 *    under TRACKING_MAX_POINTS: a concurrent post of the same move waits for this row and then
 *    checks the row as that post left it, so of two posts in one second one is stored;
 * 3. the point inserted, and its signal to the customer's room (delivered when this commits).
 * It answers the stored point's time, or no row when anything refused it (whyNotStored says
 * what). A point posted with recorded_at is stored at that time, or now when it is slightly
 * ahead, so that no stored point is ever in the future.
 */
const storePointStatement = preparedPerDatabase((db) => {
  const recordedAt = sql`i.recorded_at`;
  const movePoint = sql`
    with i as (
      select ${placeholder('requestId', 'int')} as request_id,
             ${placeholder('foremanId', 'int')} as foreman_id,
             ${placeholder('latitude', 'float8')} as latitude,
             ${placeholder('longitude', 'float8')} as longitude,
             ${placeholder('recordedAt', 'timestamptz')} as recorded_at
    ),
    move as (
      select ${requests.id} as request_id, ${requests.customerId} as customer_id, i.foreman_id,
             i.latitude, i.longitude, least(coalesce(${recordedAt}, now()), now()) as at
      from ${requests}, i
      where ${requests.id} = i.request_id
        and ${requests.foremanId} = i.foreman_id
        and ${inList(requests.timelineStatus, MOVE_IN_PROGRESS_TIMELINE)}
        and (${recordedAt} is null or (
          ${recordedAt} <= now() + ${msInterval(TRACKING_CLOCK_SKEW_MS)}
          and ${recordedAt} >= now() - ${msInterval(TRACKING_RECORDED_MAX_AGE_MS)}
          and not exists (
            select 1 from ${requestStatusHistory}
            where ${requestStatusHistory.requestId} = ${requests.id}
              and ${requestStatusHistory.toStatus} = ${sql.raw(String(statusAfter('startMove')))}
              and ${requestStatusHistory.createdAt} > ${recordedAt} + ${msInterval(TRACKING_POINT_INTERVAL_MS)})))
      for share of ${requests}
    ),
    latest as (
      insert into ${trackingLatest} (request_id, latitude, longitude, created_at, points)
      select request_id, latitude, longitude, at, 1 from move
      on conflict (request_id) do update
        set latitude = excluded.latitude, longitude = excluded.longitude,
            created_at = excluded.created_at, points = ${trackingLatest.points} + 1
        where excluded.created_at >= ${trackingLatest.createdAt} + ${msInterval(TRACKING_POINT_INTERVAL_MS)}
          and ${trackingLatest.points} < ${sql.raw(String(TRACKING_MAX_POINTS))}
      returning request_id, created_at
    ),
    point as (
      insert into ${trackingPoints} (request_id, posted_by, latitude, longitude, created_at)
      select move.request_id, move.foreman_id, move.latitude, move.longitude, latest.created_at
      from latest join move on move.request_id = latest.request_id
      returning ${isoSql(sql`created_at`)} as created_at
    )
    select point.created_at, ${trackingSignalSql(sql`u.room_id`, {
      requestId: sql`move.request_id`,
      latitude: sql`move.latitude`,
      longitude: sql`move.longitude`,
      createdAt: sql`point.created_at`,
    })} as signalled
    from point, move left join ${users} u on u.id = move.customer_id`;
  return db._.session.prepareQuery(
    new PgDialect().sqlToQuery(movePoint),
    undefined,
    'tracking_store_point',
    false,
  );
});

/** The stored point's time (ISO), or null when the statement stored nothing. */
async function storePoint(
  db: Db,
  opts: { requestId: number; foremanId: number; latitude: number; longitude: number },
  recordedAt: Date | undefined,
): Promise<string | null> {
  const result = (await storePointStatement(db).execute({
    requestId: opts.requestId,
    foremanId: opts.foremanId,
    latitude: opts.latitude,
    longitude: opts.longitude,
    recordedAt: recordedAt?.toISOString() ?? null,
  })) as { rows: { created_at: string }[] };
  return result.rows[0]?.created_at ?? null;
}

/**
 * Why storePoint stored nothing, read afresh: someone else's request (404), a status that is
 * not the move in progress (notTracking), a recorded_at out of bounds (422), the point that
 * stands (the one of the last second, or a later one), or a full track (409), in that order.
 * Null when nothing refuses the point any more (the second has passed since, or the move has
 * started): the caller stores it then.
 */
async function whyNotStored(
  db: Db,
  opts: { requestId: number; foremanId: number },
  recordedAt: Date | undefined,
): Promise<PostedLocation | null> {
  const [row] = await db
    .select({
      foremanId: requests.foremanId,
      timelineStatus: requests.timelineStatus,
      now: sql<Date>`now()`.mapWith(trackingLatest.createdAt),
      startedAt: sql<Date | null>`(select max(${requestStatusHistory.createdAt})
        from ${requestStatusHistory}
        where ${requestStatusHistory.requestId} = ${requests.id}
          and ${requestStatusHistory.toStatus} = ${statusAfter('startMove')})`.mapWith(
        requestStatusHistory.createdAt,
      ),
      latest: {
        latitude: trackingLatest.latitude,
        longitude: trackingLatest.longitude,
        createdAt: trackingLatest.createdAt,
        points: trackingLatest.points,
      },
    })
    .from(requests)
    .leftJoin(trackingLatest, eq(trackingLatest.requestId, requests.id))
    .where(eq(requests.id, opts.requestId));
  if (!row || row.foremanId !== opts.foremanId) throw AppError.notFound(REQUEST_NOT_FOUND);
  if (!isTrackingEnabled(row.timelineStatus)) throw notTracking(row);
  const now = row.now.getTime();
  const at = recordedAt ? recordedTime(recordedAt, now, row.startedAt) : now;
  const last = row.latest;
  if (last) {
    const standing = (message: string): PostedLocation => ({
      event: { request_id: opts.requestId, ...toPoint(last) },
      stored: false,
      message,
    });
    const gap = at - last.createdAt.getTime();
    // A live point (no recorded_at) is at the database's now: a point stored by a post that
    // began after this one's statement may be later still, and then stands as the point of
    // this second.
    if (recordedAt && gap <= 0) return standing(TRACKING_TEXT.later);
    if (gap < TRACKING_POINT_INTERVAL_MS) return standing(TRACKING_TEXT.kept);
    if (last.points >= TRACKING_MAX_POINTS) throw AppError.conflict(TRACKING_TEXT.full);
  }
  return null;
}

/**
 * The time (ms) a point posted with recorded_at is stored at, on the database's clock `now`:
 * refused (422) when it lies ahead of that clock by more than the phone's allowed skew, is
 * older than TRACKING_RECORDED_MAX_AGE_MS, or is before the move started; a time slightly ahead
 * is read as now. A move set to 5 without the lifecycle (no history row) has no known start:
 * the age bound only.
 */
function recordedTime(recordedAt: Date, now: number, startedAt: Date | null): number {
  const at = recordedAt.getTime();
  if (at > now + TRACKING_CLOCK_SKEW_MS) {
    throw AppError.unprocessable(TRACKING_RECORDED_AT_TEXT.future);
  }
  if (at < now - TRACKING_RECORDED_MAX_AGE_MS) {
    throw AppError.unprocessable(TRACKING_RECORDED_AT_TEXT.tooOld);
  }
  if (startedAt && at < startedAt.getTime() - TRACKING_POINT_INTERVAL_MS) {
    throw AppError.unprocessable(TRACKING_RECORDED_AT_TEXT.beforeStart);
  }
  return Math.min(at, now);
}

/** Tries of a post: a deadlock the database broke, or a refusal that no longer holds. */
const MAX_TRIES = 3;

/**
 * Stores a point of the truck of a move in progress, posted by the foreman assigned to it, and
 * sends it to the customer's room once it commits: one statement (storePointStatement) holds
 * the request against a change of status and the move's latest point against a concurrent post,
 * checks and stores. Only when it stores nothing is the reason read (whyNotStored): someone
 * else's request reads as not found, a request not in progress is refused, and a post inside
 * the second of the last stored point answers that point.
 *
 * `recordedAt` is when the phone took the point (a point queued offline arrives late): it is
 * stored with that time. The one-a-second rule then compares it with the last stored point's
 * time, and a point not newer than that one (a resend whose answer was lost, or a point that
 * arrives after a later one) stands aside like a point inside the second, so a track is
 * never drawn backwards.
 */
export async function postLocation(opts: {
  domain: Pick<Domain, 'db'>;
  foremanId: number;
  requestId: number;
  latitude: number;
  longitude: number;
  recordedAt?: Date | undefined;
}): Promise<PostedLocation> {
  const { db } = opts.domain;
  for (let attempt = 1; ; attempt += 1) {
    let createdAt: string | null;
    try {
      createdAt = await storePoint(db, opts, opts.recordedAt);
    } catch (err) {
      if (attempt < MAX_TRIES && isRetryableConflict(err)) continue;
      throw err;
    }
    if (createdAt !== null) {
      const event = {
        request_id: opts.requestId,
        latitude: opts.latitude,
        longitude: opts.longitude,
        created_at: createdAt,
      };
      return { event, stored: true, message: TRACKING_TEXT.stored };
    }
    const standing = await whyNotStored(db, opts, opts.recordedAt);
    if (standing) return standing;
    if (attempt >= MAX_TRIES) throw new Error('post_location: a point neither stored nor refused');
  }
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
