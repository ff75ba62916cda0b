import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACTIVE_REQUEST_STATUS,
  ADDITIONAL_STATUSES,
  MARKETPLACE_REQUEST_TYPE,
  OPEN_FOR_BIDS_TIMELINE,
  REQUEST_STATUSES,
  TIMELINE_STATUSES,
} from '@movehub/shared';
import { createdAt, inList, updatedAt } from './columns';
import { users } from './accounts';
import { catalogueItems, moveTypes } from './catalogue';
import { companyDirectLinks, companyForemen, companyProfiles } from './companies';
import { companyReviews, requestComments, requestTrucks } from './lifecycle';

/**
 * A move request. Money is integer cents; the wire shows dollars. Status columns follow
 * spec/request-lifecycle.md §4: request_status 0 active / 1 done / 2 cancelled, and
 * request_timeline_status 0..8 and 11.
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    // Null for a direct request nobody has claimed yet: a caller without a token never attaches
    // a request to an account (the email's owner confirms through the emailed link).
    customerId: integer('customer_id').references(() => users.id),
    // Direct requests go to one company from its link; 0 means an open marketplace request.
    requestType: smallint('request_type').notNull().default(0),
    requestStatus: smallint('request_status').notNull().default(0),
    timelineStatus: smallint('request_timeline_status').notNull().default(0),
    additionalStatus: smallint('additional_status').notNull().default(0),
    // The company's profile: a company without one cannot win or be sent a request.
    companyId: integer('company_id').references(() => companyProfiles.userId),
    // The bid the customer accepted (spec §4: status 1 → 2) and when; the foreman the company
    // assigned (status 3 → 4).
    acceptedBidId: integer('accepted_bid_id').references((): AnyPgColumn => requestBids.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    foremanId: integer('foreman_id').references(() => users.id),
    moveDate: date('move_date', { mode: 'string' }).notNull(),
    moveTime: text('s_time'),
    windowFrom: text('start_window_from'),
    windowTo: text('start_window_to'),
    moveTypeId: integer('move_type_id').references(() => moveTypes.id),
    movers: smallint('movers'),
    netDistanceMiles: doublePrecision('net_distance_miles').notNull().default(0),
    // The zip of the pick-up address (the first by position), kept by the request's commands
    // whenever its addresses change (domain/request/pick-up-zip.ts): the companies' feed filters
    // on it through requests_open_pick_up_zip_idx instead of reading every open request's
    // addresses.
    pickUpZip: text('pick_up_zip'),
    recommendAmountCents: integer('recommend_amount_cents'),
    customerBudgetCents: integer('customer_budget_cents'),
    finalAmountCents: integer('final_amount_cents'),
    discountPercent: integer('discount_percent').notNull().default(0),
    finalComment: text('final_comment'),
    publicAccessLink: text('public_access_link').notNull(),
    scheduleTime: text('schedule_time'),
    // SEQUENCE of the move's calendar invite (RFC 5545): raised when the date or window changes
    // and when the move is cancelled, so calendars replace the event they hold.
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // Direct requests (spec §5 step 7, direct-link mode): the contact fields as entered, and the
    // sales-team member who posted the request on the customer's behalf.
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    // The company's direct link the request came through (either path), so the company sees what
    // each link brought; null for a marketplace request. Links are disabled, never deleted.
    directLinkId: integer('direct_link_id').references(() => companyDirectLinks.id, {
      onDelete: 'set null',
    }),
    // sha-256 of the direct link, contact and payload: an identical direct submit within
    // DIRECT_DEDUPE_MINUTES answers with this request instead of making a second one.
    submissionHash: text('submission_hash'),
    // A direct request's price (spec §2 summary card, §3 Request): its company sets it with the
    // confirmation letter (send_confirmation_letter). Money in cents, like every amount here.
    rateMethod: text('rate_method'),
    paymentMethod: text('payment_method'),
    cashPaymentRateCents: integer('cash_payment_rate_cents'),
    cardPaymentRateCents: integer('card_payment_rate_cents'),
    minimumHours: doublePrecision('minimum_hours'),
    cashMinFlatRateCents: integer('cash_min_flat_rate_cents'),
    cashMaxFlatRateCents: integer('cash_max_flat_rate_cents'),
    cardMinFlatRateCents: integer('card_min_flat_rate_cents'),
    cardMaxFlatRateCents: integer('card_max_flat_rate_cents'),
    // The confirmation letter as sent (the company's template filled and sanitised once, so the
    // customer signs exactly the text they read), and the signed PDF (decision 016).
    letterHtml: text('confirmation_letter_html'),
    letterSentAt: timestamp('letter_sent_at', { withTimezone: true }),
    letterPdfUrl: text('confirmation_letter_pdf'),
    letterSignedAt: timestamp('letter_signed_at', { withTimezone: true }),
    letterSignerName: text('letter_signer_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requests_customer_status_idx').on(t.customerId, t.requestStatus, t.id),
    uniqueIndex('requests_public_link_uq').on(t.publicAccessLink),
    // A company's requests (direct ones, and those it won) and a sales member's are looked up by these.
    index('requests_company_status_idx').on(t.companyId, t.requestStatus, t.id),
    // A company's requests newest first across statuses (its jobs, its payouts): a page's cost
    // follows the page, which requests_company_status_idx cannot give without the status.
    index('requests_company_id_idx').on(t.companyId, t.id),
    index('requests_created_by_idx').on(t.createdByUserId),
    // A link's requests, newest first, and each link's count.
    index('requests_direct_link_idx').on(t.directLinkId, t.id),
    index('requests_move_type_idx').on(t.moveTypeId),
    index('requests_submission_hash_idx').on(t.submissionHash, t.createdAt),
    // Companies look for requests open for bids (spec §4: statuses 0 and 1).
    index('requests_open_idx').on(t.requestStatus, t.timelineStatus, t.id),
    // A company's feed (open_requests): per zip it serves, the open ones newest first. Partial:
    // only requests open for bids (lifecycle's openForBidsSql, whose literals it repeats).
    index('requests_open_pick_up_zip_idx')
      .on(t.pickUpZip, t.id)
      .where(
        sql.raw(
          `request_type = ${MARKETPLACE_REQUEST_TYPE} and request_status = ${ACTIVE_REQUEST_STATUS}` +
            ` and request_timeline_status in (${OPEN_FOR_BIDS_TIMELINE.join(', ')})`,
        ),
      ),
    // A foreman's jobs, and the (foreman, company) pair that references his company's foremen.
    index('requests_foreman_idx').on(t.foremanId, t.companyId),
    index('requests_accepted_bid_idx').on(t.acceptedBidId),
    // The foreman is one of the request's company's foremen (company_foremen's unique pair).
    foreignKey({
      name: 'requests_foreman_of_company_fk',
      columns: [t.foremanId, t.companyId],
      foreignColumns: [companyForemen.userId, companyForemen.companyId],
    }),
    check('requests_final_amount_ck', sql`${t.finalAmountCents} >= 0`),
    check('requests_recommend_amount_ck', sql`${t.recommendAmountCents} >= 0`),
    check('requests_customer_budget_ck', sql`${t.customerBudgetCents} >= 0`),
    check('requests_discount_ck', sql`${t.discountPercent} between 0 and 100`),
    check('requests_movers_ck', sql`${t.movers} > 0`),
    check('requests_distance_ck', sql`${t.netDistanceMiles} >= 0`),
    check(
      'requests_rates_ck',
      sql`${t.cashPaymentRateCents} >= 0 and ${t.cardPaymentRateCents} >= 0 and ${t.minimumHours} >= 0
        and ${t.cashMinFlatRateCents} >= 0 and ${t.cashMaxFlatRateCents} >= 0
        and ${t.cardMinFlatRateCents} >= 0 and ${t.cardMaxFlatRateCents} >= 0`,
    ),
    check('requests_request_type_ck', sql`${t.requestType} >= 0`),
    // The statuses the shared lifecycle defines (packages/shared rules/lifecycle.ts).
    check('requests_status_ck', inList(t.requestStatus, REQUEST_STATUSES)),
    check('requests_timeline_status_ck', inList(t.timelineStatus, TIMELINE_STATUSES)),
    check('requests_additional_status_ck', inList(t.additionalStatus, ADDITIONAL_STATUSES)),
    check('requests_rate_method_ck', sql`${t.rateMethod} in ('Hourly', 'Flat')`),
    check('requests_payment_method_ck', sql`${t.paymentMethod} in ('Cash', 'Card')`),
  ],
);

/**
 * The emailed confirmation link of a direct request ("Is this your request?"): single use,
 * expiring, only the token's hash kept. Whoever opens it proves the contact email, so the
 * request joins that email's account (created with a password when there is none).
 */
