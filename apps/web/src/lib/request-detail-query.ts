import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

/*
 * The request's detail as the screens that act on one request read it (payment, completion, edit
 * and change screens): one cache entry under the 'requests' root that the detail page shares, so
 * invalidating the root after an action refreshes the detail and every My Requests list. Each of
 * these screens shows a failure itself ('Error Message: {message}', spec §8), hence no toast.
 */

export const requestQueryKeys = {
  all: ['requests'] as const,
  detail: (requestId: number) => ['requests', 'detail', requestId] as const,
};

/** POST /api/customer/customer_request_detail (auth). */
export function getRequestDetail(requestId: number, signal?: AbortSignal) {
  return callApi('POST /api/customer/customer_request_detail', {
    body: { request_id: requestId },
    suppressToast: true,
    signal,
  });
}

export const requestDetailQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestQueryKeys.detail(requestId),
    queryFn: ({ signal }) => getRequestDetail(requestId, signal),
    select: (response) => response.data,
  });
