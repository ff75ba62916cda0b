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
  useRealtimeEvent('tracking', (event) => {
    if (event.request_id === requestId) addTrackingPoint(queryClient, event);
  });
  useRealtimeConnect(({ connectedAt }) => {
    const key = trackingKeys.points(requestId);
    const readAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
    if (readAt > 0 && readAt < connectedAt) void queryClient.invalidateQueries({ queryKey: key });
  });
}