export const requestClaims = pgTable(
  'request_claims',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('request_claims_token_hash_uq').on(t.tokenHash),
    index('request_claims_email_idx').on(t.email),
    index('request_claims_request_idx').on(t.requestId),
  ],
);

/**
 * The first answer to a create-request call per (scope, Idempotency-Key), replayed to a repeat
 * within IDEMPOTENCY_HOURS. The scope is the caller (customer id, or the direct path); the
 * fingerprint is the body's hash, so a key reused with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const requestAddresses = pgTable(
  'request_addresses',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    // 1 pick-up, 2 drop-off
    addressType: smallint('address_type').notNull(),
    completeAddress: text('complete_address').notNull(),
    streetAddress: text('street_address'),
    zipCode: text('zip_code'),
    apartmentNumber: text('apartment_number'),
    addressDetail: text('address_detail'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    isStorage: boolean('is_storage').notNull().default(false),
    isStairs: boolean('is_stairs').notNull().default(false),
    isElevator: boolean('is_elevator').notNull().default(false),
    isHardwoodFloor: boolean('is_hardwood_floor').notNull().default(false),
    numberOfFlights: smallint('number_of_flights').notNull().default(0),
    parkingAndBuildingInfo: text('parking_and_building_info'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // The position is its zip code's centre, not the street's (issue 31): the offline gazetteer
    // places a typed street there, and maps and the company say 'approximate location'.
    isApproximateLocation: boolean('is_approximate_location').notNull().default(false),
  },
  (t) => [
    index('request_addresses_request_idx').on(t.requestId, t.position),
    check('request_addresses_type_ck', sql`${t.addressType} in (1, 2)`),
    check('request_addresses_flights_ck', sql`${t.numberOfFlights} >= 0`),
    check('request_addresses_latitude_ck', sql`${t.latitude} between -90 and 90`),
    check('request_addresses_longitude_ck', sql`${t.longitude} between -180 and 180`),
  ],
);

/** A company's bid on a request; status 0 open, 1 accepted, 2 withdrawn or deleted by the customer. */
export const requestBids = pgTable(
  'request_bids',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companyProfiles.userId),
    bidAmountCents: integer('bid_amount_cents').notNull(),
    // The crew the company offers (spec §4: from status 2 the movers come from the accepted bid).
    movers: smallint('movers'),
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('request_bids_request_company_uq').on(t.requestId, t.companyId),
    // A company's own bids (its dashboard): request_id leads the unique index, so it cannot serve.
    index('request_bids_company_idx').on(t.companyId, t.status),
    check('request_bids_status_ck', sql`${t.status} in (0, 1, 2)`),
    check('request_bids_amount_ck', sql`${t.bidAmountCents} > 0`),
    check('request_bids_movers_ck', sql`${t.movers} > 0`),
  ],
);

