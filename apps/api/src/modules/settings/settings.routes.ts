import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, type ApiAnswer } from '@movehub/shared';
import { sendSharedAnswer } from '../../lib/http-cache';
import { apiRoute } from '../../lib/api-route';
import { getSettings, SETTINGS_ANSWER } from './settings.service';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §6: the about page reads this without any customer-specific rule, so no token.
  app.route({
    ...apiRoute('GET /api/admin/get_setting', {
      tags: ['settings'],
      summary: 'About Us: the about text and its sections as sanitised HTML',
    }),
    // The same for every visitor and rarely edited: kept serialized in this process and
    // revalidated by ETag, not read nor downloaded again (lib/http-cache.ts).
    handler: (request, reply) =>
      sendSharedAnswer(request, reply, {
        db: app.db,
        key: SETTINGS_ANSWER,
        read: async (): Promise<ApiAnswer<'GET /api/admin/get_setting'>> => ({
          code: 200,
          message: MSG.ok,
          setting_data: await getSettings({ db: app.db }),
        }),
      }),
  });
};
