import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DIRECT_LINK_TEXT,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  MSG,
} from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly } from '../../plugins/auth';
import {
  createDirectLink,
  listDirectLinks,
  listLinkRequests,
  setDirectLinkActive,
} from './direct-links.service';

/** The optional Idempotency-Key of 'Create link' (decision 007): one click, one link. */
const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, MSG.idempotencyKeyInvalid)
    .optional()
    .describe('A random key per click; a repeat within 24 hours gets the first link'),
});

/*
 * A company's direct links (tag 'partner'). Companies only: a sales-team member's link
 * is made for them, and the company sees and switches off every link of its own.
 */
export const directLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.route({
    ...apiRoute('POST /api/company/direct_links', {
      tags: ['partner'],
      summary:
        "The company's direct links, newest first: the address to share, active or not, who made it and how many requests came through it",
      failures: [401, 403],
    }),
    config: companyOnly,
    handler: async (request) => {
      const data = await listDirectLinks({
        db: app.db,
        companyId: authOf(request).user.id,
        publicUrl,
      });
      return { code: 200, message: MSG.ok, data };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/create_direct_link', {
      tags: ['partner'],
      summary:
        'Makes a new active direct link with an unguessable address; a repeated Idempotency-Key gets the first link, and 409 past 50 active links',
      headers: idempotencyHeaders,
      failures: [401, 403, 409],
    }),
    config: companyOnly,
    handler: async (request) => {
      const data = await createDirectLink({
        db: app.db,
        companyId: authOf(request).user.id,
        publicUrl,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER],
      });
      return { code: 200, message: DIRECT_LINK_TEXT.created, data };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/set_direct_link_active', {
      tags: ['partner'],
      summary:
        "Disables one of the company's direct links (it then answers 'Company direct link is invalid.') or enables it again; 404 for another company's link",
      failures: [401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => {
      const data = await setDirectLinkActive({
        db: app.db,
        companyId: authOf(request).user.id,
        linkId: request.body.link_id,
        isActive: request.body.is_active,
        publicUrl,
      });
      return {
        code: 200,
        message: data.is_active ? DIRECT_LINK_TEXT.enabled : DIRECT_LINK_TEXT.disabled,
        data,
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/direct_link_requests', {
      tags: ['partner'],
      summary:
        "The requests that came through one of the company's direct links, newest first, page by page; 404 for another company's link",
      failures: [401, 403, 404],
    }),
    config: companyOnly,
    handler: async (request) => {
      const page = await listLinkRequests({
        db: app.db,
        companyId: authOf(request).user.id,
        linkId: request.body.link_id,
        limit: request.body.limit,
        beforeId: request.body.before_id,
      });
      return { code: 200, message: MSG.ok, data: page.rows, next_before_id: page.next_before_id };
    },
  });
};
