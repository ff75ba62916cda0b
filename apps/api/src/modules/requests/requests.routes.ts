import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getCustomerRequestBodySchema,
  getCustomerRequestResponseSchema,
  UserType,
} from '@movehub/shared';
import { responses } from '../../lib/wire';
import { authOf, requireUser } from '../../plugins/auth';
import { countCustomerRequests, listCustomerRequests } from './requests.service';

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customer/get_customer_request',
    {
      schema: {
        tags: ['requests'],
        summary:
          "One My Requests tab: the customer's requests of a status, and the count of each tab",
        body: getCustomerRequestBodySchema,
        response: responses(getCustomerRequestResponseSchema, 401, 403),
      },
      preHandler: requireUser(UserType.customer),
    },
    async (request) => {
      const customerId = authOf(request).user.id;
      const [data, requestCount] = await Promise.all([
        listCustomerRequests({
          db: app.db,
          customerId,
          requestStatus: request.body.request_status,
        }),
        countCustomerRequests({ db: app.db, customerId }),
      ]);
      return { code: 200, message: 'Success', data, request_count: requestCount };
    },
  );
};
