import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@movehub/shared';
import { revalidate } from '../../lib/http-cache';
import { apiRoute } from '../../lib/api-route';
import { getSettings } from './settings.service';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §6: the about page reads this without any customer-specific rule, so no token.
  app.route({
    ...apiRoute('GET /api/admin/get_setting', {
      tags: ['settings'],
      summary: 'About Us: the about text and its sections as sanitised HTML',
    }),
    // The same for every visitor and rarely edited: revalidated, not downloaded again.
    onSend: revalidate,
    handler: async () => ({
      code: 200,
      message: MSG.ok,
      setting_data: await getSettings({ db: app.db }),
    }),
  });
};
