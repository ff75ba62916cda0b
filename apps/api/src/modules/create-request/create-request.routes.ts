import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateDirectRequestBodySchema,
  generateRequestBodySchema,
  generateRequestResponseSchema,
  MSG,
  UserType,
  validateGeneratedLinkBodySchema,
  validateGeneratedLinkResponseSchema,
} from '@movehub/shared';
import { responses } from '../../lib/wire';
import { authOf, requireUser } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import {
  findDirectLink,
  generateDirectRequest,
  generateRequest,
  REQUEST_CREATED_MESSAGE,
} from './create-request.service';

/**
 * Sending the wizard's request (spec/request-lifecycle.md §2 step 7, §7): generate_request for
 * a signed-in customer, and the direct-link mode (validate_generated_link, then the company or
 * sale_team generate_request_by_customer, without a token).
 */
export const createRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/company/validate_generated_link',
    {
      schema: {
        tags: ['create-request'],
        summary: "The profile behind a company's direct link; 400 when the link is not active",
        body: validateGeneratedLinkBodySchema,
        response: responses(validateGeneratedLinkResponseSchema, 400),
      },
      config: ipRateLimit,
    },
    async (request) => {
      const link = await findDirectLink({ db: app.db, link: request.body.generated_link });
      return { code: 200, message: MSG.ok, data: true as const, profile: link.profile };
    },
  );

  app.post(
    '/api/customer/generate_request',
    {
      schema: {
        tags: ['create-request'],
        summary: 'Sends a marketplace request: addresses, items, photos, timeline, notification',
        body: generateRequestBodySchema,
        response: responses(generateRequestResponseSchema, 400, 401, 403),
      },
      preHandler: requireUser(UserType.customer),
    },
    async (request) => {
      const { user } = authOf(request);
      const created = await generateRequest({
        db: app.db,
        timeZone: app.config.serviceTimeZone,
        customerId: user.id,
        body: request.body,
      });
      return {
        code: 200,
        message: REQUEST_CREATED_MESSAGE,
        data: {
          Request_ID: { id: created.id, public_access_link: created.publicAccessLink },
          phone: user.phone,
        },
      };
    },
  );

  for (const [path, salesTeam] of [
    ['/api/company/generate_request_by_customer', false],
    ['/api/sale_team/generate_request_by_customer', true],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['create-request'],
          summary: salesTeam
            ? "A direct request posted through a sales-team member's link"
            : "A direct request through a company's link (no token)",
          body: generateDirectRequestBodySchema,
          response: responses(generateRequestResponseSchema, 400),
        },
        config: ipRateLimit,
      },
      async (request) => {
        const created = await generateDirectRequest({
          db: app.db,
          timeZone: app.config.serviceTimeZone,
          body: request.body,
          salesTeam,
        });
        return {
          code: 200,
          message: REQUEST_CREATED_MESSAGE,
          data: {
            Request_ID: { id: created.id, public_access_link: created.publicAccessLink },
            phone: created.phone,
          },
        };
      },
    );
  }
};
