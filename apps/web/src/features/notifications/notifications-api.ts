import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { getNotificationResponseSchema, Notification } from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/** One page as the server answers it: its entries, the unread count and the next before_id. */
export type NotificationPage = z.infer<typeof getNotificationResponseSchema>;

/** The list as cached: the drawer's pages, newest first, each with the bell's unread count. */
export type NotificationList = InfiniteData<NotificationPage>;

/** Notifications asked per page of the drawer. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
};

/**
 * GET /app_api/get_notification (auth): one page, newest first (the newest without beforeId);
 * notification_count is the unread count of them all.
 */
export function getNotifications(beforeId?: number, signal?: AbortSignal) {
  return callApi('GET /app_api/get_notification', {
    query: {
      limit: NOTIFICATIONS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

// The header badge reads this; a later socket 'notification' event invalidates it.
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });

/** The bell's number: every page carries the same unread total, kept so by the updates below. */
export const unreadCountOf = (list: NotificationList | undefined) =>
  list?.pages[0]?.notification_count ?? 0;

/** The drawer's entries: every page read, newest first. */
export const notificationsOf = (list: NotificationList | undefined): Notification[] =>
  list?.pages.flatMap((page) => page.data) ?? [];

/**
 * Changes the cached notifications at once, before the server's pages confirm it: `entries`
 * rewrites the first page's entries or each page's, `count` the unread total in every page.
 */
function updateCached(
  queryClient: QueryClient,
  change: (list: NotificationList) => {
    firstPage?: (data: Notification[]) => Notification[];
    everyEntry?: (item: Notification) => Notification;
    count: number;
  } | null,
) {
  queryClient.setQueryData<NotificationList>(notificationKeys.all, (current) => {
    if (!current) return current;
    const update = change(current);
    if (!update) return current;
    return {
      ...current,
      pages: current.pages.map((page, index) => ({
        ...page,
        data: (index === 0 && update.firstPage ? update.firstPage(page.data) : page.data).map(
          update.everyEntry ?? ((item) => item),
        ),
        notification_count: update.count,
      })),
    };
  });
}

/** A pushed notification joins the newest page and the count, unless it is already listed. */
export function addNotificationLocally(queryClient: QueryClient, notification: Notification) {
  updateCached(queryClient, (list) =>
    notificationsOf(list).some((item) => item.id === notification.id)
      ? null
      : {
          firstPage: (data) => [notification, ...data],
          count: unreadCountOf(list) + (notification.is_active ? 1 : 0),
        },
  );
}

/**
 * One notification (or all) read at once on screen. The count is the server's total, which
 * counts unread ones on pages not read yet: one read lowers it by one, all read makes it 0.
 */
export function markReadLocally(queryClient: QueryClient, id: number | 'all') {
  updateCached(queryClient, (list) => {
    const wasUnread =
      id !== 'all' && notificationsOf(list).some((item) => item.id === id && item.is_active);
    return {
      everyEntry: (item) => (id === 'all' || item.id === id ? { ...item, is_active: false } : item),
      count: id === 'all' ? 0 : Math.max(0, unreadCountOf(list) - (wasUnread ? 1 : 0)),
    };
  });
}

/** POST /app_api/mark_notification_read (auth): one notification, or all with read_all '1'. */
export function markNotificationRead(target: { all: true } | { id: number }) {
  return callApi('POST /app_api/mark_notification_read', {
    body: 'all' in target ? { read_all: '1' } : { read_all: '0', notification_id: target.id },
  });
}
