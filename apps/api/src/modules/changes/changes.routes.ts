import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chargeErrorEnvelopeSchema,
  CHANGE_CONFIRMATION_CALLS,
  CHANGE_MESSAGES,
  CHANGE_TYPES,
  toCents,
} from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { centsToDollars } from '../../lib/wire';
import { authOf, companyOnly, customerOnly } from '../../plugins/auth';
import {
  acceptChange,
  changesAwaitingPrice,
  priceChange,
  proposeChange,
  rejectChange,
} from '../../domain/request/changes';
import { uploadedItemPhotos } from '../uploads/uploads.service';
import { toAskedChange, toChangeProposal } from './changes.wire';

/*
 * Change proposals (the partner API) and the customer's four confirmation calls (spec §7).
 * Handlers stay a few lines: the rules and the money are in changes.service.
 */
export const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /api/company/propose_change', {
      tags: ['partner'],
      summary:
        "The request's company proposes a change (type request: s_date, s_time or start_window_from/to, movers; address: new_address_array, edit_address_array, delete_address_array; items / extra-items: items_array, photos uploads of ours only, else 422) with its price, the signed difference to the final amount in dollars",
      description:
        "Only the company of the request (the accepted bid's, or a direct request's): another request is 404. Marketplace requests from status 2, direct ones from 0, both below 6 (422 before, 409 once completed or cancelled). One pending proposal per request and type: a second one is 409 until the customer answers. The request keeps its values; the detail shows the proposed ones (s_date_change, s_time_change, movers_change, final_amount_change, new/edit/delete_address_array, change_item, change_item_extra, item_price_change, extra_item_price_change); the timeline gets 'Change in request' / 'Change in address' / 'Change in items' / 'Change in extra items' and the customer a notification and an email. A saving may not exceed the final amount, nor from status 3 what the escrow holds (422).",
      failures: [400, 401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => {
      const { body } = request;
      // A proposed line's photos are uploads of ours too, else 422 (decision 037).
      const input =
        body.type === 'items' || body.type === 'extra-items'
          ? {
              ...body,
              items_array: await uploadedItemPhotos({
                db: app.db,
                storage: app.storage,
                lines: body.items_array,
              }),
            }
          : body;
      const row = await proposeChange({
        domain: app.domain,
        companyId: authOf(request).user.id,
        input,
      });
      return { code: 200, message: CHANGE_MESSAGES.proposed, data: toChangeProposal(row) };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/changes_awaiting_price', {
      tags: ['partner'],
      summary:
        "The changes the company's customers asked for on paid direct requests, waiting for the company's price (of one request with request_id)",
      description:
        "A customer's edit of a direct request at status 3 to 5 (addresses, items, extra items) is not applied: it waits here, in propose_change's fields (asked), until the company prices it with price_change. Further edits of the same kind join it.",
      failures: [400, 401, 403],
    }),
    config: companyOnly,
    handler: async (request) => {
      const rows = await changesAwaitingPrice({
        db: app.db,
        companyId: authOf(request).user.id,
        ...(request.body.request_id !== undefined ? { requestId: request.body.request_id } : {}),
      });
      return {
        code: 200,
        message: 'Changes awaiting your price.',
        data: rows.map((row) => ({ ...toChangeProposal(row), asked: toAskedChange(row) })),
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/company/price_change', {
      tags: ['partner'],
      summary:
        "The request's company prices the change its customer asked for (type address, items or extra-items), the signed difference to the final amount in dollars",
      description:
        "The change becomes pending with that price, as a proposal: the timeline gets its 'Change in …' entry and the customer a notification and an email; the customer accepts (paying or being refunded the difference) or rejects it. Only the request's company (404 otherwise, and when no change of that type awaits a price); change_id is the one changes_awaiting_price listed: 409 when the customer has changed the edit since (it then has a new id) or the change is priced already, and once the move is completed or cancelled; a saving larger than the final amount or than the escrow holds is 422.",
      failures: [400, 401, 403, 404, 409],
    }),
    config: companyOnly,
    handler: async (request) => {
      const row = await priceChange({
        domain: app.domain,
        companyId: authOf(request).user.id,
        input: request.body,
      });
      return { code: 200, message: CHANGE_MESSAGES.priced, data: toChangeProposal(row) };
    },
  });

  for (const type of CHANGE_TYPES) {
    app.route({
      ...apiRoute(`POST /api/customer/${CHANGE_CONFIRMATION_CALLS[type]}`, {
        tags: ['changes'],
        summary: `The customer accepts (status '1') or rejects (status '0') the pending change of type ${type}; price is the change's price as shown`,
        description:
          "Reject changes nothing but the proposal. Accept applies the proposed values and moves the final amount by the price, in one transaction. Below status 3 no money moves; from 3 a price above 0 is charged to the saved card into escrow (400 when declined or no card: nothing applied, the proposal stays pending) and a price below 0 is refunded from escrow. The price sent must be the proposal's (422). A change already answered is 409, and so is an answer while an accept is being paid; none proposed is 404, another customer's request 404.",
        failures: [401, 403, 404, 409],
        failureSchemas: { 400: chargeErrorEnvelopeSchema },
      }),
      config: customerOnly,
      handler: async (request) => {
        const { user } = authOf(request);
        const { request_id, status, price } = request.body;
        const done =
          status === 1
            ? await acceptChange({
                domain: app.domain,
                customerId: user.id,
                requestId: request_id,
                type,
                priceCents: toCents(price),
              })
            : await rejectChange({
                domain: app.domain,
                customerId: user.id,
                requestId: request_id,
                type,
              });
        return {
          code: 200,
          message: status === 1 ? CHANGE_MESSAGES.accepted : CHANGE_MESSAGES.rejected,
          data: {
            ...toChangeProposal(done.change),
            request_timeline_status: done.request.timelineStatus,
            final_amount: centsToDollars(done.request.finalAmountCents),
            amount_moved: done.movedCents / 100,
          },
        };
      },
    });
  }
};
