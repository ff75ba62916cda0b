import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@movehub/shared';
import { AppError } from '../../errors';
import { apiRoute } from '../../lib/api-route';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('GET /healthz', {
      tags: ['system'],
      summary: 'Readiness: the server answers and its database does too',
      failures: [503],
    }),
    handler: async () => {
      try {
        await app.database.ping();
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        // The error handler writes it: { code: 503, message } with Retry-After.
        throw new AppError(
          ErrorCode.serviceUnavailable,
          'Database unreachable',
          {},
          { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        );
      }
      return { code: 200, message: 'ok', database: app.database.kind };
    },
  });

  // Liveness without I/O; the benchmark also uses it as the no-op baseline of the server.
  app.route({
    ...apiRoute('GET /livez', { tags: ['system'], summary: 'Liveness, no I/O' }),
    handler: async () => ({ code: 200, message: 'ok' }),
  });
};
