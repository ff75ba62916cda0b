import { z } from 'zod';
import { envelope, errorEnvelopeSchema } from './envelope';
import { dollarsSchema, idSchema } from './primitives';

/*
 * Paying an accepted request into escrow (spec/request-lifecycle.md §2 "Payment", §4 "Bid and
 * payment flow", §7 make_payment).
 */

/**
 * POST /api/customer/make_payment. `price` is the total the payment screen showed: the final
 * amount after the discount plus the processing fee (shared paymentBreakdown). The server
 * computes the charge itself and refuses a price that differs (409), so the customer is never
 * charged an amount they did not see.
 */
export const makePaymentBodySchema = z.object({
  request_id: idSchema('request_id must be a request id.'),
  price: dollarsSchema('price must be an amount in dollars.').refine(
    (v) => v > 0,
    'price must be above 0.',
  ),
});
export type MakePaymentBody = z.input<typeof makePaymentBodySchema>;

/** What was charged and held, in dollars; a repeated call answers with the first payment. */
export const paymentResultSchema = z
  .object({
    request_id: z.number().int(),
    request_timeline_status: z.number().int(),
    final_amount: z.number(),
    discount: z.number(),
    discounted_amount: z.number(),
    processing_fee: z.number(),
    /** The total charged to the card. */
    price: z.number(),
  })
  .meta({ id: 'PaymentResult' });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const makePaymentResponseSchema = envelope({ data: paymentResultSchema });
export type MakePaymentResponse = z.infer<typeof makePaymentResponseSchema>;

/**
 * Ours: the failure of a call that charges the card (make_payment, a change's difference, a tip).
 * A charge the card's bank or the provider refused answers 400 with the provider's message and
 * `card_declined: true`, so that the screen can offer another card rather than the same one
 * again (decision 041); any other failure is the plain envelope.
 */
export const chargeErrorEnvelopeSchema = errorEnvelopeSchema
  .extend({ card_declined: z.literal(true).optional() })
  .meta({ id: 'ChargeErrorEnvelope' });
export type ChargeErrorEnvelope = z.infer<typeof chargeErrorEnvelopeSchema>;