// Relations let one query fetch a request with its addresses, bids and company (json aggregation
// in PostgreSQL) instead of one round trip per kind.
export const requestsRelations = relations(requests, ({ many, one }) => ({
  addresses: many(requestAddresses),
  bids: many(requestBids),
  company: one(companyProfiles, {
    fields: [requests.companyId],
    references: [companyProfiles.userId],
  }),
  // The request detail reads everything below in the same one query (no query per address,
  // item or comment).
  customer: one(users, {
    fields: [requests.customerId],
    references: [users.id],
    relationName: 'requestCustomer',
  }),
  foreman: one(users, {
    fields: [requests.foremanId],
    references: [users.id],
    relationName: 'requestForeman',
  }),
  acceptedBid: one(requestBids, {
    fields: [requests.acceptedBidId],
    references: [requestBids.id],
    relationName: 'acceptedBid',
  }),
  moveType: one(moveTypes, { fields: [requests.moveTypeId], references: [moveTypes.id] }),
  items: many(requestItems),
  timeline: many(requestTimeline),
  comments: many(requestComments),
  trucks: many(requestTrucks),
  // company_reviews.request_id is unique: at most one feedback per request.
  review: one(companyReviews, {
    fields: [requests.id],
    references: [companyReviews.requestId],
  }),
}));
export const requestAddressesRelations = relations(requestAddresses, ({ one }) => ({
  request: one(requests, { fields: [requestAddresses.requestId], references: [requests.id] }),
}));
export const requestBidsRelations = relations(requestBids, ({ one }) => ({
  request: one(requests, { fields: [requestBids.requestId], references: [requests.id] }),
}));
/**
 * The items of a request (spec §3 Server request item): regular ('1') and extra ('2') lines in
 * the order sent. catalogue_item_id is null for a custom item; the name, size and price are
 * copied so that a later catalogue change does not rewrite the request.
 */
