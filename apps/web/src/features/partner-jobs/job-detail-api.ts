import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  type AssignMoveBody,
  type PriceChangeBody,
  type ProposeChangeBody,
  type SendConfirmationLetterBody,
} from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';
import { jobKeys } from './jobs-api';

/*
 * One of the company's jobs and the calls its actions make (assign a
 * foreman and trucks, send the confirmation letter, propose a change, chat with the
 * customer), all with the partner session (decision 022). The keys sit under jobKeys.all, so
 * the console's refresh on a notification reloads the detail too.
 */

export const jobDetailKeys = {
  detail: (requestId: number) => [...jobKeys.all, 'detail', requestId] as const,
  chat: (requestId: number) => [...jobKeys.all, 'chat', requestId] as const,
  /** The older pages of the job's comment threads (the detail holds the newest), from `start`. */
  comments: (requestId: number, start: number | null) =>
    [...jobKeys.all, 'comments', requestId, start] as const,
};

/** POST /api/company/job_detail. */
export function getJobDetail(requestId: number, signal?: AbortSignal) {
  return callPartnerApi('POST /api/company/job_detail', {
    body: { request_id: requestId },
    signal,
    // The page shows the failure itself (not found, or Try again).
    suppressToast: true,
  });
}

export const jobDetailQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: jobDetailKeys.detail(requestId),
    queryFn: ({ signal }) => getJobDetail(requestId, signal),
    select: (response) => response.data,
  });

/** After an action: the job and the lists (their stages and counts) are read again. */
export function refreshJob(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

// The dialogs show the server's refusal themselves: no toast on top.
const quiet = { suppressToast: true } as const;

/** POST /api/company/assign_move. */
export function assignMove(body: AssignMoveBody) {
  return callPartnerApi('POST /api/company/assign_move', {
    ...quiet,
    body,
  });
}

/** POST /api/company/send_confirmation_letter. */
export function sendConfirmationLetter(body: SendConfirmationLetterBody) {
  return callPartnerApi('POST /api/company/send_confirmation_letter', {
    ...quiet,
    body,
  });
}

/** POST /api/company/propose_change. */
export function proposeChange(body: ProposeChangeBody) {
  return callPartnerApi('POST /api/company/propose_change', {
    ...quiet,
    body,
  });
}

/** POST /api/company/price_change: the company's price of a customer's own edit. */
export function priceChange(body: PriceChangeBody) {
  return callPartnerApi('POST /api/company/price_change', {
    ...quiet,
    body,
  });
}

/**
 * POST /api/foreman/start_move, which the company may call for its own job (4 → 5). A refusal
 * (outside the move-day window, started meanwhile) shows as a toast over the page.
 */
export function startMove(requestId: number) {
  return callPartnerApi('POST /api/foreman/start_move', { body: { request_id: requestId } });
}

/** POST /api/company/complete_move (5 → 6): the customer is asked to confirm. */
export function completeMove(requestId: number) {
  return callPartnerApi('POST /api/company/complete_move', { body: { request_id: requestId } });
}
