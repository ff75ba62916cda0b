import { useQueryClient } from '@tanstack/react-query';
import type { TrackingEvent } from '@movehub/shared';
import { addTrackingPoint, trackingKeys } from './tracking-api';

/*
 * The tracking page's live feed: each `tracking` event of the realtime channel for this request
 * joins the cached points, and a reconnection refetches them (points stored during the gap were
 * not received). The subscription itself is the one function below, so that it follows the
 * app's realtime client wherever it lives.
 */

/**
 * Subscribes to the socket's `tracking` events and its reconnections. TEMPORARY: the app's
 * realtime client (lib/realtime) is not on main yet; until it is, the page shows the points of
 * its get_tracking call.
 */
function useTrackingSubscription(
  _onEvent: (event: TrackingEvent) => void,
  _onReconnect: () => void,
): void {}

export function useLiveTracking(requestId: number): void {
  const queryClient = useQueryClient();
  useTrackingSubscription(
    (event) => {
      if (event.request_id === requestId) addTrackingPoint(queryClient, event);
    },
    () => void queryClient.invalidateQueries({ queryKey: trackingKeys.points(requestId) }),
  );
}
