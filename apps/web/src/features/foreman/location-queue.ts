import { TRACKING_RECORDED_MAX_AGE_MS } from '@movehub/shared';

/*
 * The rules of the foreman's location sharing ("posts to post_location at most
 * every 5 s or 25 m; points taken offline are queued and sent in order when the network
 * returns"), apart from React and the browser's Geolocation API so that they can be tested with
 * fake timers:
 * - a point is kept when at least 5 s passed since the last kept one, and it moved at least 25 m
 *   from it, or 60 s passed (a heartbeat, so the customer sees the truck is still there);
 * - a point that moved 25 m but came sooner is kept when the 5 s are up, unless a newer position
 *   came first: a phone whose position then stays put (a truck that parked, a fix that does not
 *   change) reports no newer one, and the customer would not see where it went;
 * - every kept point goes to a queue, saved in localStorage (a reload keeps it), sent oldest
 *   first, one at a time; a network failure leaves it at the head and tries again when the
 *   browser is back online, on the next point, or after RETRY_MS;
 * - a point sent at once goes without a time (the server's clock stamps it); a point that waited
 *   carries recorded_at, the time it was taken. Points older than the server accepts are dropped.
 */

/** At least this long between two kept points. */
export const MIN_INTERVAL_MS = 5_000;
/** A point closer than this to the last kept one is skipped… */
export const MIN_DISTANCE_M = 25;
/** …unless this long has passed: the heartbeat of a truck standing still. */
export const HEARTBEAT_MS = 60_000;
/** How soon a failed send is tried again without any other cue. */
export const RETRY_MS = 15_000;
/** The most points kept waiting: an hour at one point every 5 s (the server takes no older). */
export const MAX_QUEUED = TRACKING_RECORDED_MAX_AGE_MS / MIN_INTERVAL_MS;

export interface LocationPoint {
  latitude: number;
  longitude: number;
  /** When the phone took it, ms since the epoch (GeolocationPosition.timestamp). */
  takenAt: number;
}

export interface QueuedPoint extends LocationPoint {
  /** True once the point could not be sent at once: it goes with recorded_at. */
  late: boolean;
}

