import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/** A company's public face: name, about text, picture, contact, fleet size. */
export const companyProfiles = pgTable(
  'company_profiles',
  {
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
    // The company's confirmation letter (HTML with {{placeholders}}; decision 016), filled with a
    // direct request's details when the company sends it; null takes the built-in template.
    letterTemplate: text('letter_template'),
    createdAt: createdAt(),
  },
  (t) => [
    check('company_profiles_rating_ck', sql`${t.rating} between 0 and 5`),
    check('company_profiles_counts_ck', sql`${t.truckCount} >= 0 and ${t.completedMoves} >= 0`),
  ],
);

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
      .references(() => companyProfiles.userId, { onDelete: 'cascade' }),
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

/** A company's foremen (user_type 3): each belongs to one company. */
export const companyForemen = pgTable(
  'company_foremen',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companyProfiles.userId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // A foreman the company removed whose finished jobs still name him: the row stays, so that
    // those jobs keep referencing one of the company's foremen, but he is no longer one to give work.
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('company_foremen_company_idx').on(t.companyId),
    // What a request's (foreman, company) pair references.
    uniqueIndex('company_foremen_user_company_uq').on(t.userId, t.companyId),
  ],
);

/** A company's trucks (spec §3: truck_array of name); truck_count on the profile counts them. */
export const companyTrucks = pgTable(
  'company_trucks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companyProfiles.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('company_trucks_company_idx').on(t.companyId)],
);

/**
 * The zip codes a company serves: a request is open to it for bids when its pick-up address is
 * in one of them.
 */
export const companyServiceZips = pgTable(
  'company_service_zips',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companyProfiles.userId, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.zipCode] }),
    index('company_service_zips_zip_idx').on(t.zipCode),
  ],
);
