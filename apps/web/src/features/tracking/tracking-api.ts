import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  GetTrackingResponse,
  ServerAddress,
  TrackingEvent,
  TrackingPoint,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/*
 * The tracking page's calls (spec/request-lifecycle.md §7): the request (its addresses) and the
 * truck's points so far. Each failure is shown by the page as a browser alert (§8 "as a browser
 * alert on a tracking detail failure"), so neither shows the toast.
 */

/** What the map reads of an address (spec §3 Address (server)). */
export type TrackedAddress = Pick<
  ServerAddress,
  | 'id'
  | 'address_type'
  | 'complete_address'
  | 'address_detail'
  | 'latitude'
  | 'longitude'
  | 'is_approximate_location'
>;

export const trackingKeys = {
  request: (requestId: number) => ['tracking', 'request', requestId] as const,
  points: (requestId: number) => ['tracking', 'points', requestId] as const,
};

/** POST /api/customer/customer_request_detail (auth): the addresses the truck drives between. */
export function getTrackedRequest(requestId: number, signal?: AbortSignal) {
  return callApi('POST /api/customer/customer_request_detail', {
    body: { request_id: requestId },
    suppressToast: true,
    signal,
  });
}

/**
 * POST /app_api/get_tracking (auth): the points of the move, oldest first; live during the move,
 * the route travelled once it is complete (move_complete).
 */
export function getTracking(requestId: number, signal?: AbortSignal) {
  return callApi('POST /app_api/get_tracking', {
    body: { request_id: requestId },
    suppressToast: true,
    signal,
  });
}

export const trackedRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: trackingKeys.request(requestId),
    queryFn: ({ signal }) => getTrackedRequest(requestId, signal),
    select: (response): { request_address: TrackedAddress[] } => response.data,
    retry: false,
  });

/** The truck's points, and whether the move is over (then they are the route travelled). */
export interface TrackedMove {
  points: TrackingPoint[];
  complete: boolean;
}

export const trackingQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: trackingKeys.points(requestId),
    queryFn: ({ signal }) => getTracking(requestId, signal),
    select: (response): TrackedMove => ({
      points: response.tracking_data,
      complete: response.move_complete === true,
    }),
    retry: false,
    // The points change by the socket's events, not by refetching on focus.
    staleTime: Infinity,
  });

/**
 * A point from the socket joins the cached points (the cache holds them, the page keeps no
 * copy). A point already there (the same time) is not added twice; one older than the last is
 * put in its place, so the list stays oldest first.
 */
export function addTrackingPoint(queryClient: QueryClient, event: TrackingEvent): void {
  queryClient.setQueryData<GetTrackingResponse>(trackingKeys.points(event.request_id), (old) => {
    if (!old) return old;
    const point = {
      latitude: event.latitude,
      longitude: event.longitude,
      created_at: event.created_at,
    };
    if (old.tracking_data.some((p) => p.created_at === point.created_at)) return old;
    const tracking_data = [...old.tracking_data, point].sort(
      (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
    );
    return { ...old, tracking_data };
  });
}
