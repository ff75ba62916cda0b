import type { Notification } from '@movehub/shared';
import type { notifications } from '../../db/schema';

type NotificationRow = typeof notifications.$inferSelect;

/** A notification as get_notification and the realtime `notification` event send it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    action_value: row.requestId,
    message_body: row.messageBody,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
  };
}
