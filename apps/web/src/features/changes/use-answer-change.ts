import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toCents, type ChangeType } from '@movehub/shared';
import { changeKeys, confirmChange } from './changes-api';

/** spec §7: price '' when the change costs nothing; else its price as the screen showed it. */
const wirePrice = (price: number) => (toCents(price) === 0 ? '' : String(price));

/**
 * The customer's answer to a proposed change (accept with its price, or reject). After it every
 * request is read again; after a refusal this one is, since the change may have been answered or
 * repriced under the screen and should show as it is now.
 */
export function useAnswerChange(type: ChangeType, requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accept, price }: { accept: boolean; price: number }) =>
      confirmChange(type, {
        request_id: requestId,
        status: accept ? '1' : '0',
        price: accept ? wirePrice(price) : '',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: changeKeys.requests }),
    onError: () => void queryClient.invalidateQueries({ queryKey: changeKeys.request(requestId) }),
  });
}
