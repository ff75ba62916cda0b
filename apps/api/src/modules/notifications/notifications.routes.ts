import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, signedIn } from '../../plugins/auth';
import { listNotifications, markAllRead, markRead } from './notifications.service';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('GET /app_api/get_notification', {
      tags: ['notifications'],
      summary:
        'The bell: one page of notifications newest first (limit, before_id; next_before_id), and the count of all the unread ones',
      failures: [401],
    }),
    config: signedIn,
    handler: async (request) => {
      const { limit, before_id } = request.query;
      const { notifications, unreadCount, nextBeforeId } = await listNotifications({
        db: app.db,
        userId: authOf(request).user.id,
        page: { limit, before_id },
      });
      return {
        code: 200,
        message: notifications.length > 0 ? MSG.ok : MSG.noNotifications,
        data: notifications,
        notification_count: unreadCount,
        next_before_id: nextBeforeId,
      };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/mark_notification_read', {
      tags: ['notifications'],
      summary: "Mark one notification (notification_id) or all (read_all '1') read",
      failures: [401, 404],
    }),
    config: signedIn,
    handler: async (request) => {
      const userId = authOf(request).user.id;
      const { read_all, notification_id } = request.body;
      if (read_all === '1') await markAllRead({ db: app.db, userId });
      else await markRead({ db: app.db, userId, notificationId: Number(notification_id) });
      return { code: 200, message: MSG.notificationsRead };
    },
  });
};
