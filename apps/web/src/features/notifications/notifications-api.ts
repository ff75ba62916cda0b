import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { getNotificationResponseSchema } from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/** The list as cached: the drawer's entries and the bell's unread count. */
export type NotificationList = z.infer<typeof getNotificationResponseSchema>;

export const notificationKeys = {
  all: ['notifications'] as const,
};

/** GET /app_api/get_notification (auth): newest first; notification_count is the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return callApi('GET /app_api/get_notification', { signal });
}

// The header badge reads this; a later socket 'notification' event invalidates it.
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => getNotifications(signal),
  });

/** POST /app_api/mark_notification_read (auth): one notification, or all with read_all '1'. */
export function markNotificationRead(target: { all: true } | { id: number }) {
  return callApi('POST /app_api/mark_notification_read', {
    body: 'all' in target ? { read_all: '1' } : { read_all: '0', notification_id: target.id },
  });
}
