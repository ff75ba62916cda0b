import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly, foremanOnly } from '../../plugins/auth';
import { getTracking, postLocation, TRACKING_TEXT } from './tracking.service';

/*
 * Live truck tracking: the foreman's post_location (tag 'partner'; a
 * foreman signs in with /app_api/login and user_type 3) and the customer's get_tracking.
 */

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/foreman/post_location', {
      tags: ['partner'],
      summary:
        "The assigned foreman's phone posts the truck's position during the move (status 5); the customer receives it live. One point a second is stored: a post within a second of the last answers that point. A point queued offline carries recorded_at, the time it was taken (not in the future, within the last hour, not before the move started)",
      failures: [401, 403, 404, 409, 422],
    }),
    config: foremanOnly,
    handler: async (request) => {
      const body = request.body;
      const posted = await postLocation({
        domain: app.domain,
        foremanId: authOf(request).user.id,
        requestId: body.request_id,
        latitude: body.latitude,
        longitude: body.longitude,
        recordedAt: body.recorded_at === undefined ? undefined : new Date(body.recorded_at),
      });
      return {
        code: 200,
        message: posted.message,
        data: posted.event,
      };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/get_tracking', {
      tags: ['moves'],
      summary:
        "The truck's positions of the customer's move, oldest first: live while it is in progress (status 5), then the route travelled once the company marked it complete (6 to 8, move_complete true); refused before the move starts (422) and on a cancelled request (409)",
      failures: [401, 403, 404, 409],
    }),
    config: customerOnly,
    handler: async (request) => {
      const tracking = await getTracking({
        db: app.db,
        customerId: authOf(request).user.id,
        requestId: request.body.request_id,
      });
      return {
        code: 200,
        message: tracking.complete ? TRACKING_TEXT.travelled : TRACKING_TEXT.points,
        tracking_data: tracking.points,
        move_complete: tracking.complete,
      };
    },
  });
};
