import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IP_LIMIT_PER_MINUTE, ItemType, MSG, type ApiAnswer, type ApiCall } from '@movehub/shared';
import { sendSharedAnswer } from '../../lib/http-cache';
import { apiRoute } from '../../lib/api-route';
import { toCatalogueItem } from './catalogue.wire';
import {
  addToWaitlist,
  CATALOGUE_ANSWERS,
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
  // The catalogue reads are the same for every visitor and rarely edited: kept serialized in
  // this process and revalidated by ETag, not read nor downloaded again (lib/http-cache.ts).
  const shared = <K extends ApiCall>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<ApiAnswer<K>>,
  ) => sendSharedAnswer(request, reply, { db: app.db, key: `${CATALOGUE_ANSWERS}${key}`, read });

  app.route({
    ...apiRoute('GET /api/customer/get_move_type', {
      tags: ['catalogue'],
      summary: 'Move sizes of wizard step 1, in order',
    }),
    handler: (request, reply) =>
      shared<'GET /api/customer/get_move_type'>(request, reply, 'move-types', async () => ({
        code: 200,
        message: MSG.ok,
        data: { moveTypeItems: await listMoveTypes({ db: app.db }) },
      })),
  });

  app.route({
    ...apiRoute('POST /api/customer/get_item_categories_by_type', {
      tags: ['catalogue'],
      summary: "Room types (type '1') or extra-item groups (type '2')",
    }),
    handler: (request, reply) => {
      const type = Number(request.body.type);
      return shared<'POST /api/customer/get_item_categories_by_type'>(
        request,
        reply,
        `categories:${type}`,
        async () => ({
          code: 200,
          message: MSG.ok,
          data: { items: await listItemCategories({ db: app.db, type }) },
        }),
      );
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/get_item', {
      tags: ['catalogue'],
      summary: "All regular items (type '1') or the extra items (type '2')",
    }),
    handler: (request, reply) => {
      const { type } = request.body;
      return shared<'POST /api/customer/get_item'>(request, reply, `items:${type}`, async () => ({
        code: 200,
        message: MSG.ok,
        data: { items: (await listItems({ db: app.db, type })).map(toCatalogueItem) },
      }));
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/get_item_by_category_id', {
      tags: ['catalogue'],
      summary: "The items of one category: type '' regular, '2' extra",
    }),
    handler: (request, reply) => {
      const type = request.body.type === ItemType.extra ? ItemType.extra : ItemType.regular;
      const categoryId = request.body.category_id;
      return shared<'POST /api/customer/get_item_by_category_id'>(
        request,
        reply,
        `items:${type}:${categoryId}`,
        async () => ({
          code: 200,
          message: MSG.ok,
          data: {
            items: (await listItems({ db: app.db, type, categoryId })).map(toCatalogueItem),
          },
        }),
      );
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/check_service_area', {
      tags: ['catalogue'],
      summary: 'Code 200 when the zip code is served; 400 with the not-in-area message',
      failures: [400],
    }),
    config: ipLimit,
    handler: async (request) => {
      await assertServedZip({ db: app.db, zipCode: request.body.zip_code });
      return { code: 200, message: 'Your area is served.' };
    },
  });

  // The wizard's own question: "not served yet" is an expected answer that leads to the
  // wait-list, so it comes back 200 and never shows as an error in the browser.
  app.route({
    ...apiRoute('GET /api/customer/service_area', {
      tags: ['catalogue'],
      summary: 'Whether a zip code is served: 200 with served true or false',
    }),
    config: ipLimit,
    handler: async (request) => {
      const zipCode = request.query.zip_code;
      const served = await isServedZip({ db: app.db, zipCode });
      return {
        code: 200,
        message: served ? 'Your area is served.' : MSG.notInArea,
        data: { zip_code: zipCode, served },
      };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/add_wishlist_area', {
      tags: ['catalogue'],
      summary: 'Puts an email and zip code on the wait-list (idempotent)',
    }),
    config: ipLimit,
    handler: async (request) => {
      await addToWaitlist({
        db: app.db,
        email: request.body.email,
        zipCode: request.body.zip_code,
      });
      return { code: 200, message: MSG.waitlistAdded };
    },
  });

  app.route({
    ...apiRoute('POST /api/customer/calculate_estimated_price', {
      tags: ['catalogue'],
      summary: 'The estimated price range of the wizard payload (shared estimate model)',
      failures: [400],
    }),
    handler: async (request) => ({
      code: 200,
      message: MSG.ok,
      data: await estimateMovePrice({ db: app.db, body: request.body }),
    }),
  });
};
