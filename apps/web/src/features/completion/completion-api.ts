import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  addFeedbackResponseSchema,
  endMoveConfirmationResponseSchema,
  requestDetailResponseSchema,
  type AddFeedbackBody,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/*
 * The calls of the end of a move (spec/request-lifecycle.md §7 end_move_confirmation,
 * add_feedback) and the request they act on. The request is read under the requests feature's
 * detail key (['requests', 'detail', id]), so the detail page and this screen share one copy.
 */

const REQUESTS_KEY = ['requests'] as const;
const detailKey = (requestId: number) => [...REQUESTS_KEY, 'detail', requestId] as const;

/** POST /api/customer/customer_request_detail; the screen shows a failure itself. */
export const completionRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: detailKey(requestId),
    queryFn: ({ signal }) =>
      callApi('/api/customer/customer_request_detail', {
        method: 'POST',
        body: { request_id: requestId },
        schema: requestDetailResponseSchema,
        suppressToast: true,
        signal,
      }),
    select: (response) => response.data,
  });

/** POST /api/customer/end_move_confirmation: releases the escrow; the banner shows a failure. */
export function endMoveConfirmation(requestId: number) {
  return callApi('/api/customer/end_move_confirmation', {
    method: 'POST',
    body: { request_id: requestId },
    schema: endMoveConfirmationResponseSchema,
    suppressToast: true,
  });
}

/** POST /app_api/add_feedback: rating, comment and the tip in whole dollars. */
export function addFeedback(body: AddFeedbackBody) {
  return callApi('/app_api/add_feedback', {
    method: 'POST',
    body,
    schema: addFeedbackResponseSchema,
    suppressToast: true,
  });
}

/**
 * After the request moved on: every request query loads again (its detail, the My Requests
 * tabs), except the detail this screen still shows, which is only marked stale.
 */
export function invalidateRequests(queryClient: QueryClient, requestId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: detailKey(requestId), refetchType: 'none' }),
    queryClient.invalidateQueries({
      queryKey: REQUESTS_KEY,
      predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== requestId,
    }),
  ]);
}
