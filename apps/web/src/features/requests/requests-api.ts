import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getCustomerRequestResponseSchema, type RequestStatus } from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/** POST /api/customer/get_customer_request (auth): one tab's list plus the three tab counts. */
export function getCustomerRequests(status: RequestStatus, signal?: AbortSignal) {
  return callApi('/api/customer/get_customer_request', {
    method: 'POST',
    // The wire carries the tab code as a string: '0', '1' or '2'.
    body: { request_status: String(status) },
    schema: getCustomerRequestResponseSchema,
    signal,
  });
}

export const requestKeys = {
  all: ['requests'] as const,
  list: (status: RequestStatus) => ['requests', 'list', status] as const,
};

export const customerRequestsQueryOptions = (status: RequestStatus) =>
  queryOptions({
    queryKey: requestKeys.list(status),
    queryFn: ({ signal }) => getCustomerRequests(status, signal),
    // The screen's names for the envelope's parts: the tab's entries and the three tab counts.
    select: (response) => ({ entries: response.data, counts: response.request_count }),
    // Keeps the tab counts on screen while another tab's list loads.
    placeholderData: keepPreviousData,
  });
