import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCustomerRequestBodySchema, getCustomerRequestResponseSchema } from '@movehub/shared';
import { responses } from '../../lib/wire';
import { authOf, customerOnly } from '../../plugins/auth';
import { countCustomerRequests, listCustomerRequests } from './requests.service';
import { toRequestCount, toRequestListEntry } from './requests.wire';

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
      config: customerOnly,
    },
    async (request) => {
      const customerId = authOf(request).user.id;
      const [rows, counts] = await Promise.all([
        listCustomerRequests({
          db: app.db,
          customerId,
          requestStatus: request.body.request_status,
        }),
        countCustomerRequests({ db: app.db, customerId }),
      ]);
      return {
        code: 200,
        message: 'Success',
        data: rows.map(toRequestListEntry),
        request_count: toRequestCount(counts),
      };
    },
  );
};
