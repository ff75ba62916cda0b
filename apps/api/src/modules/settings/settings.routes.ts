import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettingResponseSchema, MSG } from '@movehub/shared';
import { revalidate } from '../../lib/http-cache';
import { responses } from '../../lib/wire';
import { getSettings } from './settings.service';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §6: the about page reads this without any customer-specific rule, so no token.
  app.get(
    '/api/admin/get_setting',
    {
      // The same for every visitor and rarely edited: revalidated, not downloaded again.
      onSend: revalidate,
      schema: {
        tags: ['settings'],
        summary: 'About Us: the about text and its sections as sanitised HTML',
        response: responses(getSettingResponseSchema),
      },
    },
    async () => ({ code: 200, message: MSG.ok, setting_data: await getSettings({ db: app.db }) }),
  );
};
