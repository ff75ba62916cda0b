import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnect, useRealtimeEvent } from '../../lib/realtime';
import { addTrackingPoint, trackingKeys } from './tracking-api';

/*
 * The tracking page's live feed (the realtime channel, lib/realtime): each `tracking` event of
 * this request joins the cached points, and a (re)connection made after the points were read
 * refetches them, since points stored while the socket was away were never received.
 */
export function useLiveTracking(requestId: number): void {
  const queryClient = useQueryClient();
  const key = trackingKeys.points(requestId);
  useRealtimeEvent('tracking', (event) => {
    if (event.request_id !== requestId) return;
    // While the points are being read the answer would overwrite the pushed one: read again.
    const state = queryClient.getQueryState(key);
    if (!state?.data || state.fetchStatus === 'fetching') {
      void queryClient.invalidateQueries({ queryKey: key });
    } else {
      addTrackingPoint(queryClient, event);
    }
  });
  // A step of this request (the move completed, cancelled) is told as a notification: the
  // points are read again, and past the move the server says why there is no truck.
  useRealtimeEvent('notification', (notification) => {
    if (notification.action_value === requestId) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
  useRealtimeConnect(({ connectedAt }) => {
    const state = queryClient.getQueryState(key);
    const readAt = state?.dataUpdatedAt ?? 0;
    if (state?.fetchStatus === 'fetching' || (readAt > 0 && readAt < connectedAt)) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
}
