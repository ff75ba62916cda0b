import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobsBodySchema, jobsResponseSchema } from '@movehub/shared';
import { responses } from '../../lib/wire';
import { authOf, companyOnly } from '../../plugins/auth';
import { listJobs } from './partner-jobs.service';
import { toJobSummary } from './partner-jobs.wire';

/*
 * The company's jobs (issue 15 "My jobs by stage"; tag 'partner'). Companies only: a sales-team
 * member works on open requests and direct links, a foreman on the jobs he is assigned.
 */
export const partnerJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/company/jobs',
    {
      schema: {
        tags: ['partner'],
        summary:
          "The company's jobs (won bids and direct requests) of one stage or all, newest first, with every stage's count",
        body: jobsBodySchema,
        response: responses(jobsResponseSchema, 400, 401, 403),
      },
      config: companyOnly,
    },
    async (request) => {
      const body = request.body ?? {};
      const { counts, rows } = await listJobs({
        db: app.db,
        companyId: authOf(request).user.id,
        stage: body.stage,
        limit: body.limit,
        beforeId: body.before_id,
      });
      return { code: 200, message: 'Success', data: { counts, items: rows.map(toJobSummary) } };
    },
  );
};
