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
  broken.push(...(await receiptProblems(db, requestId)));
  broken.push(...(await pickUpZipProblems(db, requestId)));
  return broken;
}

/**
 * The companies' feed reads requests.pick_up_zip: whatever raced (an address change accepted
 * while another edit ran), it is the zip of the first pick-up address by position.
 */
export async function pickUpZipProblems(db: Db, requestId: number): Promise<string[]> {
  const result = await db.execute(sql`
    select r.pick_up_zip as stored,
      (select a.zip_code from request_addresses a
        where a.request_id = r.id and a.address_type = 1
        order by a.position, a.id limit 1) as actual
    from requests r where r.id = ${requestId}`);
  const [row] = (result as unknown as { rows: { stored: string | null; actual: string | null }[] })
    .rows;
  return row && row.stored !== row.actual
    ? [`pick_up_zip ${row.stored} is not the pick-up's zip ${row.actual}`]
    : [];
}

/**
 * Receipts (decision 041): every posted movement of the request's customer's card is one
 * receipt, and the customer's receipts are numbered 1 to n, no number twice, none missing.
 */
export async function receiptProblems(db: Db, requestId: number): Promise<string[]> {
  const result = await db.execute(sql`
    with customer as (select customer_id as id from requests where id = ${requestId}),
    moved as (
      select t.id
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.status = 'posted' and t.kind in ('hold', 'tip', 'refund')
        and e.account = 'customer_card:' || (select id from customer)
      group by t.id having sum(e.amount_cents) <> 0
    )
    select
      (select count(*)::int from moved m
       where not exists (select 1 from receipts r where r.ledger_transaction_id = m.id))
        as unnumbered,
      (select count(*)::int from receipts r
       where r.customer_id = (select id from customer)
         and not exists (select 1 from moved m where m.id = r.ledger_transaction_id))
        as without_movement,
      (select coalesce(array_agg(number order by number), '{}') from receipts
       where customer_id = (select id from customer)) as numbers,
      (select last_number from receipt_counters where customer_id = (select id from customer))
        as last_number`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const problems: string[] = [];
  const numbers = ((row?.numbers as unknown[] | null) ?? []).map(Number);
  if (Number(row?.unnumbered ?? 0) > 0)
    problems.push(`${String(row?.unnumbered)} card movements have no receipt`);
  if (Number(row?.without_movement ?? 0) > 0) {
    problems.push(`${String(row?.without_movement)} receipts name no posted card movement`);
  }
  if (numbers.some((n, i) => n !== i + 1)) {
    problems.push(
      `the customer's receipts are numbered ${numbers.join(', ')}, not 1 to ${numbers.length}`,
    );
  }
  const last =
    row?.last_number === null || row?.last_number === undefined ? 0 : Number(row.last_number);
  if (last !== numbers.length) {
    problems.push(`the customer's counter says ${last} receipts, there are ${numbers.length}`);
  }
  return problems;
}
