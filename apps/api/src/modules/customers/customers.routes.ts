import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponseSchema } from '@movehub/shared';
import { responses } from '../../lib/wire';
import { authOf, customerOnly } from '../../plugins/auth';
import { toSessionUser } from './customers.wire';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customer/profile_customer',
    {
      schema: {
        tags: ['customer'],
        summary: "The signed-in customer's profile and rating",
        response: responses(profileResponseSchema, 401, 403),
      },
      config: customerOnly,
    },
    async (request) => {
      // The auth hook has just read the user row with the session; no second query is needed.
      const { user } = authOf(request);
      return {
        code: 200,
        message: 'Success',
        profile: toSessionUser(user),
        customer_rating: user.customerRating,
      };
    },
  );
};
