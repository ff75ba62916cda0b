import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  uniqueIndex,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { TIMELINE_STATUSES } from '@movehub/shared';
import { createdAt, inList, updatedAt } from './columns';
import { users } from './accounts';
import { companyProfiles, companyTrucks } from './companies';
import { requests } from './requests';

/**
 * The comment thread of a request (spec §3 Comment): top-level comments (parent_id null) and
 * their replies. sender_type 0 is the company, 1 the customer.
 */
export const requestComments = pgTable(
  'request_comments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => requestComments.id, {
      onDelete: 'cascade',
    }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderType: smallint('sender_type').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('request_comments_request_idx').on(t.requestId, t.id),
    // A request's threads (top-level comments) page by page, newest first (get_comments).
    index('request_comments_thread_idx')
      .on(t.requestId, t.id)
      .where(sql`${t.parentId} is null`),
    index('request_comments_parent_idx').on(t.parentId),
    index('request_comments_sender_idx').on(t.senderId),
    check('request_comments_sender_type_ck', sql`${t.senderType} in (0, 1)`),
  ],
);

/**
 * Every change of a request's timeline status: from, to, who and when. Written by the lifecycle
 * service in the transaction of the change, so the history is the truth of what happened.
 */
export const requestStatusHistory = pgTable(
  'request_status_history',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    // customer, company, foreman or system (packages/shared LIFECYCLE_ACTORS)
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_status_history_request_idx').on(t.requestId, t.id),
    index('request_status_history_actor_idx').on(t.actorId),
    check('request_status_history_to_ck', inList(t.toStatus, TIMELINE_STATUSES)),
    check(
      'request_status_history_from_ck',
      sql`${t.fromStatus} is null or ${inList(t.fromStatus, TIMELINE_STATUSES)}`,
    ),
    check(
      'request_status_history_actor_ck',
      sql`${t.actorType} in ('customer', 'company', 'foreman', 'system')`,
    ),
  ],
);

/** The trucks a company assigned to a request (spec §3 truck_array). */
export const requestTrucks = pgTable(
  'request_trucks',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    truckId: integer('truck_id')
      .notNull()
      .references(() => companyTrucks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.truckId] }),
    index('request_trucks_truck_idx').on(t.truckId),
  ],
);

/**
 * What a customer said of a company after a move (spec §3 Feedback and Review): the rating and
 * comment of the company, the company's rating of the customer, and the tip. request_id is null
 * only for reviews carried over from before the company joined (the demo's history).
 */
export const companyReviews = pgTable(
  'company_reviews',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companyProfiles.userId, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: integer('request_id').references((): AnyPgColumn => requests.id, {
      onDelete: 'cascade',
    }),
    // Shown when the customer has no account here (a carried-over review).
    reviewerFirstName: text('reviewer_first_name').notNull(),
    reviewerLastName: text('reviewer_last_name').notNull(),
    reviewerPicture: text('reviewer_picture'),
    companyRating: doublePrecision('company_rating').notNull(),
    companyComment: text('company_comment'),
    customerRating: doublePrecision('customer_rating'),
    customerComment: text('customer_comment'),
    tipCents: integer('tip_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_reviews_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('company_reviews_request_uq').on(t.requestId),
    index('company_reviews_customer_idx').on(t.customerId),
    check('company_reviews_rating_ck', sql`${t.companyRating} between 0 and 5`),
    check('company_reviews_customer_rating_ck', sql`${t.customerRating} between 0 and 5`),
    check('company_reviews_tip_ck', sql`${t.tipCents} >= 0`),
  ],
);

export const requestCommentsRelations = relations(requestComments, ({ one, many }) => ({
  request: one(requests, { fields: [requestComments.requestId], references: [requests.id] }),
  // A thread: a top-level comment and its replies (spec §3 Comment: child_comments).
  parent: one(requestComments, {
    fields: [requestComments.parentId],
    references: [requestComments.id],
    relationName: 'comment_replies',
  }),
  replies: many(requestComments, { relationName: 'comment_replies' }),
  sender: one(users, { fields: [requestComments.senderId], references: [users.id] }),
  // A company's comment shows its company profile (spec §3 Comment: parent_comment_profile).
  senderCompany: one(companyProfiles, {
    fields: [requestComments.senderId],
    references: [companyProfiles.userId],
  }),
}));
export const requestTrucksRelations = relations(requestTrucks, ({ one }) => ({
  request: one(requests, { fields: [requestTrucks.requestId], references: [requests.id] }),
  truck: one(companyTrucks, { fields: [requestTrucks.truckId], references: [companyTrucks.id] }),
}));
export const companyReviewsRelations = relations(companyReviews, ({ one }) => ({
  request: one(requests, { fields: [companyReviews.requestId], references: [requests.id] }),
}));
