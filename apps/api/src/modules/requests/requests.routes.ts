import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayHaveMoneyMovements, MSG, toDollars } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly } from '../../plugins/auth';
import { cancelCustomerRequest } from '../../domain/request/cancel';
import { editFinalComment } from '../../domain/request/edits';
import {
  cancellationOutcome,
  cancellationPreview,
  getCustomerRequestDetail,
  listCustomerRequests,
} from './requests.service';
import { toRequestCount, toRequestDetail, toRequestListEntry } from './requests.wire';
import { pendingChanges } from '../../domain/request/changes';
import { toChangeFields } from '../changes/changes.wire';
import { chatObjectsFor } from '../chat/chat.service';
import { listReceipts } from '../customer-messages/receipts.service';

export const REQUEST_CANCELLED_MESSAGE = 'Your request has been cancelled.';

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/customer/get_customer_request', {
      tags: ['requests'],
      summary:
        "One page of a My Requests tab: the customer's requests of a status, newest first (limit, before_id; next_before_id), and the count of each tab",
      failures: [401, 403],
    }),
    config: customerOnly,
    handler: async (request) => {
      const { user } = authOf(request);
      const { request_status, limit, before_id } = request.body;
      const { rows, counts, nextBeforeId } = await listCustomerRequests({
        db: app.db,
        customerId: user.id,
        requestStatus: request_status,
        page: { limit, before_id },
      });
      // A second statement only when a listed request has a chat open (status 3 to 6).
      const chats = await chatObjectsFor(app.db, user.roomId, rows);
      return {
        code: 200,
        message: 'Success',
        data: rows.map((row) => toRequestListEntry(row, chats.get(row.id))),
        request_count: toRequestCount(counts),
        next_before_id: nextBeforeId,
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/customer_request_detail', {
      tags: ['requests'],
      summary:
        "One of the customer's requests in full: addresses, items, timeline, bids, company, crew, feedback, comments",
      failures: [401, 403, 404],
    }),
    config: customerOnly,
    handler: async (request) => {
      const { user } = authOf(request);
      const row = await getCustomerRequestDetail({
        db: app.db,
        customerId: user.id,
        requestId: request.body.request_id,
      });
      const refund = await cancellationPreview({
        db: app.db,
        request: row,
        timeZone: app.config.serviceTimeZone,
        now: app.domain.now(),
      });
      // Below payment there is no ledger to read: the detail stays one statement.
      const receipts = mayHaveMoneyMovements(row.timelineStatus)
        ? await listReceipts({ db: app.db, requestId: row.id, customerId: user.id })
        : [];
      const cancellation = await cancellationOutcome({
        db: app.db,
        request: row,
        paid: receipts.some((r) => r.kind === 'payment'),
      });
      const chats = await chatObjectsFor(app.db, user.roomId, [row]);
      // Proposals exist only where a company may make them (from acceptance, or a direct request).
      const pending = row.companyId !== null ? await pendingChanges(app.db, row.id) : [];
      return {
        code: 200,
        message: MSG.ok,
        data: toRequestDetail(
          row,
          user,
          refund,
          receipts,
          cancellation,
          chats.get(row.id),
          pending.length > 0 ? toChangeFields(pending, row) : undefined,
        ),
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/edit_final_comment', {
      tags: ['requests'],
      summary: 'Changes the client comment of a request, below status 6 (409 after)',
      failures: [401, 403, 404, 409],
    }),
    config: customerOnly,
    handler: async (request) => {
      const done = await editFinalComment({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: request.body.request_id,
        finalComment: request.body.final_comment,
      });
      return {
        code: 200,
        message: MSG.clientCommentUpdated,
        data: { request_id: done.requestId, final_comment: done.finalComment },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/delete_request', {
      tags: ['requests'],
      summary:
        'Cancels a non-direct request below status 7 (request_status 2); after payment the escrow is refunded by the Cancellation policy (full 72 h or more before the move window, half inside, none once the move started), the rest kept by the company; open bids are deleted and the companies told',
      failures: [400, 401, 403, 404, 409, 500],
    }),
    config: customerOnly,
    handler: async (request) => {
      const {
        request: cancelled,
        refundCents,
        keptCents,
      } = await cancelCustomerRequest({
        domain: app.domain,
        customerId: authOf(request).user.id,
        requestId: request.body.request_id,
      });
      return {
        code: 200,
        message: REQUEST_CANCELLED_MESSAGE,
        data: {
          request_id: cancelled.id,
          request_status: cancelled.requestStatus,
          request_timeline_status: cancelled.timelineStatus,
          refund_amount: toDollars(refundCents),
          kept_amount: toDollars(keptCents),
        },
      };
    },
  });
};
