import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addWishlistAreaBodySchema,
  calculateEstimatedPriceBodySchema,
  calculateEstimatedPriceResponseSchema,
  catalogueItemsResponseSchema,
  checkServiceAreaBodySchema,
  getItemBodySchema,
  getItemByCategoryIdBodySchema,
  getItemCategoriesByTypeBodySchema,
  getItemCategoriesByTypeResponseSchema,
  getMoveTypeResponseSchema,
  IP_LIMIT_PER_MINUTE,
  ItemType,
  MSG,
  okEnvelopeSchema,
  serviceAreaQuerySchema,
  serviceAreaResponseSchema,
} from '@movehub/shared';
import { revalidate } from '../../lib/http-cache';
import { responses } from '../../lib/wire';
import { toCatalogueItem } from './catalogue.wire';
import {
  addToWaitlist,
  assertServedZip,
  estimateMovePrice,
  isServedZip,
  listItemCategories,
  listItems,
  listMoveTypes,
} from './catalogue.service';

/**
 * The request wizard's catalogue (spec/request-lifecycle.md §7). No token: a visitor fills the
 * wizard and is asked to sign in only when sending the request.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // The area check and the wait-list take input from anyone: the standard per-IP ceiling.
  const ipLimit = { rateLimit: { max: IP_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  app.get(
    '/api/customer/get_move_type',
    {
      // The same for every visitor and rarely edited: revalidated, not downloaded again.
      onSend: revalidate,
      schema: {
        tags: ['catalogue'],
        summary: 'Move sizes of wizard step 1, in order',
        response: responses(getMoveTypeResponseSchema),
      },
    },
    async () => ({
      code: 200,
      message: MSG.ok,
      data: { moveTypeItems: await listMoveTypes({ db: app.db }) },
    }),
  );

  app.post(
    '/api/customer/get_item_categories_by_type',
    {
      // The same for every visitor and rarely edited: revalidated, not downloaded again.
      onSend: revalidate,
      schema: {
        tags: ['catalogue'],
        summary: "Room types (type '1') or extra-item groups (type '2')",
        body: getItemCategoriesByTypeBodySchema,
        response: responses(getItemCategoriesByTypeResponseSchema),
      },
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: { items: await listItemCategories({ db: app.db, type: Number(request.body.type) }) },
    }),
  );

  app.post(
    '/api/customer/get_item',
    {
      // The same for every visitor and rarely edited: revalidated, not downloaded again.
      onSend: revalidate,
      schema: {
        tags: ['catalogue'],
        summary: "All regular items (type '1') or the extra items (type '2')",
        body: getItemBodySchema,
        response: responses(catalogueItemsResponseSchema),
      },
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: {
        items: (await listItems({ db: app.db, type: request.body.type })).map(toCatalogueItem),
      },
    }),
  );

  app.post(
    '/api/customer/get_item_by_category_id',
    {
      // The same for every visitor and rarely edited: revalidated, not downloaded again.
      onSend: revalidate,
      schema: {
        tags: ['catalogue'],
        summary: "The items of one category: type '' regular, '2' extra",
        body: getItemByCategoryIdBodySchema,
        response: responses(catalogueItemsResponseSchema),
      },
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: {
        items: (
          await listItems({
            db: app.db,
            type: request.body.type === ItemType.extra ? ItemType.extra : ItemType.regular,
            categoryId: request.body.category_id,
          })
        ).map(toCatalogueItem),
      },
    }),
  );

  app.post(
    '/api/customer/check_service_area',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Code 200 when the zip code is served; 400 with the not-in-area message',
        body: checkServiceAreaBodySchema,
        response: responses(okEnvelopeSchema, 400),
      },
      config: ipLimit,
    },
    async (request) => {
      await assertServedZip({ db: app.db, zipCode: request.body.zip_code });
      return { code: 200, message: 'Your area is served.' };
    },
  );

  // The wizard's own question: "not served yet" is an expected answer that leads to the
  // wait-list, so it comes back 200 and never shows as an error in the browser.
  app.get(
    '/api/customer/service_area',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Whether a zip code is served: 200 with served true or false',
        querystring: serviceAreaQuerySchema,
        response: responses(serviceAreaResponseSchema),
      },
      config: ipLimit,
    },
    async (request) => {
      const zipCode = request.query.zip_code;
      const served = await isServedZip({ db: app.db, zipCode });
      return {
        code: 200,
        message: served ? 'Your area is served.' : MSG.notInArea,
        data: { zip_code: zipCode, served },
      };
    },
  );

  app.post(
    '/api/customer/add_wishlist_area',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Puts an email and zip code on the wait-list (idempotent)',
        body: addWishlistAreaBodySchema,
        response: responses(okEnvelopeSchema),
      },
      config: ipLimit,
    },
    async (request) => {
      await addToWaitlist({
        db: app.db,
        email: request.body.email,
        zipCode: request.body.zip_code,
      });
      return { code: 200, message: MSG.waitlistAdded };
    },
  );

  app.post(
    '/api/customer/calculate_estimated_price',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The estimated price range of the wizard payload (shared estimate model)',
        body: calculateEstimatedPriceBodySchema,
        response: responses(calculateEstimatedPriceResponseSchema, 400),
      },
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: await estimateMovePrice({ db: app.db, body: request.body }),
    }),
  );
};
