import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zonedNow } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, foremanOnly } from '../../plugins/auth';
import { getForemanJob, listForemanJobs } from './foreman-jobs.service';
import { toForemanJob, toForemanJobDetail } from './foreman-jobs.wire';

/*
 * The foreman's phone (tag 'partner'; a foreman signs in with /app_api/login
 * and user_type 3): his jobs and one job's detail. Move day's steps are moves.routes
 * (start_move, complete_move) and tracking.routes (post_location).
 */
export const foremanJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/foreman/jobs', {
      tags: ['partner'],
      summary:
        "The calling foreman's jobs: today's (the move in progress, moves due today or overdue), upcoming ones and those finished in the last 7 days",
      failures: [401, 403],
    }),
    config: foremanOnly,
    handler: async (request) => {
      // Move dates are days of the served area: "today" is read on its clock.
      const today = zonedNow(new Date(), app.config.serviceTimeZone).date;
      const lists = await listForemanJobs({
        db: app.db,
        foremanId: authOf(request).user.id,
        today,
      });
      return {
        code: 200,
        message: 'Success',
        data: {
          today_date: today,
          today: lists.today.map(toForemanJob),
          upcoming: lists.upcoming.map(toForemanJob),
          recent: lists.recent.map(toForemanJob),
        },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/foreman/job_detail', {
      tags: ['partner'],
      summary:
        "One job of the calling foreman: addresses with their coordinates, inventory with photos, extra items, the customer's name (and phone while the job is under way), its statuses; chat names his conversation with the customer while it is open (move in progress to to-be-confirmed); another foreman's job reads as not found",
      failures: [401, 403, 404, 422],
    }),
    config: foremanOnly,
    handler: async (request) => {
      const { user } = authOf(request);
      const detail = await getForemanJob({
        db: app.db,
        foremanId: user.id,
        requestId: request.body.request_id,
      });
      const today = zonedNow(app.domain.now(), app.config.serviceTimeZone).date;
      return {
        code: 200,
        message: 'Success',
        data: toForemanJobDetail(detail, user.roomId, today),
      };
    },
  });
};
