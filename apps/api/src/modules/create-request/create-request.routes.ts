import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, MSG } from '@movehub/shared';
import { fingerprint } from '../../lib/fingerprint';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import {
  findDirectLink,
  generateDirectRequest,
  generateRequest,
  REQUEST_CREATED_MESSAGE,
  type CreatedRequest,
} from './create-request.service';
import { uploadedItemPhotos } from '../uploads/uploads.service';
import { claimRequest, publicRequestByLink } from './request-claims.service';

/** The optional Idempotency-Key of a submit (decision 007): one 'Request Move', one request. */
const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, MSG.idempotencyKeyInvalid)
    .optional()
    .describe('A random key per submit; a repeat within 24 hours gets the first answer'),
});

const createdBody = (created: CreatedRequest) => ({
  code: 200,
  message: REQUEST_CREATED_MESSAGE,
  data: {
    Request_ID: { id: created.id, public_access_link: created.publicAccessLink },
    phone: created.phone,
  },
});

/**
 * Sending the wizard's request (spec/request-lifecycle.md §2 step 7, §7): generate_request for
 * a signed-in customer, and the direct-link mode (validate_generated_link, then the company or
 * sale_team generate_request_by_customer, without a token); the public link of a request
 * (request_detail_by_request_link) and the emailed confirmation of a direct request.
 */
export const createRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailer } = app;
  // Emailed links are built from configuration only, never from the Host header.
  const publicUrl = app.config.publicUrl ?? `http://${app.config.host}:${app.config.port}`;
  const ttlDays = app.config.sessionTtlDays;
  /** The body with its item photos checked: uploads of ours only, else 422 (decision 037). */
  const withUploadedPhotos = async <B extends { items_array: { items_image_array: string[] }[] }>(
    body: B,
  ): Promise<B> => ({
    ...body,
    items_array: await uploadedItemPhotos({
      db: app.db,
      storage: app.storage,
      lines: body.items_array,
    }),
  });

  app.route({
    ...apiRoute('POST /api/company/validate_generated_link', {
      tags: ['create-request'],
      summary: "The profile behind a company's direct link; 400 when the link is not active",
      failures: [400],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const link = await findDirectLink({ db: app.db, link: request.body.generated_link });
      return { code: 200, message: MSG.ok, data: true as const, profile: link.profile };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/generate_request', {
      tags: ['create-request'],
      summary:
        'Sends a marketplace request: addresses, items, photos (uploads of ours only, else 422), timeline, notification',
      headers: idempotencyHeaders,
      failures: [400, 401, 403],
    }),
    config: customerOnly,
    handler: async (request) => {
      const { user } = authOf(request);
      // Counted after the photos are checked (a 422 counts nothing), before any write; a resend
      // with the same Idempotency-Key is answered from the first, so it is counted once.
      const body = await withUploadedPhotos(request.body);
      const key = request.headers[IDEMPOTENCY_HEADER];
      await app.businessLimits.consume('requestCreation', String(user.id), key);
      const created = await generateRequest({
        domain: app.domain,
        customer: { id: user.id, phone: user.phone },
        body,
        idempotencyKey: key,
      });
      return createdBody(created);
    },
  });

  for (const [path, salesTeam] of [
    ['/api/company/generate_request_by_customer', false],
    ['/api/sale_team/generate_request_by_customer', true],
  ] as const) {
    app.route({
      ...apiRoute(`POST ${path}`, {
        tags: ['create-request'],
        summary: salesTeam
          ? "A direct request posted through a sales-team member's link"
          : "A direct request through a company's link (no token); the contact email confirms it",
        headers: idempotencyHeaders,
        failures: [400],
      }),
      config: ipRateLimit,
      handler: async (request) => {
        // Anonymous: each one emails its contact address, so a ceiling per email and per link
        // (the per-address ceiling does not stop varied bodies). Counted after the photos are
        // checked, before any write; an identical resend is answered with the first request
        // (the service's dedupe), so it is counted once.
        const body = await withUploadedPhotos(request.body);
        const { email, direct_access_link } = body;
        const submission = fingerprint({ path, ...body, email: email.toLowerCase() });
        await app.businessLimits.consume('directRequestLink', direct_access_link, submission);
        await app.businessLimits.consume('directRequestEmail', email.toLowerCase(), submission);
        const created = await generateDirectRequest({
          domain: app.domain,
          mailer,
          publicUrl,
          body,
          salesTeam,
          idempotencyKey: request.headers[IDEMPOTENCY_HEADER],
        });
        return createdBody(created);
      },
    });
  }

  app.route({
    ...apiRoute('POST /app_api/request_detail_by_request_link', {
      tags: ['create-request'],
      summary:
        "The request of a public link (once in an account, only the public page's fields); token only when a valid claim token attaches it to an account",
      failures: [400],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const { public_access_link, claim_token } = request.body;
      const { id, ...view } = await publicRequestByLink({
        db: app.db,
        publicAccessLink: public_access_link,
      });
      const claim = claim_token
        ? await claimRequest({ domain: app.domain, token: claim_token, ttlDays, requestId: id })
        : null;
      return { code: 200, message: MSG.ok, request: view, token: claim?.auth_token ?? null, claim };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/claim_request', {
      tags: ['create-request'],
      summary:
        'Confirms a direct request from the emailed link: joins the email’s account (a new password creates it)',
      failures: [400],
    }),
    config: ipRateLimit,
    handler: async (request) => {
      const { claim_token, password } = request.body;
      const data = await claimRequest({
        domain: app.domain,
        token: claim_token,
        password,
        ttlDays,
      });
      return {
        code: 200,
        message: data.claimed ? MSG.requestClaimed : MSG.claimNeedsPassword,
        data,
      };
    },
  });
};
