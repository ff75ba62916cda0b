import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { markNotificationRead, notificationKeys, type NotificationList } from './notifications-api';

/** Read at once on screen; the server's list, asked again after the call, then replaces the guess. */
function markReadLocally(queryClient: QueryClient, id: number | 'all') {
  queryClient.setQueryData<NotificationList>(notificationKeys.all, (current) => {
    if (!current) return current;
    const data = current.data.map((item) =>
      id === 'all' || item.id === id ? { ...item, is_active: false } : item,
    );
    return { ...current, data, notification_count: data.filter((n) => n.is_active).length };
  });
}

function useMarkRead<TVariables>(target: (variables: TVariables) => number | 'all') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => {
      const id = target(variables);
      return markNotificationRead(id === 'all' ? { all: true } : { id });
    },
    onMutate: (variables) => markReadLocally(queryClient, target(variables)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** One notification opened: it is read. */
export const useMarkNotificationRead = () => useMarkRead((id: number) => id);

/** 'Mark all as read'. */
export const useMarkAllNotificationsRead = () => useMarkRead((_: void) => 'all' as const);
