import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { requests } from './requests';

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
    requestId: integer('request_id').references(() => requests.id),
    kind: text('kind', { enum: ['hold', 'release', 'refund', 'tip'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    gatewayRef: text('gateway_ref'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_uq').on(t.idempotencyKey),
    index('payments_request_idx').on(t.requestId),
  ],
);

/** A balanced set of ledger entries: its amounts sum to zero (checked at commit by a trigger). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    requestId: integer('request_id').references(() => requests.id),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key_uq').on(t.idempotencyKey),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_request_idx').on(t.requestId),
  ],
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
