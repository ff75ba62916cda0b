import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketKeys, placeBid, withdrawBid } from './market-api';

/*
 * The company's bid on an open request. Whatever the answer, the list is read again: a refusal
 * means the request was taken meanwhile or left the company's area, and the list should say so.
 */

function useBidAction<TBody, TData>(call: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: marketKeys.openRequests });
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: () => void refresh(),
  });
}

/** place_bid: places the company's bid, or changes it. */
export const usePlaceBid = () => useBidAction(placeBid);

/** withdraw_bid. */
export const useWithdrawBid = () => useBidAction(withdrawBid);
