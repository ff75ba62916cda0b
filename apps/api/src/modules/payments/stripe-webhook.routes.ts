import type { FastifyPluginAsync } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { payments } from '../../db/schema';
import { AppError } from '../../errors';
import type { StripeGateway } from '../../adapters/payments/stripe-gateway';

/**
 * POST /api/payments/stripe/webhook. The signature is checked against the raw body; only the
 * object's id is taken from the payload, and the intent is fetched again from Stripe before
 * anything changes. Ledger entries are never written here: they belong to the transaction of the
 * state change that caused them, which a retry with the same idempotency key completes.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  gateway: StripeGateway;
  secret: string;
}> = async (app, { gateway, secret }) => {
  // This scope alone reads JSON as raw bytes: the signature covers them exactly.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/api/payments/stripe/webhook', { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = gateway.stripe.webhooks.constructEvent(
        request.body as Buffer,
        String(signature ?? ''),
        secret,
      );
    } catch {
      throw AppError.badRequest('Invalid Stripe signature.');
    }
    if (event.type.startsWith('payment_intent.')) {
      const { id } = event.data.object as { id: string };
      const intent = await gateway.stripe.paymentIntents.retrieve(id);
      const key = intent.metadata?.idempotency_key;
      if (key) {
        if (intent.status === 'succeeded') {
          // Charged at Stripe: remember the intent; the client's retry with the key completes it.
          await app.db
            .update(payments)
            .set({ gatewayRef: intent.id, updatedAt: new Date() })
            .where(
              and(
                eq(payments.idempotencyKey, key),
                inArray(payments.status, ['pending', 'failed']),
              ),
            );
        } else if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
          await app.db
            .update(payments)
            .set({ status: 'failed', error: `stripe: ${intent.status}`, updatedAt: new Date() })
            .where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'pending')));
        }
      }
      request.log.info(
        { stripeEvent: event.type, intent: intent.id, status: intent.status },
        'stripe webhook',
      );
    }
    return { code: 200, message: 'Received' };
  });
};
