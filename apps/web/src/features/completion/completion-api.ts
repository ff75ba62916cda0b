import type { QueryClient } from '@tanstack/react-query';
import { type AddFeedbackBody } from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { requestDetailQueryOptions, requestQueryKeys } from '../../lib/request-detail-query';

/*
 * The calls of the end of a move (spec/request-lifecycle.md §7 end_move_confirmation,
 * add_feedback) and the request they act on, the detail page's copy (lib/request-detail-query).
 */

export const completionRequestQueryOptions = requestDetailQueryOptions;

/** POST /api/customer/end_move_confirmation: releases the escrow; the banner shows a failure. */
export function endMoveConfirmation(requestId: number) {
  return callApi('POST /api/customer/end_move_confirmation', {
    body: { request_id: requestId },
    suppressToast: true,
  });
}

/** POST /app_api/add_feedback: rating, comment and the tip in whole dollars. */
export function addFeedback(body: AddFeedbackBody) {
  return callApi('POST /app_api/add_feedback', {
    body,
    suppressToast: true,
  });
}

/**
 * After the request moved on: every request query loads again (its detail, the My Requests
 * tabs), except the detail this screen still shows, which is only marked stale.
 */
export function invalidateRequests(queryClient: QueryClient, requestId: number) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: requestQueryKeys.detail(requestId),
      refetchType: 'none',
    }),
    queryClient.invalidateQueries({
      queryKey: requestQueryKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== requestId,
    }),
  ]);
}
