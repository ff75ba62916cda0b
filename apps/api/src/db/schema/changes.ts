import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { requests } from './requests';
import { payments } from './payments';

/**
 * A change a request's company proposes (spec §2 "Change confirmation", §4 "Change
 * confirmations"): one of four types (request: date, window, crew; address; items; extra-items)
 * with the proposed values (`proposal`, the shape of the type's propose_change body, validated
 * by the shared schema) and its price: the signed difference it makes to the final amount, in
 * cents. The request keeps its own values until the customer accepts; reject changes nothing.
 *
 * At most one open change per request and type (partial unique index): a second one is
 * refused (409) until the customer has answered the first, so the customer never accepts values
 * other than those the screen showed.
 *
 * A customer's edit of a paid direct request is stored here too, as 'awaiting_price' with price 0
 * and proposed_by the customer: the company prices it (price_change) and it becomes pending.
 *
 * `accepting_since` marks an accept whose money is at the provider (charged into or refunded
 * from escrow outside any transaction): a reject or a second accept meanwhile gets 409, and a
 * failed payment clears it, leaving the proposal pending. A mark older than the provider's time
 * limit is stale (the process ended mid-call) and may be taken over; the payment's idempotency
 * key makes the retry record the provider's first outcome once.
 */
export const requestChanges = pgTable(
  'request_changes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['request', 'address', 'items', 'extra-items'] }).notNull(),
    status: text('status', { enum: ['awaiting_price', 'pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    proposal: jsonb('proposal').notNull(),
    priceCents: integer('price_cents').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    acceptingSince: timestamp('accepting_since', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    // The movement an accept made at status 3 or above (a hold or a refund), if any.
    paymentId: integer('payment_id').references(() => payments.id),
  },
  (t) => [
    uniqueIndex('request_changes_one_open_uq')
      .on(t.requestId, t.type)
      .where(sql`${t.status} in ('awaiting_price', 'pending')`),
    index('request_changes_request_idx').on(t.requestId, t.id),
    index('request_changes_proposed_by_idx').on(t.proposedBy),
    index('request_changes_decided_by_idx').on(t.decidedBy),
    index('request_changes_payment_idx').on(t.paymentId),
    check(
      'request_changes_type_ck',
      sql`${t.type} in ('request', 'address', 'items', 'extra-items')`,
    ),
    check(
      'request_changes_status_ck',
      sql`${t.status} in ('awaiting_price', 'pending', 'accepted', 'rejected')`,
    ),
    check(
      'request_changes_decided_ck',
      sql`(${t.status} in ('awaiting_price', 'pending')) = (${t.decidedAt} is null)`,
    ),
  ],
);
