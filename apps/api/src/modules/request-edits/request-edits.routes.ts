import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHANGE_MESSAGES, EDIT_MESSAGES } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, customerOnly } from '../../plugins/auth';
import {
  addAddress,
  deleteAddress,
  editAddress,
  editExtraItems,
  editItems,
  type RequestEditResult,
} from '../../domain/request/edits';
import { uploadedItemPhotos } from '../uploads/uploads.service';

/*
 * The customer's edits of a request (spec §7): each call on /api/customer, which the web app uses
 * for marketplace requests, and on /app_api, which it uses for direct ones (spec §6). Both paths
 * run the same service and the same guards, which follow the request's own kind (marketplace
 * below status 3, direct below 6), never the path it came by. Both need the customer's token:
 * the auth hook answers 401 before the body is read, and another customer's request is 404.
 */

const FAMILIES = [
  { prefix: '/api/customer', who: 'marketplace requests' },
  { prefix: '/app_api', who: 'direct requests' },
] as const;

const GUARD =
  'Allowed for marketplace requests below status 3 and direct ones below 6 (422 otherwise; 409 once the move is completed or the request cancelled, or while a change of the same kind waits for the customer’s answer); another customer’s request is 404. A direct request’s edit from status 3 is not applied: it waits for the company’s price (answer data.awaiting_price true, decision 021)';

export const requestEditRoutes: FastifyPluginAsyncZod = async (app) => {
  /** An applied edit answers its own message; one sent to the company to price says so. */
  const answer = async (message: string, data: RequestEditResult) => {
    if (!data.awaiting_price) return { code: 200, message, data };
    return { code: 200, message: CHANGE_MESSAGES.sentForPricing, data };
  };
  /** Item photos are uploads of ours only, else 422 (decision 037). */
  const uploaded = <L extends { items_image_array: string[] }>(lines: readonly L[]) =>
    uploadedItemPhotos({ db: app.db, storage: app.storage, lines });

  for (const { prefix, who } of FAMILIES) {
    app.route({
      ...apiRoute(`POST ${prefix}/add_address`, {
        tags: ['request-edits'],
        summary: `Adds an address to the customer's request (path of ${who}); at most 6, zip in the service area for marketplace requests`,
        description: `${GUARD}. The route distance and, before status 3, the estimate are recalculated.`,
        failures: [400, 401, 403, 404, 409],
      }),
      config: customerOnly,
      handler: async (request) => {
        const { request_id, ...address } = request.body;
        const data = await addAddress({
          domain: app.domain,
          customerId: authOf(request).user.id,
          requestId: request_id,
          address,
        });
        return answer(EDIT_MESSAGES.addressAdded, data);
      },
    });

    app.route({
      ...apiRoute(`POST ${prefix}/edit_address`, {
        tags: ['request-edits'],
        summary: `Replaces the fields of one address of the customer's request (path of ${who})`,
        description: `${GUARD}. A changed zip must be in the service area for marketplace requests.`,
        failures: [400, 401, 403, 404, 409],
      }),
      config: customerOnly,
      handler: async (request) => {
        const { request_id, address_id, ...address } = request.body;
        const data = await editAddress({
          domain: app.domain,
          customerId: authOf(request).user.id,
          requestId: request_id,
          addressId: address_id,
          address,
        });
        return answer(EDIT_MESSAGES.addressUpdated, data);
      },
    });

    app.route({
      ...apiRoute(`POST ${prefix}/delete_address`, {
        tags: ['request-edits'],
        summary: `Deletes one address of the customer's request (path of ${who}); refused below 3 addresses`,
        description: `${GUARD}. With fewer than 3 addresses: 422 'Minimum two address is required. If you want to change please edit your address or add new address then delete this.'`,
        failures: [401, 403, 404, 409],
      }),
      config: customerOnly,
      handler: async (request) => {
        const data = await deleteAddress({
          domain: app.domain,
          customerId: authOf(request).user.id,
          requestId: request.body.request_id,
          addressId: request.body.address_id,
        });
        return answer(EDIT_MESSAGES.addressDeleted, data);
      },
    });

    app.route({
      ...apiRoute(`POST ${prefix}/edit_items`, {
        tags: ['request-edits'],
        summary: `Replaces the regular items of the customer's request by the lines sent with a quantity above 0 (path of ${who})`,
        description: `${GUARD}. The wizard's item rules: at most 3 photos, each an upload of ours (422 otherwise), whole quantities 0 to 999, a name, catalogue ids that exist, the request's total caps.`,
        failures: [400, 401, 403, 404, 409],
      }),
      config: customerOnly,
      handler: async (request) => {
        const data = await editItems({
          domain: app.domain,
          customerId: authOf(request).user.id,
          requestId: request.body.request_id,
          lines: await uploaded(request.body.items_array),
        });
        return answer(EDIT_MESSAGES.itemsUpdated, data);
      },
    });

    app.route({
      ...apiRoute(`POST ${prefix}/edit_extra_item`, {
        tags: ['request-edits'],
        summary: `Replaces the extra items of the customer's request: all are sent, those with a quantity above 0 are kept (path of ${who})`,
        description: `${GUARD}. Photos are uploads of ours only (422 otherwise).`,
        failures: [400, 401, 403, 404, 409],
      }),
      config: customerOnly,
      handler: async (request) => {
        const data = await editExtraItems({
          domain: app.domain,
          customerId: authOf(request).user.id,
          requestId: request.body.request_id,
          lines: await uploaded(request.body.items_array),
        });
        return answer(EDIT_MESSAGES.extraItemsUpdated, data);
      },
    });
  }
};
