import { type MakePaymentBody } from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { requestDetailQueryOptions, requestQueryKeys } from '../../lib/request-detail-query';

/**
 * POST /api/customer/make_payment (auth): `price` is the total the screen shows. spec §8: a
 * failure is the server's message in the screen's error banner, so no toast.
 */
export function makePayment(body: MakePaymentBody) {
  return callApi('POST /api/customer/make_payment', {
    body,
    suppressToast: true,
  });
}

export const paymentKeys = { requests: requestQueryKeys.all, request: requestQueryKeys.detail };

/** The price, discount and status the payment screen shows. */
export const paymentRequestQueryOptions = requestDetailQueryOptions;
