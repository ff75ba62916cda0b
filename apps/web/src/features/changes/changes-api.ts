import { queryOptions } from '@tanstack/react-query';
import {
  CHANGE_CONFIRMATION_CALLS,
  changeConfirmationResponseSchema,
  requestDetailResponseSchema,
  type ChangeConfirmationBody,
  type ChangeType,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/*
 * The change confirmation screen's calls (spec/request-lifecycle.md §7): the request's detail,
 * which holds the proposed values beside the current ones, and the four change_*_confirmation
 * calls. Both show their failures on the screen itself (spec §8 "an error banner on … confirmation
 * screens", 'Error Message: {message}' on a detail load failure), so neither shows the toast.
 */

/**
 * The request's queries share the 'requests' root with features/requests (features do not import
 * each other, so the key is spelled here): the detail below is the detail page's cache entry, and
 * invalidating the root after an answer refreshes the detail and every list.
 */
const REQUESTS_ROOT = 'requests';

export const changeKeys = {
  requests: [REQUESTS_ROOT] as const,
  request: (requestId: number) => [REQUESTS_ROOT, 'detail', requestId] as const,
};

/** POST /api/customer/customer_request_detail (auth). */
export function getRequestDetail(requestId: number, signal?: AbortSignal) {
  return callApi('/api/customer/customer_request_detail', {
    method: 'POST',
    body: { request_id: requestId },
    schema: requestDetailResponseSchema,
    suppressToast: true,
    signal,
  });
}

export const changeRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: changeKeys.request(requestId),
    queryFn: ({ signal }) => getRequestDetail(requestId, signal),
    select: (response) => response.data,
  });

/**
 * POST /api/customer/{CHANGE_CONFIRMATION_CALLS[type]} (auth): status '1' accepts, '0' rejects;
 * price is the change's price as the screen showed it, '' for none.
 */
export function confirmChange(type: ChangeType, body: ChangeConfirmationBody) {
  return callApi(`/api/customer/${CHANGE_CONFIRMATION_CALLS[type]}`, {
    method: 'POST',
    body,
    schema: changeConfirmationResponseSchema,
    suppressToast: true,
  });
}
