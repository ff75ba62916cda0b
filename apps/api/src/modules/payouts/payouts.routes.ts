import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, payoutsQuerySchema } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { responses } from '../../lib/wire';
import { authOf, companyOnly } from '../../plugins/auth';
import { payoutsCsv, payoutsPage, payoutsReport } from './payouts.service';

/*
 * A company's payouts (tag 'partner'): per job, from the ledger. Companies only: the
 * money is the company's, not its sales team's or its foremen's.
 */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/company/payouts', {
      tags: ['partner'],
      summary:
        "The company's jobs that money moved for (move date from/to, MM-DD-YYYY), newest request first, a page older than before_id: paid into escrow, held, released, refunded, tips and net, in dollars, from the ledger, with the totals of every job in the dates",
      failures: [401, 403],
    }),
    config: companyOnly,
    handler: async (request) => {
      const body = request.body ?? {};
      const { next_before_id, ...data } = await payoutsPage({
        db: app.db,
        companyId: authOf(request).user.id,
        from: body.from,
        to: body.to,
        page: { limit: body.limit, before_id: body.before_id },
      });
      return { code: 200, message: MSG.ok, data, next_before_id };
    },
  });

  // A GET with the token in x-sh-auth: the web app's downloadFile fetches it and saves the blob.
  app.get(
    '/api/company/payouts_csv',
    {
      schema: {
        tags: ['partner'],
        summary:
          'The same payouts as CSV (text/csv, RFC 4180, a header row; text cells guarded against formula injection)',
        querystring: payoutsQuerySchema,
        response: responses(z.string().meta({ description: 'text/csv; charset=utf-8' }), 401, 403),
      },
      config: companyOnly,
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const report = await payoutsReport({
        db: app.db,
        companyId: authOf(request).user.id,
        from,
        to,
      });
      const range = from || to ? `-${from ?? 'start'}-to-${to ?? 'now'}` : '';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts${range}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(payoutsCsv(report));
    },
  );
};
