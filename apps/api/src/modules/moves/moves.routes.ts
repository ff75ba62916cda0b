import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargeErrorEnvelopeSchema, toCents, toDollars } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly, companyOrForeman, customerOnly } from '../../plugins/auth';
import type { RequestRow } from '../../domain/request/lifecycle';
import { confirmComplete, giveFeedback } from '../../domain/request/completion';
import { assignMove, completeMove, startMove } from '../../domain/request/move-day';

/*
 * Move day and after: the partner API's assign_move, start_move and complete_move
 * (tag 'partner'; companies and foremen log in with /app_api/login and user_type 2 or 3), and
 * the customer's end_move_confirmation and add_feedback (spec §7).
 */

const step = (r: RequestRow) => ({
  request_id: r.id,
  request_timeline_status: r.timelineStatus,
  request_status: r.requestStatus,
});

export const moveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/company/assign_move', {
      tags: ['partner'],
      summary:
        "Assigns one of the company's foremen and trucks to a paid request it won (3 → 4), or changes them until the move starts (4 stays 4); a direct request needs its signed confirmation letter first",
      failures: [401, 403, 404, 409, 422],
    }),
    config: companyOnly,
    handler: async (request) => {
      const body = request.body;
      const done = await assignMove({
        domain: app.domain,
        companyId: authOf(request).user.id,
        requestId: body.request_id,
        foremanId: body.foreman_id,
        truckIds: body.truck_ids,
      });
      return {
        code: 200,
        message: 'The foreman and trucks have been assigned.',
        data: {
          ...step(done.request),
          get_foreman_of_company: {
            id: done.foreman.id,
            first_name: done.foreman.firstName,
            last_name: done.foreman.lastName,
          },
          truck_array: done.trucks,
        },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/foreman/start_move', {
      tags: ['partner'],
      summary:
        "The assigned foreman (or the company) starts the move (4 → 5), from the day before its move date to two days after it on the service area's clock; 422 outside that window",
      failures: [401, 403, 404, 409, 422],
    }),
    config: companyOrForeman,
    handler: async (request) => {
      const moved = await startMove({
        domain: app.domain,
        user: authOf(request).user,
        requestId: request.body.request_id,
      });
      return { code: 200, message: 'The move has started.', data: step(moved) };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/complete_move', {
      tags: ['partner'],
      summary:
        'The company (or the assigned foreman) marks the move complete (5 → 6); the customer is asked to confirm',
      failures: [401, 403, 404, 409],
    }),
    config: companyOrForeman,
    handler: async (request) => {
      const moved = await completeMove({
        domain: app.domain,
        user: authOf(request).user,
        requestId: request.body.request_id,
      });
      return { code: 200, message: 'The move has been marked complete.', data: step(moved) };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/end_move_confirmation', {
      tags: ['moves'],
      summary:
        'The customer confirms the move (6 → 7): the escrow is released to the company, once',
      failures: [400, 401, 403, 404, 409],
    }),
    config: customerOnly,
    handler: async (request) => {
      const done = await confirmComplete({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: request.body.request_id,
      });
      return {
        code: 200,
        message: 'Thank you for confirming your move. The payment was released to the company.',
        data: { ...step(done.request), released_amount: toDollars(done.releasedCents) },
      };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/add_feedback', {
      tags: ['moves'],
      summary:
        "Feedback on a confirmed move (7 → 8): rating, comment and a tip charged to the customer's card",
      failures: [401, 403, 404, 409],
      failureSchemas: { 400: chargeErrorEnvelopeSchema },
    }),
    config: customerOnly,
    handler: async (request) => {
      const body = request.body;
      const done = await giveFeedback({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: body.request_id,
        rating: body.rating,
        comment: body.comment,
        tipCents: toCents(body.tip),
      });
      return {
        code: 200,
        message: 'Thank you for your feedback.',
        data: {
          request_id: done.request.id,
          request_timeline_status: done.request.timelineStatus,
          rating: body.rating,
          comment: body.comment,
          tip: body.tip,
          company_rating: done.companyRating,
        },
      };
    },
  });
};
