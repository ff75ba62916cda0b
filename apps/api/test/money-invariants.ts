import { and, eq, sql } from 'drizzle-orm';
import { RequestStatus } from '@movehub/shared';
import type { Db } from '../src/db/client';
import {
  ledgerEntries,
  ledgerTransactions,
  payments,
  requests,
  sandboxOperations,
} from '../src/db/schema';
import { account, availableOf, balanceOf, customerNetOf } from '../src/domain/money/ledger';

/*
 * What must hold of a request's money whatever ran against it (docs/decisions/033), checked by
 * the race tests after every round: the ledger balances; no escrow is below zero, posted or
 * available; what the provider holds for the request is what the ledger says the customer paid;
 * a cancelled or confirmed request holds nothing; a final price is never negative; and nothing is
 * left unsettled once the provider has answered.
 */

export interface MoneyFacts {
  requestId: number;
  timelineStatus: number;
  requestStatus: number;
  finalAmountCents: number | null;
  escrowPosted: number;
  escrowAvailable: number;
  /** Charges less refunds at the provider (the sandbox's operations), for this request. */
  providerNet: number;
  /** The same as the ledger says it (posted customer-card lines of the request). */
  ledgerNet: number;
  /** Refunds the provider made for the request. */
  providerRefunded: number;
  pendingMovements: number;
}

export async function moneyFacts(db: Db, requestId: number): Promise<MoneyFacts> {
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId));
  if (!request) throw new Error(`no request ${requestId}`);
  const escrow = account.escrow(requestId);
  const [provider] = await db
    .select({
      charged: sql<number>`coalesce(sum(${sandboxOperations.amountCents}) filter (where ${sandboxOperations.kind} = 'charge'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${sandboxOperations.amountCents}) filter (where ${sandboxOperations.kind} = 'refund'), 0)::int`,
    })
    .from(sandboxOperations)
    .where(
      and(
        eq(sandboxOperations.reference, String(requestId)),
        eq(sandboxOperations.outcome, 'succeeded'),
      ),
    );
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.status, 'pending')));
  return {
    requestId,
    timelineStatus: request.timelineStatus,
    requestStatus: request.requestStatus,
    finalAmountCents: request.finalAmountCents,
    escrowPosted: await balanceOf({ db, account: escrow }),
    escrowAvailable: await availableOf({ db, account: escrow }),
    providerNet: (provider?.charged ?? 0) - (provider?.refunded ?? 0),
    ledgerNet: await customerNetOf({ db, requestId }),
    providerRefunded: provider?.refunded ?? 0,
    pendingMovements: pending?.n ?? 0,
  };
}

/** Every ledger line of the database together: always zero. */
export async function ledgerTotal(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.status, 'posted'));
  return row?.total ?? -1;
}

/** The broken invariants of a request's money, in words; empty when all hold. */
export async function brokenInvariants(db: Db, requestId: number): Promise<string[]> {
  const f = await moneyFacts(db, requestId);
  const broken: string[] = [];
  const total = await ledgerTotal(db);
  if (total !== 0) broken.push(`the ledger sums to ${total}, not 0`);
  if (f.escrowPosted < 0) broken.push(`escrow posted ${f.escrowPosted} < 0`);
  if (f.escrowAvailable < 0) broken.push(`escrow available ${f.escrowAvailable} < 0`);
  if (f.providerNet !== f.ledgerNet) {
    broken.push(`provider net ${f.providerNet} ≠ ledger net ${f.ledgerNet}`);
  }
  if (f.pendingMovements > 0) broken.push(`${f.pendingMovements} movements left pending`);
  const closed =
    f.requestStatus === RequestStatus.cancelled || f.requestStatus === RequestStatus.done;
  if (closed && f.escrowPosted !== 0) {
    broken.push(`a closed request (status ${f.timelineStatus}) holds ${f.escrowPosted} in escrow`);
  }
  if (f.finalAmountCents !== null && f.finalAmountCents < 0) {
    broken.push(`final price ${f.finalAmountCents} < 0`);
  }
  if (f.providerNet < 0) broken.push(`the provider gave back ${-f.providerNet} more than it took`);
  return broken;
}