/** What became of one send: stored (or refused for good), or to be tried again. */
export type SendOutcome = 'sent' | 'dropped' | 'retry';

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): plenty for 25 m on a city's streets. */
export function distanceMeters(
  a: Pick<LocationPoint, 'latitude' | 'longitude'>,
  b: Pick<LocationPoint, 'latitude' | 'longitude'>,
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether `point` is worth sending after `last`, the last point kept (see the module's rules). */
export function shouldKeep(point: LocationPoint, last: LocationPoint | null): boolean {
  if (!last) return true;
  const elapsed = point.takenAt - last.takenAt;
  if (elapsed < MIN_INTERVAL_MS) return false;
  return elapsed >= HEARTBEAT_MS || distanceMeters(last, point) >= MIN_DISTANCE_M;
}

/** The queue's localStorage key, one per move. */
export const queueKey = (requestId: number) => `movehub.foreman.location-queue.${requestId}`;

const isQueuedPoint = (value: unknown): value is QueuedPoint => {
  const p = value as Partial<QueuedPoint> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    Number.isFinite(p.takenAt) &&
    typeof p.late === 'boolean'
  );
};

export function readQueue(storage: Storage, requestId: number): QueuedPoint[] {
  try {
    const parsed = JSON.parse(storage.getItem(queueKey(requestId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isQueuedPoint) : [];
  } catch {
    return [];
  }
}

export function writeQueue(storage: Storage, requestId: number, queue: QueuedPoint[]): void {
  try {
    if (queue.length === 0) storage.removeItem(queueKey(requestId));
    else storage.setItem(queueKey(requestId), JSON.stringify(queue));
  } catch {
    // Storage full or blocked: the queue still lives in memory for this page.
  }
}

/** The queue without the points the server would refuse as too old, at most MAX_QUEUED. */
export function freshPoints(queue: QueuedPoint[], now: number): QueuedPoint[] {
  const fresh = queue.filter((p) => now - p.takenAt < TRACKING_RECORDED_MAX_AGE_MS);
  return fresh.slice(Math.max(0, fresh.length - MAX_QUEUED));
}

export interface LocationQueueState {
  /** Points waiting to be sent. */
  pending: number;
  /** When the last point was stored by the server (ms), or null. */
  lastSentAt: number | null;
  /** The last send failed on the network: the points wait for it. */
  offline: boolean;
}

export interface LocationQueueOptions {
  requestId: number;
  /** Sends one point; `recordedAt` (ISO) only for a point that waited. */
  send: (point: QueuedPoint, recordedAt: string | undefined) => Promise<SendOutcome>;
  storage: Storage;
  /** Whether the browser believes it is online (navigator.onLine). */
  isOnline: () => boolean;
  onChange: (state: LocationQueueState) => void;
  now?: () => number;
}

/**
 * One move's queue of points: takes positions, keeps those the rules keep, and sends them in
 * order. Not tied to React: the sharing hook creates one per move and disposes of it.
 */
export class LocationQueue {
  private queue: QueuedPoint[];
  private last: LocationPoint | null = null;
  private sending = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Keeps the latest position that moved but came too soon, once the interval is up. */
  private deferredTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private state: LocationQueueState;
  private readonly now: () => number;

  constructor(private readonly opts: LocationQueueOptions) {
    this.now = opts.now ?? Date.now;
    // Points left by a reload waited: they go with their time.
    this.queue = freshPoints(readQueue(opts.storage, opts.requestId), this.now()).map((p) => ({
      ...p,
      late: true,
    }));
    this.last = this.queue.at(-1) ?? null;
    this.state = { pending: this.queue.length, lastSentAt: null, offline: false };
  }

  getState(): LocationQueueState {
    return this.state;
  }

  /** Tells the listener where the queue stands (a reload may have left points) and sends them. */
  start(): void {
    this.opts.onChange(this.state);
    void this.flush();
  }

  /** A position from the phone: kept or skipped by the rules; a kept one is sent (or queued). */
  add(point: LocationPoint): boolean {
    if (this.disposed) return false;
    // The newest position is the one that counts: an earlier one still waiting is dropped.
    this.clearDeferred();
    if (shouldKeep(point, this.last)) {
      this.keep(point);
      return true;
    }
    const last = this.last;
    if (last && distanceMeters(last, point) >= MIN_DISTANCE_M) {
      const wait = Math.max(0, last.takenAt + MIN_INTERVAL_MS - point.takenAt);
      this.deferredTimer = setTimeout(() => {
        this.deferredTimer = null;
        if (!this.disposed) this.keep(point);
      }, wait);
    }
    return false;
  }

  private keep(point: LocationPoint): void {
    this.last = point;
    // Behind other points, or with no network, it waits its turn and keeps its time.
    const late = this.queue.length > 0 || !this.opts.isOnline();
    this.queue = freshPoints([...this.queue, { ...point, late }], this.now());
    this.save();
    void this.flush();
  }

  /** Sends the waiting points, oldest first, until the queue is empty or the network fails. */
  async flush(): Promise<void> {
    if (this.sending || this.disposed) return;
    if (!this.opts.isOnline()) {
      this.update({ offline: true });
      return;
    }
    this.clearRetry();
    this.sending = true;
    try {
      this.queue = freshPoints(this.queue, this.now());
      while (this.queue.length > 0 && !this.disposed) {
        const head = this.queue[0]!;
        let outcome: SendOutcome;
        try {
          outcome = await this.opts.send(
            head,
            head.late ? new Date(head.takenAt).toISOString() : undefined,
          );
        } catch {
          outcome = 'retry';
        }
        if (outcome === 'retry') {
          // The points behind it waited too: they go with their time.
          this.queue = this.queue.map((p) => ({ ...p, late: true }));
          this.save();
          this.update({ offline: true });
          this.scheduleRetry();
          return;
        }
        // By identity: points may have joined (or aged out) while it was on its way.
        this.queue = this.queue.filter((p) => p !== head);
        this.save();
        this.update({
          offline: false,
          ...(outcome === 'sent' ? { lastSentAt: this.now() } : {}),
        });
      }
    } finally {
      this.sending = false;
    }
  }

  /** Stops sending and timers; the waiting points stay saved for the next time. */
  dispose(): void {
    this.disposed = true;
    this.clearRetry();
    this.clearDeferred();
  }

  private clearDeferred() {
    if (this.deferredTimer !== null) clearTimeout(this.deferredTimer);
    this.deferredTimer = null;
  }

  private save() {
    writeQueue(this.opts.storage, this.opts.requestId, this.queue);
    this.update({});
  }

  private update(patch: Partial<LocationQueueState>) {
    const next = { ...this.state, ...patch, pending: this.queue.length };
    if (
      next.pending === this.state.pending &&
      next.lastSentAt === this.state.lastSentAt &&
      next.offline === this.state.offline
    ) {
      return;
    }
    this.state = next;
    if (!this.disposed) this.opts.onChange(next);
  }

  private scheduleRetry() {
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, RETRY_MS);
  }

  private clearRetry() {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
