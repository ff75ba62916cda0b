import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargeErrorEnvelopeSchema, toCents, toDollars } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly } from '../../plugins/auth';
import { makePayment, PAYMENT_TEXT } from '../../domain/request/pay';

/* The customer's payment calls (spec/request-lifecycle.md §7). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/customer/make_payment', {
      tags: ['payments'],
      summary:
        'Charges the saved card the final amount after the discount plus the processing fee and holds it in escrow (2 → 3). `price` must be that total as the screen showed it (409 when it changed); a repeat answers with the first payment and charges nothing; 400 for a declined card or no card, 422 when the request is not awaiting payment',
      failures: [401, 403, 404, 409],
      failureSchemas: { 400: chargeErrorEnvelopeSchema },
    }),
    config: customerOnly,
    handler: async (request) => {
      const paid = await makePayment({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: request.body.request_id,
        priceCents: toCents(request.body.price),
      });
      const b = paid.breakdown;
      return {
        code: 200,
        message: PAYMENT_TEXT.paid,
        data: {
          request_id: paid.requestId,
          request_timeline_status: paid.timelineStatus,
          final_amount: toDollars(b.finalCents),
          discount: b.discountPercent,
          discounted_amount: toDollars(b.discountedCents),
          processing_fee: toDollars(b.feeCents),
          price: toDollars(b.totalCents),
        },
      };
    },
  });
};
