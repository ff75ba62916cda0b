import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxResponseSchema } from '@movehub/shared';
import { responses } from '../../lib/wire';
import { listMessages } from './outbox.service';

/** GET /dev/outbox: what was "sent" to an address. Registered outside production only. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Embedded mode only: email and SMS sent to an address, newest first',
        querystring: outboxQuerySchema,
        response: responses(outboxResponseSchema),
      },
    },
    async (request) => ({
      code: 200,
      message: 'Success',
      messages: await listMessages({ db: app.db, to: request.query.to }),
    }),
  );
};
