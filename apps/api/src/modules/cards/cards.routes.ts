import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { digitsOnly, IP_LIMIT_PER_MINUTE, MSG, parseExpiry } from '@movehub/shared';
import { SandboxGateway } from '../../adapters/payments/sandbox-gateway';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly } from '../../plugins/auth';
import { addCard, deleteCard, listCards } from './cards.service';

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/customer/checking_card_exist', {
      tags: ['cards'],
      summary: "The customer's saved card, in retrive_stripe_card.data",
      failures: [401, 403],
    }),
    config: customerOnly,
    handler: async (request) => ({
      code: 200,
      message: 'Success',
      retrive_stripe_card: {
        data: await listCards({ db: app.db, userId: authOf(request).user.id }),
      },
    }),
  });

  app.route({
    ...apiRoute('POST /api/customer/add_card', {
      tags: ['cards'],
      summary: "Saves a card from the provider's browser token; the provider verifies it",
      failures: [400, 401, 403, 409],
    }),
    config: customerOnly,
    handler: async (request) => ({
      code: 200,
      message: MSG.cardAdded,
      data: await addCard({
        db: app.db,
        gateway: app.payments,
        userId: authOf(request).user.id,
        token: request.body.token,
      }),
    }),
  });

  app.route({
    ...apiRoute('POST /api/customer/delete_card', {
      tags: ['cards'],
      summary: "Deletes the customer's saved card",
      failures: [401, 403, 404],
    }),
    config: customerOnly,
    handler: async (request) => {
      await deleteCard({ db: app.db, gateway: app.payments, userId: authOf(request).user.id });
      return { code: 200, message: MSG.cardDeleted };
    },
  });

  app.route({
    ...apiRoute('GET /app_api/payment_config', {
      tags: ['cards'],
      summary: 'Which gateway the browser tokenises cards against',
    }),
    handler: async () => ({
      code: 200,
      message: 'Success',
      gateway: app.payments.kind,
      stripe_publishable_key: app.config.payments.publishableKey,
    }),
  });

  const gateway = app.payments;
  if (gateway instanceof SandboxGateway) {
    app.route({
      ...apiRoute('POST /app_api/sandbox/tokens', {
        tags: ['cards'],
        summary: "The sandbox gateway's card tokeniser (the provider's browser SDK in Stripe mode)",
        failures: [400],
      }),
      config: { rateLimit: { max: IP_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      handler: async (request) => {
        const body = request.body;
        // The schema checked the format, Luhn and that the month has not passed.
        const expiry = parseExpiry(body.exp_date) as { month: number; year: number };
        const { token, brand, last4 } = await gateway.tokenize({
          number: digitsOnly(body.card_number),
          holderName: body.card_holder_name,
          expMonth: expiry.month,
          expYear: expiry.year,
        });
        return {
          code: 200,
          message: 'Success',
          token,
          card: { brand, last4, exp_month: expiry.month, exp_year: expiry.year },
        };
      },
    });
  }
};
