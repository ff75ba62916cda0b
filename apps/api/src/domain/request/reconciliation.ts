import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerTransactions, payments } from '../../db/schema';
import type { Domain } from '../context';
import { flagDiscrepancy } from '../money/discrepancies';
import { issueReceipts } from '../money/receipts';
import { account, writeLedgerTransaction, type Entry } from '../money/ledger';
import {
  callProvider,
  claimCall,
  lookUpAtProvider,
  OPERATION_OF,
  releaseCall,
  type PaymentRow,
} from '../money/movements';
import type { ProviderOperation } from '../../adapters/payments/gateway';
import { runRequestCommand } from './command';
import { compensate } from './compensation';
import { settleMovement } from './settlement';

/*
 * The reconciliation job (docs/decisions/033): heals what a crash or a silent provider left
 * between the ledger and the provider, on the job queue every two minutes and at start.
 *
 * 1. Every movement still pending once no call can be asking about it (its in-flight mark has
 *    passed): a charge is looked up at the provider, never made (a job does not charge a
 *    customer), and settled by what the provider did (posted, with what it was for finished, or
 *    voided); a refund or a release, which the customer is owed, is asked for again under its key.
 * 2. Per request with recent movements, the provider's operations against the ledger's: an
 *    operation the provider made that the ledger voided is recorded, and a charge of it given
 *    back; what cannot be healed so (an operation the ledger never heard of, a refusal, an amount
 *    that differs) is flagged for an operator in money_discrepancies.
 */

export const RECONCILE_JOB = 'money.reconcile';
/** Requests whose movements changed this recently are compared with the provider. */
const COMPARE_WINDOW_MS = 2 * 24 * 3_600_000;
const BATCH = 200;
/** Unknown answers in a row after which a run stops asking the provider (see providerSilence). */
const UNKNOWNS_BEFORE_PAUSE = 3;

export interface ReconcileReport {
  settled: number;
  stillPending: number;
  adopted: number;
  flagged: number;
}

/**
 * How long after its last call a pending charge is looked up: a provider that timed out may
 * still be making it, and Stripe's search (how a charge is looked up) trails its writes by up to
 * a minute. A refund or a release is asked for again at once: under its key it is made once.
 */
function chargeSettlesAfterMs(domain: Domain): number {
  const searchLag = domain.gateway.kind === 'stripe' ? 60_000 : 0;
  return domain.providerTimeoutMs + 10_000 + searchLag;
}

export async function reconcile(domain: Domain): Promise<ReconcileReport> {
  const report: ReconcileReport = { settled: 0, stillPending: 0, adopted: 0, flagged: 0 };
  await settleAbandoned(domain, report);
  await healLeftBeforeTwoPhases(domain, report);
  await compareWithProvider(domain, report);
  return report;
}

/** What the migration to two phases wrote on a movement the one-phase ledger left pending. */
export const LEFT_PENDING_BEFORE_TWO_PHASES = 'left pending before the two-phase ledger';
const NEVER_MADE = 'never made at the provider (left pending before the two-phase ledger)';

/**
 * The movements the one-phase ledger left pending (a process that died between the provider's
 * answer and its recording), closed as failed by the migration: each is looked up at the
 * provider by its key once; one the provider made is recorded and given back.
 */
