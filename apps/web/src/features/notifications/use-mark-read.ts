import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markNotificationRead, markReadLocally, notificationKeys } from './notifications-api';

function useMarkRead<TVariables>(target: (variables: TVariables) => number | 'all') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => {
      const id = target(variables);
      return markNotificationRead(id === 'all' ? { all: true } : { id });
    },
    // Read at once on screen; the server's pages, asked again after the call, replace the guess.
    onMutate: (variables) => markReadLocally(queryClient, target(variables)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** One notification opened: it is read. */
export const useMarkNotificationRead = () => useMarkRead((id: number) => id);

/** 'Mark all as read'. */
export const useMarkAllNotificationsRead = () => useMarkRead((_: void) => 'all' as const);
