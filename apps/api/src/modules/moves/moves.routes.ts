import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addFeedbackBodySchema,
  addFeedbackResponseSchema,
  assignMoveBodySchema,
  assignMoveResponseSchema,
  endMoveConfirmationResponseSchema,
  moveStepBodySchema,
  moveStepResponseSchema,
  toCents,
  toDollars,
} from '@movehub/shared';
import { responses } from '../../lib/wire';
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
  app.post(
    '/api/company/assign_move',
    {
      schema: {
        tags: ['partner'],
        summary:
          "Assigns one of the company's foremen and trucks to a paid request it won (3 → 4); a direct request needs its signed confirmation letter first",
        body: assignMoveBodySchema,
        response: responses(assignMoveResponseSchema, 401, 403, 404, 409, 422),
      },
      config: companyOnly,
    },
    async (request) => {
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
  );

  app.post(
    '/api/foreman/start_move',
    {
      schema: {
        tags: ['partner'],
        summary: 'The assigned foreman (or the company) starts the move (4 → 5)',
        body: moveStepBodySchema,
        response: responses(moveStepResponseSchema, 401, 403, 404, 409),
      },
      config: companyOrForeman,
    },
    async (request) => {
      const moved = await startMove({
        domain: app.domain,
        user: authOf(request).user,
        requestId: request.body.request_id,
      });
      return { code: 200, message: 'The move has started.', data: step(moved) };
    },
  );

  app.post(
    '/api/company/complete_move',
    {
      schema: {
        tags: ['partner'],
        summary:
          'The company (or the assigned foreman) marks the move complete (5 → 6); the customer is asked to confirm',
        body: moveStepBodySchema,
        response: responses(moveStepResponseSchema, 401, 403, 404, 409),
      },
      config: companyOrForeman,
    },
    async (request) => {
      const moved = await completeMove({
        domain: app.domain,
        user: authOf(request).user,
        requestId: request.body.request_id,
      });
      return { code: 200, message: 'The move has been marked complete.', data: step(moved) };
    },
  );

  app.post(
    '/api/customer/end_move_confirmation',
    {
      schema: {
        tags: ['moves'],
        summary:
          'The customer confirms the move (6 → 7): the escrow is released to the company, once',
        body: moveStepBodySchema,
        response: responses(endMoveConfirmationResponseSchema, 400, 401, 403, 404, 409),
      },
      config: customerOnly,
    },
    async (request) => {
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
  );

  app.post(
    '/app_api/add_feedback',
    {
      schema: {
        tags: ['moves'],
        summary:
          "Feedback on a confirmed move (7 → 8): rating, comment and a tip charged to the customer's card",
        body: addFeedbackBodySchema,
        response: responses(addFeedbackResponseSchema, 400, 401, 403, 404, 409),
      },
      config: customerOnly,
    },
    async (request) => {
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
  );
};