async function healLeftBeforeTwoPhases(domain: Domain, report: ReconcileReport): Promise<void> {
  const left = await domain.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'failed'), eq(payments.error, LEFT_PENDING_BEFORE_TWO_PHASES)))
    .orderBy(payments.id)
    .limit(BATCH);
  const silence = providerSilence();
  for (const row of left) {
    try {
      const found = await lookUpAtProvider({
        db: domain.db,
        gateway: domain.gateway,
        payment: row,
        timeoutMs: domain.providerTimeoutMs,
      });
      if (found.outcome === 'unknown') {
        if (silence.heard(false)) break;
        continue;
      }
      silence.heard(true);
      if (found.outcome === 'succeeded' && row.requestId !== null) {
        const op: ProviderOperation = {
          kind: OPERATION_OF[row.kind],
          idempotencyKey: row.idempotencyKey,
          ref: found.ref,
          amountCents: row.amountCents,
          status: 'succeeded',
        };
        if (await adopt(domain, row, op)) report.adopted += 1;
        else report.flagged += 1;
        continue;
      }
      await domain.db.transaction(async (tx) => {
        const [closed] = await tx
          .update(payments)
          .set({ error: NEVER_MADE, updatedAt: sql`now()` })
          .where(and(eq(payments.id, row.id), eq(payments.error, LEFT_PENDING_BEFORE_TWO_PHASES)))
          .returning({ id: payments.id });
        // A refund or a release is money somebody is owed: one never made is an operator's to
        // make (the escrow still holds it), never silently dropped.
        if (closed && (row.kind === 'refund' || row.kind === 'release')) {
          const flagged = await flagDiscrepancy(tx, {
            requestId: row.requestId,
            paymentId: row.id,
            kind: 'missing_at_provider',
            detail: `${row.kind} ${row.idempotencyKey} of ${row.amountCents} cents was left pending before the two-phase ledger and the provider never made it: it is still owed.`,
            amountCents: row.amountCents,
          });
          if (flagged) report.flagged += 1;
        }
      });
    } catch (err) {
      domain.log.error({ err, paymentId: row.id }, 'reconciliation could not heal a movement');
    }
  }
}

/**
 * Counts the provider's unknown answers in a row: after a few the provider is taken to be down
 * and the batch stops (each unknown may have waited the whole time-out), to go on at the next run.
 */
function providerSilence() {
  let inARow = 0;
  return {
    /** Answers whether to stop. */
    heard(answered: boolean): boolean {
      inARow = answered ? 0 : inARow + 1;
      return inARow >= UNKNOWNS_BEFORE_PAUSE;
    },
  };
}

async function settleAbandoned(domain: Domain, report: ReconcileReport): Promise<void> {
  // The domain's clock: a test moves it instead of waiting.
  const now = domain.now();
  const stale = await domain.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        or(isNull(payments.inFlightUntil), lt(payments.inFlightUntil, now)),
        or(
          inArray(payments.kind, ['refund', 'release']),
          lt(payments.updatedAt, new Date(now.getTime() - chargeSettlesAfterMs(domain))),
        ),
      ),
    )
    .orderBy(payments.id)
    .limit(BATCH);
  const silence = providerSilence();
  for (const row of stale) {
    try {
      const claimed = await claimCall(domain.db, row.id, domain.providerTimeoutMs);
      if (!claimed) continue;
      const charge = claimed.kind === 'hold' || claimed.kind === 'tip';
      const found = charge
        ? await lookUpAtProvider({
            db: domain.db,
            gateway: domain.gateway,
            payment: claimed,
            timeoutMs: domain.providerTimeoutMs,
          })
        : await callProvider({
            db: domain.db,
            gateway: domain.gateway,
            payment: claimed,
            timeoutMs: domain.providerTimeoutMs,
          });
      if (found.outcome === 'unknown') {
        await releaseCall(domain.db, claimed, found.message);
        report.stillPending += 1;
        if (silence.heard(false)) break;
        continue;
      }
      silence.heard(true);
      const answer =
        found.outcome === 'absent'
          ? {
              outcome: 'failed' as const,
              kind: 'invalid' as const,
              message: 'The provider never made this charge.',
            }
          : found;
      await settleMovement(domain, claimed, answer);
      report.settled += 1;
    } catch (err) {
      domain.log.error({ err, paymentId: row.id }, 'reconciliation could not settle a movement');
      report.stillPending += 1;
    }
  }
}

async function compareWithProvider(domain: Domain, report: ReconcileReport): Promise<void> {
  // The requests whose movements changed last, first: a run reaches the freshest disagreements.
  const recent = await domain.db
    .select({ requestId: payments.requestId })
    .from(payments)
    .where(
      and(
        gt(payments.updatedAt, new Date(domain.now().getTime() - COMPARE_WINDOW_MS)),
        sql`${payments.requestId} is not null`,
      ),
    )
    .groupBy(payments.requestId)
    .orderBy(sql`max(${payments.updatedAt}) desc`, payments.requestId)
    .limit(BATCH);
  for (const { requestId } of recent) {
    if (requestId === null) continue;
    try {
      await compareRequest(domain, requestId, report);
    } catch (err) {
      domain.log.error({ err, requestId }, 'reconciliation could not compare a request');
    }
  }
}

