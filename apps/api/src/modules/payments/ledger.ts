import { and, eq, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';

/** Ledger account names: kind and owner. */
export const account = {
  customerCard: (userId: number) => `customer_card:${userId}`,
  escrow: (requestId: number) => `escrow:${requestId}`,
  companyPayable: (companyId: number) => `company_payable:${companyId}`,
  tipsPayable: (companyId: number) => `tips_payable:${companyId}`,
  platformFees: 'platform_fees',
} as const;

export interface Entry {
  account: string;
  amountCents: number;
}

export class UnbalancedError extends Error {
  override name = 'UnbalancedError';
}

export function assertBalanced(entries: Entry[]): void {
  const total = entries.reduce((sum, e) => sum + e.amountCents, 0);
  if (entries.length < 2 || total !== 0 || entries.some((e) => !Number.isInteger(e.amountCents))) {
    throw new UnbalancedError(
      `ledger entries must be integer cents summing to zero (got ${total})`,
    );
  }
}

/**
 * Writes one balanced ledger transaction. Callers pass their transaction so that the entries
 * commit with the state change that caused them; the database re-checks the balance at commit.
 */
export async function postLedgerTransaction(opts: {
  db: Tx;
  idempotencyKey: string;
  kind: string;
  requestId: number | null;
  paymentId: number | null;
  entries: Entry[];
}): Promise<number> {
  assertBalanced(opts.entries);
  const [row] = await opts.db
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: opts.idempotencyKey,
      kind: opts.kind,
      requestId: opts.requestId,
      paymentId: opts.paymentId,
    })
    .returning({ id: ledgerTransactions.id });
  if (!row) throw new Error('ledger transaction not written');
  await opts.db.insert(ledgerEntries).values(
    opts.entries.map((e) => ({
      transactionId: row.id,
      account: e.account,
      amountCents: e.amountCents,
    })),
  );
  return row.id;
}

/** The balance of one account in cents (positive: money held there). */
export async function balanceOf(opts: { db: Tx; account: string }): Promise<number> {
  const [row] = await opts.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, opts.account));
  return row?.total ?? 0;
}

/** Balances of every account whose name starts with a prefix, e.g. 'escrow:'. */
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
    .where(and(like(ledgerEntries.account, `${opts.prefix}%`)))
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [r.account, r.total]));
}
