import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, zonedNow } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly } from '../../plugins/auth';
import { getJobDetail, listJobs } from './partner-jobs.service';
import { toJobDetail, toJobSummary } from './partner-jobs.wire';

/*
 * The company's jobs (tag 'partner'). Companies only: a sales-team
 * member works on open requests and direct links, a foreman on the jobs he is assigned.
 */
export const partnerJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/company/jobs', {
      tags: ['partner'],
      summary:
        "The company's jobs (won bids and direct requests) of one stage or all, newest first, with every stage's count",
      failures: [400, 401, 403],
    }),
    config: companyOnly,
    handler: async (request) => {
      const body = request.body ?? {};
      const { counts, rows, next_before_id } = await listJobs({
        db: app.db,
        companyId: authOf(request).user.id,
        stage: body.stage,
        limit: body.limit,
        beforeId: body.before_id,
      });
      return {
        code: 200,
        message: 'Success',
        data: { counts, items: rows.map(toJobSummary) },
        next_before_id,
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/job_detail', {
      tags: ['partner'],
      summary:
        "One of the company's jobs in full: the move, the customer, the crew, the letter, the changes proposed and their answers, the comment thread, and the foremen and trucks it can assign",
      description:
        "Only a request the company won or received through its direct link (404 otherwise, as for one that does not exist). The customer's email and phone as in jobs: from acceptance (a direct request from the start), never once cancelled. chat names the company's conversation with the customer while it is open (paid to to-be-confirmed).",
      failures: [400, 401, 403, 404],
    }),
    config: companyOnly,
    handler: async (request) => {
      const { user } = authOf(request);
      const detail = await getJobDetail({
        db: app.db,
        companyId: user.id,
        requestId: request.body.request_id,
      });
      // Move dates are days of the served area: "today" is read on its clock.
      const today = zonedNow(app.domain.now(), app.config.serviceTimeZone).date;
      return { code: 200, message: MSG.ok, data: toJobDetail(detail, user.roomId, today) };
    },
  });
};