async function compareRequest(
  domain: Domain,
  requestId: number,
  report: ReconcileReport,
): Promise<void> {
  const operations = await domain.gateway.operationsFor(String(requestId));
  const ours = await domain.db.select().from(payments).where(eq(payments.requestId, requestId));
  const byKey = new Map(ours.map((p) => [p.idempotencyKey, p]));
  for (const op of operations) {
    if (op.status !== 'succeeded') continue;
    const payment = op.idempotencyKey ? byKey.get(op.idempotencyKey) : undefined;
    if (!payment) {
      if (
        await flag(
          domain,
          requestId,
          op,
          'unknown_operation',
          'The ledger knows no such operation.',
        )
      ) {
        report.flagged += 1;
      }
      continue;
    }
    if (payment.status === 'failed') {
      if (await adopt(domain, payment, op)) report.adopted += 1;
      else report.flagged += 1;
    } else if (payment.status === 'succeeded' && payment.amountCents !== op.amountCents) {
      const detail = `The provider moved ${op.amountCents} cents, the ledger ${payment.amountCents}.`;
      if (await flag(domain, requestId, op, 'amount', detail, payment.id)) report.flagged += 1;
    }
  }
}

function flag(
  domain: Domain,
  requestId: number,
  op: ProviderOperation,
  kind: 'unknown_operation' | 'amount',
  detail: string,
  paymentId: number | null = null,
): Promise<boolean> {
  return flagDiscrepancy(domain.db, {
    requestId,
    paymentId,
    kind,
    detail: `${op.kind} ${op.ref}: ${detail}`,
    providerRef: op.ref,
    amountCents: op.amountCents,
  });
}

/**
 * An operation the provider made under the key of a movement the ledger voided (or never wrote,
 * before the two-phase ledger): recorded as posted, and a charge of it given back at once (what
 * it was for was abandoned; the customer is never charged for what they did not get). A refund or
 * a release the escrow can no longer cover is flagged instead.
 */
async function adopt(domain: Domain, payment: PaymentRow, op: ProviderOperation): Promise<boolean> {
  const { value } = await runRequestCommand(domain, {
    requestId: payment.requestId!,
    actor: { type: 'system', userId: null },
    run: async (ctx) => {
      const [row] = await ctx.tx
        .select()
        .from(payments)
        .where(eq(payments.id, payment.id))
        .for('update');
      if (!row || row.status !== 'failed') return true;
      const voided = await ctx.tx
        .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(ledgerTransactions.paymentId, row.id));
      const charge = row.kind === 'hold' || row.kind === 'tip';
      const customer = row.customerId ?? ctx.request.customerId;
      let entries: Entry[] = voided;
      if (entries.length === 0 && customer !== null) {
        const escrow = account.escrow(ctx.request.id);
        const card = account.customerCard(customer);
        entries = charge
          ? [
              { account: card, amountCents: -row.amountCents },
              { account: escrow, amountCents: row.amountCents },
            ]
          : [
              { account: escrow, amountCents: -row.amountCents },
              { account: card, amountCents: row.amountCents },
            ];
      }
      if (
        entries.length === 0 ||
        (!charge && (await ctx.available(account.escrow(ctx.request.id))) < row.amountCents)
      ) {
        await flagDiscrepancy(ctx.tx, {
          requestId: ctx.request.id,
          paymentId: row.id,
          kind: 'refused',
          detail: `The provider made ${row.kind} ${row.idempotencyKey} (${op.ref}) that the ledger had voided, and it cannot be recorded.`,
          providerRef: op.ref,
          amountCents: op.amountCents,
        });
        return false;
      }
      await ctx.tx
        .update(payments)
        .set({ status: 'succeeded', gatewayRef: op.ref, error: null, updatedAt: sql`now()` })
        .where(eq(payments.id, row.id));
      await writeLedgerTransaction({
        tx: ctx.tx,
        idempotencyKey: `${row.idempotencyKey}:found`,
        kind: row.kind,
        requestId: ctx.request.id,
        paymentId: row.id,
        status: 'posted',
        entries,
      });
      if (charge) await compensate(ctx, { ...row, status: 'succeeded', gatewayRef: op.ref });
      // What the provider did is the customer's receipt like any other movement (decision 041).
      await issueReceipts(ctx.tx, row.id);
      return true;
    },
  });
  return value;
}
