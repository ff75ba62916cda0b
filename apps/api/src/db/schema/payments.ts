import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  boolean,
  date,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { requests } from './requests';

/**
 * This database, as the payment provider knows it: one row, written when the database is made.
 * Its id prefixes every movement's idempotency key, so that a database made afresh (a reset
 * staging copy, a developer's) asking the same provider account about its movement 1 never gets
 * the answer given to another database's movement 1.
 */
export const installation = pgTable(
  'installation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    one: boolean('one').notNull().default(true).unique('installation_one_uq'),
    createdAt: createdAt(),
  },
  (t) => [check('installation_one_ck', sql`${t.one}`)],
);

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

export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    outcome: text('outcome').notNull(),
    /** What the operation was for, as a provider's metadata says it: the request's id. */
    reference: text('reference'),
    /** A refund's charge (its ref). */
    chargeRef: text('charge_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_operations_reference_idx').on(t.reference),
    check('sandbox_operations_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A movement of money that goes through the provider (docs/decisions/033), by idempotency key
 * `payment-{installation}-{id}`: derived from the movement's own id (and this database's, see
 * `installation`), so that a retry of the same movement asks the provider the same question and a
 * new movement is a new question.
 *
 * Written `pending` under the request's row lock by the command that decided it, with its ledger
 * transaction `pending` beside it: what the escrow can still give is its posted balance less its
 * pending debits. The provider is asked outside any transaction; its answer settles the movement
 * under the lock again: `succeeded` posts the ledger transaction, `failed` voids it. A movement
 * left pending by a process that died (or a provider that did not answer) is settled by the
 * reconciliation job, which asks the provider what became of the key.
 *
 * `purpose` says what the movement is for, so that whoever settles it (the call that made it, a
 * retry, the reconciliation) finishes the same command: a payment moves the request to paid, a
 * change's charge applies the change, a tip stores the feedback.
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
    /** What settling the movement finishes (a MovementPurpose). */
    purpose: jsonb('purpose'),
    /** The customer whose card is charged or refunded. */
    customerId: integer('customer_id').references(() => users.id),
    /** A refund's charge: the provider refunds at most what that charge took. */
    chargePaymentId: integer('charge_payment_id').references((): AnyPgColumn => payments.id),
    /** The card a charge takes from, or the connected account a transfer pays (provider refs). */
    targetRef: text('target_ref'),
    /** While set and ahead of now, a call is asking the provider: nobody else asks meanwhile. */
    inFlightUntil: timestamp('in_flight_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_uq').on(t.idempotencyKey),
    index('payments_request_idx').on(t.requestId),
    // A request's unsettled movements: every money command of the request looks for one.
    index('payments_pending_idx')
      .on(t.requestId)
      .where(sql`${t.status} = 'pending'`),
    index('payments_charge_idx').on(t.chargePaymentId),
    index('payments_customer_idx').on(t.customerId),
    check('payments_kind_ck', sql`${t.kind} in ('hold', 'release', 'refund', 'tip')`),
    check('payments_status_ck', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('payments_amount_ck', sql`${t.amountCents} > 0`),
    check(
      'payments_refund_charge_ck',
      sql`(${t.kind} = 'refund') = (${t.chargePaymentId} is not null)`,
    ),
  ],
);

/**
 * A balanced set of ledger entries: its amounts sum to zero (checked at commit by a trigger).
 * Two phases (docs/decisions/033): a movement through the provider is written `pending` and then
 * `posted` or `voided` by the provider's answer; a movement without the provider (a cancellation
 * fee) is `posted` at once. Only the status changes, once, from pending (a trigger says so);
 * balances count posted lines, and what an account can still give is less its pending debits.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    requestId: integer('request_id').references(() => requests.id),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] })
      .notNull()
      .default('posted'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key_uq').on(t.idempotencyKey),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_request_idx').on(t.requestId),
    check(
      'ledger_transactions_kind_ck',
      sql`${t.kind} in ('hold', 'release', 'refund', 'tip', 'cancellation_fee')`,
    ),
    check('ledger_transactions_status_ck', sql`${t.status} in ('pending', 'posted', 'voided')`),
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
    check('ledger_entries_amount_ck', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * The customer's receipts (decision 041): one for each posted ledger transaction that moved money
 * on the customer's card (a payment, a tip, a refund), numbered 1, 2, 3… per customer without a
 * gap. The number is taken when the movement posts, in its transaction, from the customer's row
 * of `receipt_counters`, whose lock it holds until the commit: two receipts of one customer at
 * once are numbered one after the other, and a transaction rolled back gives its number back.
 * What the receipt says of the move is kept as it was then (the card charged or refunded, the
 * company, the move's date and window, its addresses); its amounts are the ledger's.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    /** 1, 2, 3… per customer, in the order their money moved. */
    number: integer('number').notNull(),
    ledgerTransactionId: integer('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    requestId: integer('request_id').references(() => requests.id),
    kind: text('kind', { enum: ['payment', 'tip', 'refund'] }).notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    companyName: text('company_name'),
    moveDate: date('move_date', { mode: 'string' }),
    moveTime: text('s_time'),
    windowFrom: text('start_window_from'),
    windowTo: text('start_window_to'),
    /** The move's addresses in route order: [{ type: 1 pick-up | 2 drop-off, address }]. */
    addresses: jsonb('addresses').$type<ReceiptAddress[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('receipts_customer_number_uq').on(t.customerId, t.number),
    uniqueIndex('receipts_ledger_transaction_uq').on(t.ledgerTransactionId),
    index('receipts_request_idx').on(t.requestId),
    check('receipts_number_ck', sql`${t.number} > 0`),
    check('receipts_kind_ck', sql`${t.kind} in ('payment', 'tip', 'refund')`),
  ],
);

export interface ReceiptAddress {
  type: number;
  address: string;
}

/** The last receipt number of each customer: its row is the lock their receipts are numbered under. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => users.id),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_last_number_ck', sql`${t.lastNumber} > 0`)],
);

/**
 * What the reconciliation job found the provider and the ledger disagreeing about and could not
 * heal by itself (a refund the provider refused, an operation of ours the ledger never heard of):
 * left for an operator, once per finding.
 */
export const moneyDiscrepancies = pgTable(
  'money_discrepancies',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').references(() => requests.id),
    paymentId: integer('payment_id').references(() => payments.id),
    /** What differs, in a word: refused, unknown_operation, amount, missing_at_provider. */
    kind: text('kind').notNull(),
    detail: text('detail').notNull(),
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents'),
    foundAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // Once per finding: NULLS NOT DISTINCT, as a finding without a payment is still one finding.
    unique('money_discrepancies_finding_uq')
      .on(t.kind, t.requestId, t.paymentId, t.providerRef)
      .nullsNotDistinct(),
    index('money_discrepancies_request_idx').on(t.requestId),
    index('money_discrepancies_payment_idx').on(t.paymentId),
  ],
);
