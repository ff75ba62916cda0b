import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly } from '../../plugins/auth';
import { toSessionUser } from './customers.wire';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('GET /api/customer/profile_customer', {
      tags: ['customer'],
      summary: "The signed-in customer's profile and rating",
      failures: [401, 403],
    }),
    config: customerOnly,
    handler: async (request) => {
      // The auth hook has just read the user row with the session; no second query is needed.
      const { user } = authOf(request);
      return {
        code: 200,
        message: 'Success',
        profile: toSessionUser(user),
        customer_rating: user.customerRating,
      };
    },
  });
};
