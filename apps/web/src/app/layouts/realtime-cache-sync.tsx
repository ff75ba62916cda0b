import { useQueryClient, type Query } from '@tanstack/react-query';
import type { Notification } from '@movehub/shared';
import { chatKeys } from '../../features/chat/chat-api';
import { notificationKeys } from '../../features/notifications/notifications-api';
import { requestKeys } from '../../features/requests/requests-api';
import { useRealtimeConnect, useRealtimeEvent } from '../../lib/realtime';

/** The queries that socket events keep current: what a gap in the connection may have missed. */
const LIVE_KEYS = [chatKeys.all, notificationKeys.all, requestKeys.all];

/**
 * The dashboard's link between the socket and the query cache for what no single screen owns:
 * - on every (re)connection, the chat, notification and request queries whose data is older
 *   than the connection load again, so that nothing sent while it was down is lost;
 * - a notification says that its request changed (a bid, a status): that request and the lists
 *   load again, so cards and details follow without a reload.
 */
export function RealtimeCacheSync() {
  const queryClient = useQueryClient();

  useRealtimeConnect(({ connectedAt }) => {
    const stale = (query: Query) =>
      query.state.dataUpdatedAt < connectedAt || query.state.fetchStatus === 'fetching';
    for (const queryKey of LIVE_KEYS) {
      void queryClient.invalidateQueries({ queryKey, predicate: stale });
    }
  });

  useRealtimeEvent('notification', (notification: Notification) => {
    if (notification.action_value != null) {
      void queryClient.invalidateQueries({
        queryKey: requestKeys.detail(notification.action_value),
      });
    }
    void queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
    // A notification of a paid or started move opens or moves its conversations.
    void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
  });

  return null;
}
