import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** Admin-editable HTML settings (About Us and its sections); sanitised when written. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
