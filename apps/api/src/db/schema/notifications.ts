import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { requests } from './requests';

/** In-app notifications (the bell and drawer); is_active true means unread. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The request the notification refers to (spec: action_value).
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    messageBody: text('message_body').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_request_idx').on(t.requestId),
  ],
);
