import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeMove, foremanKeys, startMove } from './foreman-api';

/**
 * Start move (4 → 5) or Complete move (5 → 6). The foreman's jobs are read again whatever the
 * answer: a refusal means the job moved on (cancelled, started from another phone), and the page
 * should show where it now stands.
 */
export function useMoveStep(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'start' | 'complete') =>
      action === 'start' ? startMove(requestId) : completeMove(requestId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: foremanKeys.all }),
  });
}
