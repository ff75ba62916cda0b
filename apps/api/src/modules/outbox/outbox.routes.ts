import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { listMessages } from './outbox.service';

/** GET /dev/outbox: what was "sent" to an address. Registered outside production only. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('GET /dev/outbox', {
      tags: ['dev'],
      summary: 'Embedded mode only: email and SMS sent to an address, newest first',
    }),
    handler: async (request) => ({
      code: 200,
      message: 'Success',
      messages: await listMessages({ db: app.db, to: request.query.to }),
    }),
  });
};
