import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, signedIn } from '../../plugins/auth';
import { addComment, authorizeThreadReader } from '../../domain/request/comments';
import { loadThreadPage } from './comments.service';

/** The comment thread of a request (spec/request-lifecycle.md §7 add_comments). */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /app_api/add_comments', {
      tags: ['comments'],
      summary:
        "Adds a comment or a reply (parent_id) to a request's thread: the customer, or a company the request is open to or won by",
      failures: [401, 403, 404, 409],
    }),
    config: signedIn,
    handler: async (request) => {
      const { user } = authOf(request);
      // Each comment notifies the other side: a ceiling per user and request.
      await app.businessLimits.consume('comment', `${user.id}:${request.body.request_id}`);
      const { hideCustomer } = await addComment({ domain: app.domain, user, body: request.body });
      // The newest page of threads, as the details embed it.
      const { threads, next_before_id } = await loadThreadPage({
        db: app.db,
        requestId: request.body.request_id,
        hideCustomer,
      });
      return { code: 200, message: MSG.ok, data: threads, next_before_id };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/get_comments', {
      tags: ['comments'],
      summary:
        "A page of a request's comment threads (a top-level comment with all its replies), newest page first, oldest first within it: for the customer, or a company the request is open to or won by",
      failures: [401, 403, 404],
    }),
    config: signedIn,
    handler: async (request) => {
      const { request_id, limit, before_id } = request.body;
      const { hideCustomer } = await authorizeThreadReader(
        app.db,
        authOf(request).user,
        request_id,
      );
      const { threads, next_before_id } = await loadThreadPage({
        db: app.db,
        requestId: request_id,
        page: { limit, before_id },
        hideCustomer,
      });
      return { code: 200, message: MSG.ok, data: threads, next_before_id };
    },
  });
};
