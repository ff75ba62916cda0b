import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/** A company's public face: name, about text, picture, contact, fleet size. */
export const companyProfiles = pgTable('company_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  about: text('about'),
  profilePicture: text('profile_picture'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  truckCount: integer('truck_count').notNull().default(0),
  rating: doublePrecision('rating').notNull().default(0),
  completedMoves: integer('completed_moves').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A company's direct link (/create-request/{link}): made by the company itself or by a member
 * of its sales team (user_type 4), whose requests go through the sale_team path.
 */
export const companyDirectLinks = pgTable(
  'company_direct_links',
  {
    id: serial('id').primaryKey(),
    link: text('link').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_direct_links_link_uq').on(t.link),
    index('company_direct_links_company_idx').on(t.companyId),
    index('company_direct_links_created_by_idx').on(t.createdByUserId),
  ],
);
