import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Catalogue categories: type 1 the room types of the wizard (and 'Common List', where custom and
 * common items live), type 2 the groups of extra items (packing materials). Reference data.
 */
export const CATEGORY_TYPE = { room: 1, extraGroup: 2 } as const;
export const itemCategories = pgTable(
  'item_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('item_categories_type_name_uq').on(t.type, t.name)],
);

/** Catalogue items (spec §3 Item): type '1' regular, '2' extra; size '0' Extra Small … '4'. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => itemCategories.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: text('size').notNull().default('0'),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    // The spec's `desciption`: the extra item's tooltip.
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('catalogue_items_category_name_uq').on(t.categoryId, t.name)],
);

/** Move sizes of wizard step 1, in the spec's wording (the movers default matches on it). */
export const moveTypes = pgTable(
  'move_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('move_types_name_uq').on(t.name)],
);

/** The zip codes we serve (check_service_area), with the gazetteer's city and centre. */
export const serviceZipCodes = pgTable('service_zip_codes', {
  zipCode: text('zip_code').primaryKey(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** The wait-list of unserved areas (add_wishlist_area); one row per email and zip. */
export const waitlistAreas = pgTable(
  'waitlist_areas',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    zipCode: text('zip_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_areas_email_zip_uq').on(sql`lower(${t.email})`, t.zipCode)],
);