export const requestItems = pgTable(
  'request_items',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    catalogueItemId: integer('catalogue_item_id').references(() => catalogueItems.id),
    name: text('name').notNull(),
    categoryName: text('category_name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    // '0' Extra Small … '4' Extra Large
    size: text('size').notNull().default('0'),
    // '1' regular, '2' extra
    type: text('type').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    additionalInfo: text('additional_info'),
    // '1' custom (spec §3 Item.added_by_type)
    addedByType: text('added_by_type'),
    position: smallint('position').notNull(),
  },
  (t) => [
    index('request_items_request_idx').on(t.requestId, t.position),
    index('request_items_catalogue_item_idx').on(t.catalogueItemId),
    check('request_items_quantity_ck', sql`${t.quantity} between 0 and 999`),
    check('request_items_unit_price_ck', sql`${t.unitPriceCents} >= 0`),
    check('request_items_size_ck', sql`${t.size} in ('0', '1', '2', '3', '4')`),
    check('request_items_type_ck', sql`${t.type} in ('1', '2')`),
  ],
);

/** Photos of a request item (spec: request_item_image_models, at most 3 per item). */
export const requestItemImages = pgTable(
  'request_item_images',
  {
    id: serial('id').primaryKey(),
    requestItemId: integer('request_item_id')
      .notNull()
      .references(() => requestItems.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
  },
  (t) => [index('request_item_images_item_idx').on(t.requestItemId)],
);

/** A request's timeline (spec §3 Timeline entry: activity_title, activity_datetime). */
export const requestTimeline = pgTable(
  'request_timeline',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    activityTitle: text('activity_title').notNull(),
    activityDatetime: timestamp('activity_datetime', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_timeline_request_idx').on(t.requestId, t.id)],
);

export const requestItemsRelations = relations(requestItems, ({ many, one }) => ({
  request: one(requests, { fields: [requestItems.requestId], references: [requests.id] }),
  images: many(requestItemImages),
}));
export const requestItemImagesRelations = relations(requestItemImages, ({ one }) => ({
  item: one(requestItems, {
    fields: [requestItemImages.requestItemId],
    references: [requestItems.id],
  }),
}));
export const requestTimelineRelations = relations(requestTimeline, ({ one }) => ({
  request: one(requests, { fields: [requestTimeline.requestId], references: [requests.id] }),
}));
