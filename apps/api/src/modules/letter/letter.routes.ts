import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, companyOnly, customerOrLink } from '../../plugins/auth';
import { ipRateLimit } from '../../plugins/rate-limit';
import { toRequestSummary } from '../../domain/request/read-model';
import { sendLetter, signLetter } from '../../domain/request/letter';
import { getConfirmationLetter, LETTER_TEXT, ratesOf, type LetterReader } from './letter.service';

/*
 * The confirmation letter of a direct request (spec §7 get_confirmation_letter and
 * attach_signature_make_confirmation_letter_pdf; the partner API's send_confirmation_letter).
 * The customer's two calls are open to the request's customer (token) and to the holder of its
 * public access link (the /sign-confirmation-letter/{public_access_link} page): decision 016; once
 * the request is in a customer's account, the link reads the letter but only they sign it
 * (decision 037).
 */

function readerOf(request: FastifyRequest, publicAccessLink: string | undefined): LetterReader {
  return {
    user: request.auth?.user ?? null,
    publicAccessLink: publicAccessLink ?? null,
  };
}

export const letterRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl ?? `http://${app.config.host}:${app.config.port}`;

  app.route({
    ...apiRoute('POST /api/company/send_confirmation_letter', {
      tags: ['partner'],
      summary:
        "Sets a direct request's rates and sends its confirmation letter to the customer (0 → 3, additional_status 0)",
      failures: [400, 401, 403, 404, 409, 422],
    }),
    config: companyOnly,
    handler: async (request) => {
      const sent = await sendLetter({
        domain: app.domain,
        log: request.log,
        publicUrl,
        companyId: authOf(request).user.id,
        requestId: request.body.request_id,
        rates: ratesOf(request.body),
      });
      return {
        code: 200,
        message: LETTER_TEXT.sent,
        data: {
          request_id: sent.id,
          request_timeline_status: sent.timelineStatus,
          additional_status: sent.additionalStatus,
        },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/get_confirmation_letter', {
      tags: ['letter'],
      summary:
        "A direct request's confirmation letter (sanitised HTML) for its customer or the holder of its public link",
      failures: [400, 401, 404, 409],
    }),
    config: { ...ipRateLimit, ...customerOrLink },
    handler: async (request) => {
      const { request: row, html } = await getConfirmationLetter({
        db: app.db,
        requestId: request.body.request_id,
        reader: readerOf(request, request.body.public_access_link),
      });
      return {
        code: 200,
        message: MSG.ok,
        confirmation_letter: html,
        get_request: {
          ...toRequestSummary(row),
          additional_status: row.additionalStatus,
          confirmation_letter_pdf: row.letterPdfUrl,
        },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/attach_signature_make_confirmation_letter_pdf', {
      tags: ['letter'],
      summary:
        "Signs the confirmation letter: a PDF of the letter with the signature is stored and the request moves to additional_status 1. Once the request is in a customer's account only that customer signs: the public link alone is 401, another session 403",
      failures: [400, 401, 403, 404, 409, 422],
    }),
    config: { ...ipRateLimit, ...customerOrLink },
    handler: async (request) => {
      const signed = await signLetter({
        domain: app.domain,
        storage: app.storage,
        requestId: request.body.request_id,
        reader: readerOf(request, request.body.public_access_link),
        signatureDataUrl: request.body.signature_path,
      });
      return {
        code: 200,
        message: LETTER_TEXT.signed,
        data: {
          request_id: signed.id,
          additional_status: signed.additionalStatus,
          confirmation_letter_pdf: signed.letterPdfUrl as string,
        },
      };
    },
  });
};
