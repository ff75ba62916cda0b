import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type AttachSignatureBody, type GetConfirmationLetterBody } from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/*
 * The confirmation letter's calls (spec/request-lifecycle.md §7 get_confirmation_letter,
 * attach_signature_make_confirmation_letter_pdf). The page's id is a public access link or a
 * request id (spec §2): a link is sent as public_access_link (decision 016), an id as
 * request_id with the session token.
 */

/** spec §2: the id of /sign-confirmation-letter/{id} is a request id when it is all digits. */
export const isNumericId = (id: string) => /^\d+$/.test(id);

/** The body naming the letter of a page id. */
export function letterTarget(id: string): GetConfirmationLetterBody {
  return isNumericId(id) ? { request_id: Number(id) } : { public_access_link: id };
}

export const letterKeys = {
  byId: (id: string) => ['confirmation-letter', id] as const,
};

/** POST /api/company/get_confirmation_letter; the page shows a failure itself. */
export const confirmationLetterQueryOptions = (id: string) =>
  queryOptions({
    queryKey: letterKeys.byId(id),
    queryFn: ({ signal }) =>
      callApi('POST /api/company/get_confirmation_letter', {
        body: letterTarget(id),
        suppressToast: true,
        signal,
      }),
  });

/** POST /api/company/attach_signature_make_confirmation_letter_pdf; errors as the toast. */
export function attachSignature(body: AttachSignatureBody) {
  return callApi('POST /api/company/attach_signature_make_confirmation_letter_pdf', {
    body,
  });
}

/** After signing: the letter and every request query (its detail, the lists) load again. */
export function invalidateAfterSigning(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: letterKeys.byId(id) }),
    queryClient.invalidateQueries({ queryKey: ['requests'] }),
    queryClient.invalidateQueries({ queryKey: ['public-request'] }),
  ]);
}
