import { type ChargeErrorEnvelope, type MakePaymentBody } from '@movehub/shared';
import { callApi, isApiError } from '../../lib/api-client';
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

/**
 * Whether a payment failed because the card was refused (the envelope's card_declined, shared
 * chargeErrorEnvelopeSchema): the screen then offers another card (decision 041).
 */
export function isCardDeclined(error: unknown): boolean {
  if (!isApiError(error) || error.code !== 400) return false;
  const body = error.body as Partial<ChargeErrorEnvelope> | null | undefined;
  return body?.card_declined === true;
}
