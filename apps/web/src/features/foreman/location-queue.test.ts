import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_RECORDED_MAX_AGE_MS } from '@movehub/shared';
import {
  distanceMeters,
  HEARTBEAT_MS,
  LocationQueue,
  MIN_INTERVAL_MS,
  queueKey,
  readQueue,
  RETRY_MS,
  shouldKeep,
  type LocationPoint,
  type QueuedPoint,
  type SendOutcome,
} from './location-queue';

const START = Date.parse('2026-03-15T08:00:00Z');
/** A point `metresNorth` of downtown Los Angeles, taken `seconds` after START. */
const at = (seconds: number, metresNorth = 0): LocationPoint => ({
  latitude: 34.0522 + metresNorth / 111_195,
  longitude: -118.2437,
  takenAt: START + seconds * 1000,
});

describe('distanceMeters', () => {
  it('measures a few metres and a few kilometres on the ground', () => {
    expect(distanceMeters(at(0), at(0, 25))).toBeCloseTo(25, 0);
    // Downtown LA to Santa Monica pier: about 22.8 km.
    const pier = { latitude: 34.0095, longitude: -118.4969 };
    expect(distanceMeters(at(0), pier) / 1000).toBeCloseTo(23.8, 0);
  });
});

describe('shouldKeep', () => {
  it('keeps the first point', () => {
    expect(shouldKeep(at(0), null)).toBe(true);
  });

  it('skips anything within 5 s of the last kept point, however far it moved', () => {
    expect(shouldKeep(at(4.9, 500), at(0))).toBe(false);
    expect(shouldKeep(at(MIN_INTERVAL_MS / 1000, 30), at(0))).toBe(true);
  });

  it('after 5 s, keeps a point 25 m away and skips a closer one until the 60 s heartbeat', () => {
    expect(shouldKeep(at(10, 25.5), at(0))).toBe(true);
    expect(shouldKeep(at(10, 10), at(0))).toBe(false);
    expect(shouldKeep(at(59, 10), at(0))).toBe(false);
    expect(shouldKeep(at(HEARTBEAT_MS / 1000, 0), at(0))).toBe(true);
  });
});

