import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isMoveInProgress, type LatLng } from '@movehub/shared';
import type { GeoProvider } from '../../adapters/geo/geo-provider';
import type { Db } from '../../db/client';
import { requestAddresses, requests } from '../../db/schema';
import type { Domain } from '../../domain/context';
import { AppError } from '../../errors';
import { postLocation, TRACKING_POINT_INTERVAL_MS } from '../tracking/tracking.service';

/*
 * The demo truck: while a demo company's move is in progress (status 5), its
 * foreman drives the truck along the route between the request's addresses, one point per job on
 * the queue, through the same post_location command as a foreman's phone; the customer watches it
 * on the tracking page. The journey is planned once, at its first point: the driving route through
 * the addresses (the maps provider's, straight segments when it has none) cut into evenly spaced
 * points, carried from job to job, so every point is known in advance and a replayed job posts
 * the same one. It stops as soon as the request leaves status 5; on arrival the company marks the
 * move complete, as it did right after the start before.
 */

/** One point of the demo truck's journey. */
export const DEMO_DRIVE_JOB = 'demo.drive';

export interface DemoDriveJob {
  requestId: number;
  /** The index of the point this job posts. */
  tick: number;
  /** The journey's points, [latitude, longitude], planned by the first job. */
  path?: [number, number][];
}

/**
 * The journey lasts this many times DEMO_SIMULATOR_DELAY_MS unless DEMO_SIMULATOR_DRIVE_MS says
 * otherwise: 30 s by default.
 */
export const DEMO_DRIVE_SHARE = 3;

/** Drive jobs one API process works at once: enough for eight trucks on the road together. */
export const DEMO_DRIVE_CONCURRENCY = 4;

/** A journey has at most this many points (a point a second for a minute). */
export const DEMO_DRIVE_MAX_POINTS = 60;

export interface DrivePlan {
  /** How many points the journey posts, the first at the pick-up and the last at the end. */
  points: number;
  /** The time between two points: never below the one point a second that is stored. */
  intervalMs: number;
}

/**
 * The journey's rhythm for a drive of `durationMs`: a point each second (the server keeps no
 * more), at least the start and the end, at most DEMO_DRIVE_MAX_POINTS. With the default 30 s:
 * 31 points a second apart.
 */
export function drivePlan(durationMs: number): DrivePlan {
  const points = Math.min(
    DEMO_DRIVE_MAX_POINTS,
    Math.max(2, Math.floor(durationMs / TRACKING_POINT_INTERVAL_MS) + 1),
  );
  return {
    points,
    intervalMs: Math.max(TRACKING_POINT_INTERVAL_MS, Math.round(durationMs / (points - 1))),
  };
}

/** Flat distance between two close points, in degrees of latitude: enough to space points. */
function span(a: LatLng, b: LatLng): number {
  const dLat = b.lat - a.lat;
  const dLng = (b.lng - a.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}

/**
 * `count` points spaced evenly along a line, its first and last point included (rounded to six
 * decimals, about 10 cm). A line of one point, or of no length, gives that point `count` times.
 */
export function pointsAlong(line: readonly LatLng[], count: number): [number, number][] {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const first = line[0];
  if (!first || count < 1) return [];
  const lengths = [0];
  for (let i = 1; i < line.length; i++) {
    lengths.push(lengths[i - 1]! + span(line[i - 1]!, line[i]!));
  }
  const total = lengths[lengths.length - 1]!;
  const out: [number, number][] = [];
  let segment = 1;
  for (let k = 0; k < count; k++) {
    const at = count === 1 ? 0 : (total * k) / (count - 1);
    while (segment < line.length - 1 && lengths[segment]! < at) segment++;
    const a = line[segment - 1] ?? first;
    const b = line[segment] ?? a;
    const length = lengths[segment]! - lengths[segment - 1]!;
    const t = length > 0 ? Math.min(1, Math.max(0, (at - lengths[segment - 1]!) / length)) : 0;
    out.push([round(a.lat + (b.lat - a.lat) * t), round(a.lng + (b.lng - a.lng) * t)]);
  }
  return out;
}

/**
 * The journey through a request's addresses in order: the provider's driving route, or straight
 * segments when the provider fails (a demo nicety must not stall the move). None with fewer than
 * two placed addresses.
 */
export async function planDrive(opts: {
  db: Db;
  geo: GeoProvider;
  log: FastifyBaseLogger;
  requestId: number;
  points: number;
}): Promise<[number, number][]> {
  const stops: LatLng[] = (
    await opts.db
      .select({ lat: requestAddresses.latitude, lng: requestAddresses.longitude })
      .from(requestAddresses)
      .where(
        and(
          eq(requestAddresses.requestId, opts.requestId),
          isNotNull(requestAddresses.latitude),
          isNotNull(requestAddresses.longitude),
        ),
      )
      .orderBy(asc(requestAddresses.position))
  ).map((r) => ({ lat: r.lat!, lng: r.lng! }));
  if (stops.length < 2) return [];
  let line: readonly LatLng[] = stops;
  try {
    const route = await opts.geo.directions(stops);
    if (route.points.length >= 2) line = route.points;
  } catch (err) {
    opts.log.warn({ err, requestId: opts.requestId }, 'demo drive: no route, straight lines');
  }
  return pointsAlong(line, opts.points);
}

export type DriveOutcome =
  /** A point was posted (or stood from the last second); more follow. */
  | { state: 'driving'; path: [number, number][] }
  /** The last point was posted, or there is nothing to drive: the move may be completed. */
  | { state: 'arrived' }
  /** The request left status 5 (completed, cancelled) or is not a demo move: nothing more. */
  | { state: 'stopped' };

/**
 * Posts one point of the demo truck's journey as the request's foreman (the customer's socket
 * hears of it through the command's event). The caller has checked that the request is a demo
 * company's.
 */
export async function runDemoDrive(opts: {
  domain: Domain;
  geo: GeoProvider;
  log: FastifyBaseLogger;
  /** The drive's length (config demoSimulator.driveMs). */
  driveMs: number;
  job: DemoDriveJob;
}): Promise<DriveOutcome> {
  const { domain, job } = opts;
  const [request] = await domain.db
    .select({ status: requests.timelineStatus, foremanId: requests.foremanId })
    .from(requests)
    .where(eq(requests.id, job.requestId))
    .limit(1);
  if (!request || !isMoveInProgress(request.status)) return { state: 'stopped' };
  // Started by the company without a foreman: nobody drives, the move is completed on arrival.
  if (request.foremanId === null) return { state: 'arrived' };
  const path =
    job.path ??
    (await planDrive({
      db: domain.db,
      geo: opts.geo,
      log: opts.log,
      requestId: job.requestId,
      points: drivePlan(opts.driveMs).points,
    }));
  const point = path[job.tick];
  if (!point) return { state: 'arrived' };
  try {
    await postLocation({
      domain,
      foremanId: request.foremanId,
      requestId: job.requestId,
      latitude: point[0],
      longitude: point[1],
    });
  } catch (err) {
    // The move ended (or was reassigned) between the read and the post.
    if (err instanceof AppError && err.code >= 400 && err.code < 500) return { state: 'stopped' };
    throw err;
  }
  return job.tick >= path.length - 1 ? { state: 'arrived' } : { state: 'driving', path };
}
