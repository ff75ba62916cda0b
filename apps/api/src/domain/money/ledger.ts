import { and, eq, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Transaction, Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';

/*
 * The double-entry ledger in two phases (docs/decisions/033). Every ledger transaction's lines sum
 * to zero (a deferred trigger checks it at commit). A movement through the provider is written
 * `pending` and settled once, `posted` or `voided`, by the provider's answer; a movement with no
 * provider (a cancellation fee) is posted at once. Balances count posted lines only; what an
 * account can still give is its posted balance less its pending debits, so two movements in
 * flight can never promise the same money (and a trigger refuses an escrow overdrawn that way).
 */

/** Ledger account names: kind and owner. */
export const account = {
  customerCard: (userId: number) => `customer_card:${userId}`,
  escrow: (requestId: number) => `escrow:${requestId}`,
  companyPayable: (companyId: number) => `company_payable:${companyId}`,
  tipsPayable: (companyId: number) => `tips_payable:${companyId}`,
  platformFees: 'platform_fees',
} as const;

export type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];
export type LedgerStatus = (typeof ledgerTransactions.$inferSelect)['status'];

export interface Entry {
  account: string;
  amountCents: number;
}

export class UnbalancedError extends Error {
  override name = 'UnbalancedError';
}

export function assertBalanced(entries: readonly Entry[]): void {
  const total = entries.reduce((sum, e) => sum + e.amountCents, 0);
  if (
    entries.length < 2 ||
    total !== 0 ||
    entries.some((e) => !Number.isInteger(e.amountCents) || e.amountCents === 0)
  ) {
    throw new UnbalancedError(
      `ledger entries must be non-zero integer cents summing to zero (got ${total})`,
    );
  }
}

/**
 * Writes one balanced ledger transaction, pending or posted, in the caller's transaction: the
 * entries commit with the state change that caused them.
 */
export async function writeLedgerTransaction(opts: {
  tx: Tx;
  idempotencyKey: string;
  kind: LedgerKind;
  requestId: number | null;
  paymentId: number | null;
  status: 'pending' | 'posted';
  entries: readonly Entry[];
}): Promise<number> {
  assertBalanced(opts.entries);
  const [row] = await opts.tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: opts.idempotencyKey,
      kind: opts.kind,
      requestId: opts.requestId,
      paymentId: opts.paymentId,
      status: opts.status,
      settledAt: opts.status === 'posted' ? sql`now()` : null,
    })
    .returning({ id: ledgerTransactions.id });
  if (!row) throw new Error('ledger transaction not written');
  await opts.tx.insert(ledgerEntries).values(
    opts.entries.map((e) => ({
      transactionId: row.id,
      account: e.account,
      amountCents: e.amountCents,
    })),
  );
  return row.id;
}

/** Settles the pending ledger transaction of a payment: posted or voided, once. */
export async function settleLedgerTransaction(opts: {
  tx: Transaction;
  paymentId: number;
  status: 'posted' | 'voided';
}): Promise<void> {
  await opts.tx
    .update(ledgerTransactions)
    .set({ status: opts.status, settledAt: sql`now()` })
    .where(
      and(
        eq(ledgerTransactions.paymentId, opts.paymentId),
        eq(ledgerTransactions.status, 'pending'),
      ),
    );
}

/** The posted balance of one account in cents (positive: money held there). */
export async function balanceOf(opts: { db: Tx; account: string }): Promise<number> {
  const [row] = await opts.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.account, opts.account), eq(ledgerTransactions.status, 'posted')));
  return row?.total ?? 0;
}

/**
 * What an account can still give: its posted balance less what pending movements are taking out
 * of it. Read under the lock that guards the account (the request's row, for its escrow).
 */
export async function availableOf(opts: { db: Tx; account: string }): Promise<number> {
  const [row] = await opts.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.account, opts.account),
        or(
          eq(ledgerTransactions.status, 'posted'),
          and(eq(ledgerTransactions.status, 'pending'), lt(ledgerEntries.amountCents, 0)),
        ),
      ),
    );
  return row?.total ?? 0;
}

/** availableOf as a scalar subquery, for a statement that reads it with other things. */
export function availableSql(accountName: string): SQL {
  return sql`(select coalesce(sum(e.amount_cents), 0)::int
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.account = ${accountName}
      and (t.status = 'posted' or (t.status = 'pending' and e.amount_cents < 0)))`;
}

/** Posted balances of every account whose name starts with a prefix, e.g. 'escrow:'. */
export async function balancesByPrefix(opts: {
  db: Db;
  prefix: string;
}): Promise<Map<string, number>> {
  const rows = await opts.db
    .select({
      account: ledgerEntries.account,
      total: sql<number>`sum(${ledgerEntries.amountCents})::int`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(like(ledgerEntries.account, `${opts.prefix}%`), eq(ledgerTransactions.status, 'posted')),
    )
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [r.account, r.total]));
}

/**
 * What the customer has paid for a request, net, as the ledger says it: charges less refunds
 * through the provider, posted. The reconciliation compares it with the provider's own figure.
 */
export async function customerNetOf(opts: { db: Tx; requestId: number }): Promise<number> {
  const [row] = await opts.db
    .select({ total: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.requestId, opts.requestId),
        eq(ledgerTransactions.status, 'posted'),
        inArray(ledgerTransactions.kind, ['hold', 'tip', 'refund']),
        like(ledgerEntries.account, 'customer_card:%'),
      ),
    );
  return row?.total ?? 0;
}
