import type { FastifyPluginAsync } from 'fastify';
import { GatewayError } from '../../adapters/payments/gateway';
import { AppError } from '../../errors';
import { settleFromNotice } from '../../domain/request/settlement';

/**
 * POST /api/payments/stripe/webhook, registered only when the gateway reads provider notices
 * and a signing secret is configured. The gateway checks the signature and reads the payment
 * back from the provider; a movement still pending is settled by what it says.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ secret: string }> = async (
  app,
  { secret },
) => {
  const { payments } = app;
  // This scope alone reads JSON as raw bytes: the signature covers them exactly.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/api/payments/stripe/webhook', { schema: { hide: true } }, async (request) => {
    if (!payments.readPaymentNotice) throw AppError.notFound('No payment notices here.');
    let notice;
    try {
      notice = await payments.readPaymentNotice({
        rawBody: request.body as Buffer,
        signature: String(request.headers['stripe-signature'] ?? ''),
        secret,
      });
    } catch (err) {
      if (err instanceof GatewayError && err.kind === 'invalid') {
        throw AppError.badRequest(err.message);
      }
      throw err;
    }
    if (notice) {
      await settleFromNotice(app.domain, notice);
      request.log.info({ notice }, 'payment notice');
    }
    return { code: 200, message: 'Received' };
  });
};
