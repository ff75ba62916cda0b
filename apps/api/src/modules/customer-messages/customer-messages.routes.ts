import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasCalendarInvite,
  requestCalendarQuerySchema,
  requestReceiptQuerySchema,
} from '@movehub/shared';
import { eq } from 'drizzle-orm';
import { requests } from '../../db/schema';
import { AppError } from '../../errors';
import { responses } from '../../lib/wire';
import { authOf, customerOnly } from '../../plugins/auth';
import { REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import {
  deliverPendingMessages,
  DELIVER_JOB,
  moveCalendar,
  moveFacts,
  remind,
  REMINDER_JOB,
  type ReminderJob,
} from './customer-messages.service';
import { findReceipt, receiptPdf } from './receipts.service';

export const NO_CALENDAR = 'This move has no calendar invite: it is not paid, or it is over.';

/**
 * Customer messages (decision 017): the delivery and reminder jobs, and the documents a customer
 * downloads from the request detail with their token: the move's calendar invite and receipts.
 */
export const customerMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    mailer: app.mailer,
    sms: app.sms,
    jobs: app.jobs,
    config: app.config,
    log: app.log,
  });
  app.jobs.define(DELIVER_JOB, {
    handler: async () => {
      await deliverPendingMessages(deps());
    },
  });
  // The safety net: what a crash between a commit and its kick left pending goes out within a minute.
  await app.jobs.schedule(DELIVER_JOB, '* * * * *');
  app.jobs.define<ReminderJob>(REMINDER_JOB, {
    handler: async (job) => {
      if (await remind(deps(), job)) await deliverPendingMessages(deps());
    },
  });

  app.get(
    '/api/customer/request_calendar',
    {
      schema: {
        tags: ['requests'],
        summary:
          "The move's calendar invite (text/calendar, RFC 5545, METHOD:REQUEST): the move window and the pick-up address, the same UID for the life of the request and the current SEQUENCE. From payment until the crew has finished (422 otherwise); 404 for another customer's request",
        querystring: requestCalendarQuerySchema,
        response: responses(
          z.string().meta({ description: 'text/calendar; charset=utf-8' }),
          400,
          401,
          403,
          404,
        ),
      },
      config: customerOnly,
    },
    async (request, reply) => {
      const customerId = authOf(request).user.id;
      const requestId = request.query.request_id;
      const [row] = await app.db
        .select({ customerId: requests.customerId, timeline: requests.timelineStatus })
        .from(requests)
        .where(eq(requests.id, requestId));
      if (!row || row.customerId !== customerId) throw AppError.notFound(REQUEST_NOT_FOUND);
      if (!hasCalendarInvite(row.timeline)) throw AppError.unprocessable(NO_CALENDAR);
      const facts = await moveFacts(app.db, requestId, app.config.serviceTimeZone);
      if (!facts) throw AppError.notFound(REQUEST_NOT_FOUND);
      const text = moveCalendar({
        facts,
        config: app.config,
        method: 'REQUEST',
        sequence: facts.sequence,
        stamp: new Date(),
      });
      return reply
        .header('content-type', 'text/calendar; method=REQUEST; charset=utf-8')
        .header('content-disposition', `attachment; filename="move-${requestId}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  );

  app.get(
    '/api/customer/request_receipt',
    {
      schema: {
        tags: ['requests'],
        summary:
          "One itemised receipt of the request as a PDF (application/pdf): a payment with its fee and discount, a tip or a refund, from the ledger. The ids are the detail's `receipts`; 404 for another customer's request or receipt",
        querystring: requestReceiptQuerySchema,
        response: responses(
          z.string().meta({ description: 'application/pdf', format: 'binary' }),
          400,
          401,
          403,
          404,
        ),
      },
      config: customerOnly,
    },
    async (request, reply) => {
      const found = await findReceipt({
        db: app.db,
        customerId: authOf(request).user.id,
        requestId: request.query.request_id,
        receiptId: request.query.receipt_id,
      });
      const pdf = await receiptPdf({ ...found, timeZone: app.config.serviceTimeZone });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${found.receipt.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