describe('LocationQueue', () => {
  let online: boolean;
  let sent: { point: QueuedPoint; recordedAt: string | undefined }[];
  let answers: SendOutcome[];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    localStorage.clear();
    online = true;
    sent = [];
    answers = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function make(requestId = 7) {
    const states: unknown[] = [];
    const queue = new LocationQueue({
      requestId,
      storage: localStorage,
      isOnline: () => online,
      onChange: (state) => states.push(state),
      send: async (point, recordedAt) => {
        sent.push({ point, recordedAt });
        const answer = answers.shift() ?? 'sent';
        if (answer === 'retry') throw new TypeError('Failed to fetch');
        return answer;
      },
    });
    return { queue, states };
  }

  /** The phone reports a position taken `seconds` after START, at that time. */
  async function position(queue: LocationQueue, seconds: number, metresNorth = 0) {
    vi.setSystemTime(START + seconds * 1000);
    const kept = queue.add(at(seconds, metresNorth));
    await vi.advanceTimersByTimeAsync(0);
    return kept;
  }

  it('sends kept points at once without a time, and skips the others', async () => {
    const { queue } = make();
    expect(await position(queue, 0)).toBe(true);
    expect(await position(queue, 2, 100)).toBe(false);
    expect(await position(queue, 6, 10)).toBe(false);
    expect(await position(queue, 8, 40)).toBe(true);
    expect(sent.map((s) => [s.point.takenAt, s.recordedAt])).toEqual([
      [START, undefined],
      [START + 8000, undefined],
    ]);
    expect(queue.getState()).toMatchObject({
      pending: 0,
      offline: false,
      lastSentAt: START + 8000,
    });
    expect(localStorage.getItem(queueKey(7))).toBeNull();
  });

  it('sends a position that moved but came within 5 s once the 5 s are up, when no newer one came', async () => {
    const { queue } = make();
    await position(queue, 0);
    // The phone moved 2 km and then stays put: no further position will come.
    expect(await position(queue, 2, 2000)).toBe(false);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => [s.point.takenAt, s.recordedAt])).toEqual([
      [START, undefined],
      [START + 2000, undefined],
    ]);
    // It counts as the last kept point for the rules.
    expect(await position(queue, 6, 2010)).toBe(false);
    expect(await position(queue, 7, 2100)).toBe(true);
  });

  it('drops a waiting position when a newer one comes first', async () => {
    const { queue } = make();
    await position(queue, 0);
    await position(queue, 2, 2000);
    // Back where it was: the newer position stands, and it is no news.
    await position(queue, 3, 5);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    // A newer moved one replaces the waiting one and is sent in its place.
    expect(await position(queue, 21, 300)).toBe(true);
    expect(await position(queue, 22, 600)).toBe(false);
    expect(await position(queue, 23, 900)).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.map((s) => s.point.takenAt)).toEqual([START, START + 21_000, START + 23_000]);
    queue.dispose();
  });

  it('queues points taken offline in localStorage and sends them in order, with their time, when the network returns', async () => {
    const { queue } = make();
    await position(queue, 0);
    online = false;
    await position(queue, 10, 50);
    await position(queue, 20, 100);
    expect(sent).toHaveLength(1);
    expect(queue.getState()).toMatchObject({ pending: 2, offline: true });
    expect(readQueue(localStorage, 7).map((p) => p.takenAt)).toEqual([
      START + 10_000,
      START + 20_000,
    ]);

    online = true;
    await queue.flush();
    expect(sent.slice(1).map((s) => s.recordedAt)).toEqual([
      new Date(START + 10_000).toISOString(),
      new Date(START + 20_000).toISOString(),
    ]);
    expect(queue.getState()).toMatchObject({ pending: 0, offline: false });
    expect(localStorage.getItem(queueKey(7))).toBeNull();
  });

  it('keeps a point whose send failed on the network at the head, and tries again after RETRY_MS', async () => {
    const { queue } = make();
    answers = ['retry', 'retry'];
    await position(queue, 0);
    expect(queue.getState()).toMatchObject({ pending: 1, offline: true });
    // The next point tries the head again (still failing) and waits behind it.
    await position(queue, 30, 100);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.point.takenAt).toBe(START);

    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(sent.slice(2).map((s) => [s.point.takenAt, s.recordedAt])).toEqual([
      [START, new Date(START).toISOString()],
      [START + 30_000, new Date(START + 30_000).toISOString()],
    ]);
    expect(queue.getState()).toMatchObject({ pending: 0, offline: false });
  });

  it('drops a point the server refuses for good and goes on with the next', async () => {
    const { queue } = make();
    online = false;
    await position(queue, 0);
    await position(queue, 10, 100);
    online = true;
    answers = ['dropped', 'sent'];
    await queue.flush();
    expect(sent).toHaveLength(2);
    expect(queue.getState()).toMatchObject({ pending: 0, lastSentAt: START + 10_000 });
  });

  it('picks up the queue a reload left, sends it late, and forgets points older than an hour', async () => {
    localStorage.setItem(
      queueKey(9),
      JSON.stringify([
        { ...at(0), late: false },
        { ...at(3000, 100), late: false },
        { junk: true },
      ]),
    );
    vi.setSystemTime(START + TRACKING_RECORDED_MAX_AGE_MS + 60_000);
    const { queue } = make(9);
    expect(queue.getState().pending).toBe(1);
    await queue.flush();
    expect(sent.map((s) => s.recordedAt)).toEqual([new Date(START + 3_000_000).toISOString()]);
    // The reloaded point counts as the last kept one: a point 2 s later is skipped.
    expect(queue.add(at(3002, 200))).toBe(false);
  });

  it('sends nothing more once disposed, and keeps what waits for next time', async () => {
    const { queue } = make();
    online = false;
    await position(queue, 0);
    queue.dispose();
    online = true;
    await queue.flush();
    await vi.advanceTimersByTimeAsync(RETRY_MS * 2);
    expect(sent).toEqual([]);
    expect(readQueue(localStorage, 7)).toHaveLength(1);
  });
});
