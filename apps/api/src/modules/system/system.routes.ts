import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@movehub/shared';
import { responses } from '../../lib/wire';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the server answers and its database does too',
        response: responses(envelope({ database: z.string() }), 503),
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ code: 503, message: 'Database unreachable', database: app.database.kind });
      }
      return { code: 200, message: 'ok', database: app.database.kind };
    },
  );

  // Liveness without I/O; the benchmark also uses it as the no-op baseline of the server.
  app.get(
    '/livez',
    {
      schema: { tags: ['system'], summary: 'Liveness, no I/O', response: responses(envelope({})) },
    },
    async () => ({ code: 200, message: 'ok' }),
  );
};
