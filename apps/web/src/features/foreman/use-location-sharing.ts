import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { postLocation } from './foreman-api';
import {
  LocationQueue,
  type LocationQueueState,
  type QueuedPoint,
  type SendOutcome,
} from './location-queue';

/*
 * The browser's side of location sharing: navigator.geolocation.watchPosition feeds a
 * LocationQueue (location-queue.ts holds the rules), which posts to post_location. The
 * 'online' event sends what waited.
 */

export type SharingProblem = 'unsupported' | 'denied' | 'unavailable' | null;

export interface LocationSharing extends LocationQueueState {
  /** The watch runs (the foreman has not pressed Stop). */
  sharing: boolean;
  problem: SharingProblem;
  stop: () => void;
  resume: () => void;
}

/** How the server's answer to one point counts: stored, refused for good, or to try again. */
export function outcomeOf(error: unknown): SendOutcome {
  if (!isApiError(error)) return 'retry';
  // No answer (0) or a server fault: the point waits. A refusal (the move is no longer in
  // progress, a time out of bounds) will not change by sending it again.
  return error.code === 0 || error.code >= 500 ? 'retry' : 'dropped';
}

const IDLE: LocationQueueState = { pending: 0, lastSentAt: null, offline: false };

/**
 * Shares the phone's position for the move `requestId` while `active` (the move is in progress)
 * and the foreman has not stopped it. `onRefused` hears of a point the server refused (the move
 * has likely ended elsewhere), so the page can load the job again.
 */
export function useLocationSharing(
  requestId: number,
  active: boolean,
  onRefused?: () => void,
): LocationSharing {
  const [sharing, setSharing] = useState(true);
  // Raised by Resume, so that a watch the browser refused starts again.
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<SharingProblem>(null);
  const [state, setState] = useState<LocationQueueState>(IDLE);
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  }, [onRefused]);

  const running = active && sharing;
  const supported = typeof navigator !== 'undefined' && Boolean(navigator.geolocation);

  useEffect(() => {
    if (!running || !supported) return;
    const geolocation = navigator.geolocation;
    const queue = new LocationQueue({
      requestId,
      storage: window.localStorage,
      isOnline: () => navigator.onLine,
      onChange: setState,
      send: async (point: QueuedPoint, recordedAt) => {
        try {
          await postLocation({
            request_id: requestId,
            latitude: point.latitude,
            longitude: point.longitude,
            ...(recordedAt ? { recorded_at: recordedAt } : {}),
          });
          return 'sent';
        } catch (error) {
          const outcome = outcomeOf(error);
          if (outcome === 'dropped') refused.current?.();
          return outcome;
        }
      },
    });
    queue.start();
    const onOnline = () => void queue.flush();
    window.addEventListener('online', onOnline);
    const watchId = geolocation.watchPosition(
      (position) => {
        setProblem(null);
        queue.add({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          takenAt: position.timestamp || Date.now(),
        });
      },
      (error) => {
        // GeolocationPositionError.PERMISSION_DENIED is 1.
        setProblem(error.code === 1 ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      geolocation.clearWatch(watchId);
      window.removeEventListener('online', onOnline);
      queue.dispose();
    };
  }, [requestId, running, supported, attempt]);

  // A phone's browser stops reporting positions once its screen locks: keep the screen on while
  // sharing (Screen Wake Lock API, where the browser has it), and again when the page returns.
  useEffect(() => {
    if (!running || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      try {
        const next = await navigator.wakeLock.request('screen');
        if (ended) void next.release();
        else lock = next;
      } catch {
        // Refused (battery saver, page hidden): sharing goes on while the screen is on.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => undefined);
    };
  }, [running]);

  return {
    ...state,
    sharing: running,
    problem: !running ? null : supported ? problem : 'unsupported',
    stop: () => setSharing(false),
    resume: () => {
      setProblem(null);
      setSharing(true);
      setAttempt((n) => n + 1);
    },
  };
}
