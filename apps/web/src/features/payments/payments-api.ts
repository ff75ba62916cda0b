import { queryOptions } from '@tanstack/react-query';
import {
  makePaymentResponseSchema,
  requestDetailResponseSchema,
  type MakePaymentBody,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/**
 * The request's queries share the 'requests' root with features/requests (features do not import
 * each other, so the key is spelled here): the detail below is the same cache entry as the detail
 * page's, and invalidating the root after a payment refreshes the detail and every list.
 */
const REQUESTS_ROOT = 'requests';

/**
 * POST /api/customer/customer_request_detail (auth): the price, discount and status the payment
 * screen shows. A failure is shown by the screen itself ('Error Message: {message}'), no toast.
 */
export function getRequestDetail(requestId: number, signal?: AbortSignal) {
  return callApi('/api/customer/customer_request_detail', {
    method: 'POST',
    body: { request_id: requestId },
    schema: requestDetailResponseSchema,
    suppressToast: true,
    signal,
  });
}

/**
 * POST /api/customer/make_payment (auth): `price` is the total the screen shows. spec §8: a
 * failure is the server's message in the screen's error banner, so no toast.
 */
export function makePayment(body: MakePaymentBody) {
  return callApi('/api/customer/make_payment', {
    method: 'POST',
    body,
    schema: makePaymentResponseSchema,
    suppressToast: true,
  });
}

export const paymentKeys = {
  requests: [REQUESTS_ROOT] as const,
  request: (requestId: number) => [REQUESTS_ROOT, 'detail', requestId] as const,
};

export const paymentRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: paymentKeys.request(requestId),
    queryFn: ({ signal }) => getRequestDetail(requestId, signal),
    select: (response) => response.data,
  });
