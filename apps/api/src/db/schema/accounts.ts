import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { requests } from './requests';

/** An email attachment as the outbox keeps it. */
export interface MailAttachmentRow {
  filename: string;
  contentType: string;
  content: string;
}

/** Every person who signs in: customers (1), companies (2), foremen (3), sales team (4). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: smallint('user_type').notNull(),
    // Stored lower-cased; one account per email and user type.
    email: text('email').notNull(),
    // argon2id hash (a former scrypt one until its owner's next login, see password.ts); null
    // for accounts that only sign in through a provider.
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    loginBy: text('login_by').notNull().default('app'),
    howFoundUs: text('how_found_us'),
    inviteFriendCode: text('invite_friend_code'),
    referredById: integer('referred_by_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
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
    index('users_referred_by_idx').on(t.referredById),
    check('users_user_type_ck', sql`${t.userType} in (1, 2, 3, 4)`),
    check('users_customer_rating_ck', sql`${t.customerRating} between 0 and 5`),
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

/** Email and SMS the product sends; in the embedded mode this table is the delivery. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    // Files sent with an email (e.g. a calendar invite), as text.
    attachments: jsonb('attachments').$type<MailAttachmentRow[]>(),
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
  (t) => [
    uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
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
  (t) => [
    uniqueIndex('user_identities_provider_subject_uq').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
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
    discountRequestId: integer('discount_request_id').references((): AnyPgColumn => requests.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId),
    index('referrals_discount_request_idx').on(t.discountRequestId),
  ],
);
