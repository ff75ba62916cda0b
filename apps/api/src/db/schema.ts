import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Every person who signs in: customers (1), companies (2), foremen (3), sales team (4). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: smallint('user_type').notNull(),
    // Stored lower-cased; one account per email and user type.
    email: text('email').notNull(),
    // scrypt hash (see password.ts); null for accounts that only sign in through a provider.
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    loginBy: text('login_by').notNull().default('app'),
    howFoundUs: text('how_found_us'),
    inviteFriendCode: text('invite_friend_code'),
    referredById: integer('referred_by_id'),
    // The chat room of this person (spec: the socket connects with the user's room_id).
    roomId: text('room_id').notNull(),
    // Average of the ratings companies gave this customer; kept by the feedback service.
    customerRating: doublePrecision('customer_rating').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_type_uq').on(t.email, t.userType),
    uniqueIndex('users_room_id_uq').on(t.roomId),
    uniqueIndex('users_invite_code_uq').on(t.inviteFriendCode),
  ],
);

/** Opaque session tokens: only the SHA-256 of the token is kept, so a database leak is no login. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

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
 * A move request. Money is integer cents; the wire shows dollars. Status columns follow
 * spec/request-lifecycle.md §4: request_status 0 active / 1 done / 2 cancelled, and
 * request_timeline_status 0..8 and 11.
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    // Direct requests go to one company from its link; 0 means an open marketplace request.
    requestType: smallint('request_type').notNull().default(0),
    requestStatus: smallint('request_status').notNull().default(0),
    timelineStatus: smallint('request_timeline_status').notNull().default(0),
    additionalStatus: smallint('additional_status').notNull().default(0),
    companyId: integer('company_id').references(() => users.id),
    moveDate: date('move_date', { mode: 'string' }).notNull(),
    moveTime: text('s_time'),
    windowFrom: text('start_window_from'),
    windowTo: text('start_window_to'),
    moveTypeId: integer('move_type_id'),
    movers: smallint('movers'),
    netDistanceMiles: doublePrecision('net_distance_miles').notNull().default(0),
    recommendAmountCents: integer('recommend_amount_cents'),
    customerBudgetCents: integer('customer_budget_cents'),
    finalAmountCents: integer('final_amount_cents'),
    discountPercent: integer('discount_percent').notNull().default(0),
    finalComment: text('final_comment'),
    publicAccessLink: text('public_access_link').notNull(),
    scheduleTime: text('schedule_time'),
    // Direct requests (spec §5 step 7, direct-link mode): the contact fields as entered, and the
    // sales-team member who posted the request on the customer's behalf.
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requests_customer_status_idx').on(t.customerId, t.requestStatus, t.id),
    uniqueIndex('requests_public_link_uq').on(t.publicAccessLink),
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
  },
  (t) => [index('request_addresses_request_idx').on(t.requestId, t.position)],
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
      .references(() => users.id),
    bidAmountCents: integer('bid_amount_cents').notNull(),
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('request_bids_request_company_uq').on(t.requestId, t.companyId)],
);

/** Email and SMS the product sends; in the embedded mode this table is the delivery. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(sql`lower(${t.toAddress})`, t.id)],
);

/**
 * One-time codes sent by email or SMS (sign-up, email and phone change). Only a hash of the code
 * is kept. A code is dead once verified, expired (10 minutes) or after 5 wrong tries; a verified
 * code stays usable as proof of the address for 30 minutes, once (consumed_at).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    // lower-cased email, or the phone in +1########## form
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.target, t.id)],
);

/** Password reset links: single use, 30 minutes; only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash)],
);

/** Google and Facebook accounts linked to a user (provider's stable subject id). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_uq').on(t.provider, t.subject)],
);

/** Who invited whom: one row per referred customer; the discount is spent on one request. */
export const referrals = pgTable(
  'referrals',
  {
    referredId: integer('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    // The request whose accepted bid received the referral discount; null while unspent.
    discountRequestId: integer('discount_request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId)],
);

/** In-app notifications (the bell and drawer); is_active true means unread. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The request the notification refers to (spec: action_value).
    requestId: integer('request_id'),
    messageBody: text('message_body').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** Admin-editable HTML settings (About Us and its sections); sanitised when written. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Files stored through the storage adapter, under random names. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadType: text('upload_type').notNull(),
  createdAt: createdAt(),
});

/** The customer's record at the payment provider (a Stripe Customer, or the sandbox's). */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gateway: text('gateway').notNull(),
  customerRef: text('customer_ref').notNull(),
  createdAt: createdAt(),
});

/**
 * The saved card (one per customer, spec/portal.md §2 My Cards). Only what the provider returns
 * is kept: brand, last four digits, expiry, holder name and billing address. Never the number
 * or the CVV.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    cardRef: text('card_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_cards_user_uq').on(t.userId)],
);

/**
 * The offline sandbox gateway's own records, standing in for the provider's: tokens made by the
 * browser's tokenise call (single use, no card number kept: only what a provider would return
 * and the outcome its test number asks for) and the operations it performed, by idempotency key.
 */
export const sandboxTokens = pgTable('sandbox_tokens', {
  token: text('token').primaryKey(),
  // The payment method the token became when attached (pm_sandbox_…).
  cardRef: text('card_ref').notNull().unique(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  holderName: text('holder_name'),
  outcome: text('outcome').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const sandboxOperations = pgTable('sandbox_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  kind: text('kind').notNull(),
  ref: text('ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

/**
 * Every call to the payment provider that moves money, by idempotency key (request id + action +
 * attempt). pending while the provider is asked; succeeded once the ledger entries are written
 * in the same transaction; failed when the provider refused or did not answer (a retry with the
 * same key asks the provider again, which answers with the first outcome).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestId: integer('request_id'),
    kind: text('kind', { enum: ['hold', 'release', 'refund', 'tip'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    gatewayRef: text('gateway_ref'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_idempotency_key_uq').on(t.idempotencyKey)],
);

/** A balanced set of ledger entries: its amounts sum to zero (checked at commit by a trigger). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    requestId: integer('request_id'),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key_uq').on(t.idempotencyKey)],
);

/**
 * Double-entry lines in integer cents. Accounts are named by kind and owner: customer_card:{user},
 * escrow:{request}, company_payable:{company}, tips_payable:{company}, platform_fees.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_transaction_idx').on(t.transactionId),
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
}));
export const requestAddressesRelations = relations(requestAddresses, ({ one }) => ({
  request: one(requests, { fields: [requestAddresses.requestId], references: [requests.id] }),
}));
export const requestBidsRelations = relations(requestBids, ({ one }) => ({
  request: one(requests, { fields: [requestBids.requestId], references: [requests.id] }),
}));

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
  (t) => [index('request_items_request_idx').on(t.requestId, t.position)],
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
  (t) => [uniqueIndex('company_direct_links_link_uq').on(t.link)],
);
