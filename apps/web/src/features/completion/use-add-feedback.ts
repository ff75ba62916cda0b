import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addFeedback, invalidateRequests } from './completion-api';

/** add_feedback (7 → 8): the rating, the comment and the tip; the request is read again after. */
export function useAddFeedback(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => invalidateRequests(queryClient, requestId),
  });
}
