import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endMoveConfirmation, invalidateRequests } from './completion-api';

/**
 * end_move_confirmation (6 → 7): the customer confirms the move and the escrow is released.
 * `onConfirmed` runs before the request is read again: the screen must know it confirmed here,
 * or the new status would send it away from the feedback it opens next.
 */
export function useConfirmComplete(
  requestId: number,
  {
    onConfirmed,
  }: { onConfirmed: (response: Awaited<ReturnType<typeof endMoveConfirmation>>) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endMoveConfirmation(requestId),
    onSuccess: async (response) => {
      onConfirmed(response);
      await invalidateRequests(queryClient, requestId);
    },
  });
}
