import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attachSignature, invalidateAfterSigning, isNumericId } from './letter-api';

/**
 * attach_signature for the letter at /sign-letter/:id: with a session by the request's id, or by
 * the public access link the id then is (decision 016). The request is read again before the
 * screen moves on, so that the next one shows it signed.
 */
export function useSignLetter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, signature }: { requestId: number; signature: string }) =>
      attachSignature({
        request_id: requestId,
        signature_path: signature,
        ...(isNumericId(id) ? {} : { public_access_link: id }),
      }),
    onSuccess: () => invalidateAfterSigning(queryClient, id),
  });
}
