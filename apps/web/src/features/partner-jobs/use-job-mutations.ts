import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignMove,
  completeMove,
  priceChange,
  proposeChange,
  refreshJob,
  sendConfirmationLetter,
  startMove,
} from './job-detail-api';

/*
 * The company's actions on one job. Each reads the job and the lists again afterwards, and after
 * a refusal too: a refusal means the job moved on (the customer paid, cancelled or edited
 * meanwhile), and the page should show it as it now is.
 */

/** A job action whose success waits for the job to be read again, so the dialog closes on it. */
function useJobAction<TBody, TData>(call: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshJob(queryClient),
    onError: () => void refreshJob(queryClient),
  });
}

/** assign_move: the foreman and trucks of a paid job (3 → 4), or new ones before the start. */
export const useAssignMove = () => useJobAction(assignMove);

/** start_move (4 → 5) or complete_move (5 → 6), the company running its own move day. */
export const useMoveDayStep = () =>
  useJobAction(({ requestId, step }: { requestId: number; step: 'start' | 'complete' }) =>
    step === 'start' ? startMove(requestId) : completeMove(requestId),
  );

/** send_confirmation_letter: a direct request's rates, for the customer to sign. */
export const useSendConfirmationLetter = () => useJobAction(sendConfirmationLetter);

/** propose_change: one of the four kinds, with its price, for the customer to answer. */
export const useProposeChange = () => useJobAction(proposeChange);

/** price_change: the company's price of a customer's own edit (decision 021). */
export const usePriceChange = () => useJobAction(priceChange);
