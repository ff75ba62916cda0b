import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptBid, bidKeys, deleteBid } from './bids-api';

/** delete_bid: the company leaves the list, and the bid count on My Requests and the detail too. */
export function useDeleteBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBid,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * accept_request: the request is now Awaiting Payment and its detail shows the Pay button.
 * `leave` goes there first: the companies list, asked again now, would find the request past
 * status 1 and send the customer to My Requests instead. Then everything but the lists of bids is
 * read again, and those are dropped.
 */
export function useAcceptBid({ leave }: { leave: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptBid,
    onSuccess: async () => {
      await leave();
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== bidKeys.all[0] });
      queryClient.removeQueries({ queryKey: bidKeys.all });
    },
  });
}
