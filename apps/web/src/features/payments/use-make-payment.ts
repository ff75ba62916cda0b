import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberPaidInSession } from './paid-in-session';
import { makePayment, paymentKeys } from './payments-api';

/**
 * make_payment: the total into escrow. The payment is remembered for this tab's session (Back to
 * the payment screen then shows its success rather than sending the customer away) and every
 * request is read again; after a refusal this one is, as its price or status may have changed
 * under the screen.
 */
export function useMakePayment(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (price: number) => makePayment({ request_id: requestId, price }),
    onSuccess: () => {
      rememberPaidInSession(requestId);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.requests });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.request(requestId) }),
  });
}
