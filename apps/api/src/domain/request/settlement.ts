import { eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentNotice } from '../../adapters/payments/gateway';
import type { Domain, ReservedMovement } from '../context';
import {
  callProvider,
  claimCall,
  releaseCall,
  paymentRowOf,
  type MovementPurpose,
  type PaymentRow,
  type ProviderAnswer,
} from '../money/movements';
import type { MovementOutcome } from '../money/outcome';
import { flagDiscrepancy } from '../money/discrepancies';
import { receiptWrites } from '../money/receipts';
import { AppError } from '../../errors';
import { runRequestCommand, type CommandContext } from './command';
import { compensate } from './compensation';
import { changeChargePosted, changeChargeVoided } from './changes';
import { feedbackPosted } from './completion';
import { payPosted } from './pay';

/*
 * The second phase of a movement (docs/decisions/033): the provider's answer, settled under the
 * request's lock. A success posts the movement's ledger transaction and finishes what it was for
 * (its purpose); a refusal voids it and undoes what waited for it. Whoever learnt the answer
 * settles: the call that made the movement, a retry that took it over, or the reconciliation job;
 * the first to take the lock settles, the others find it settled and answer with that.
 */

interface PurposeHandlers {
  /** The money moved: finish the command (under the lock). Answers what its caller returns. */
  posted?(ctx: CommandContext, payment: PaymentRow): Promise<unknown>;
  /** The provider refused: undo what waited for the money. */
  voided?(ctx: CommandContext, payment: PaymentRow): Promise<void>;
}

const PURPOSES: Record<MovementPurpose['type'], PurposeHandlers> = {
  pay: { posted: payPosted },
  'change-charge': { posted: changeChargePosted, voided: changeChargeVoided },
  feedback: { posted: feedbackPosted },
  // Refunds and releases: what they were for was done when they were decided. A refusal leaves
  // the money where it was, for an operator to look at.
  'change-refund': { voided: refusedRefund },
  'cancel-refund': { voided: refusedRefund },
  compensation: { voided: refusedRefund },
  release: { voided: refusedRefund },
};

async function refusedRefund(ctx: CommandContext, payment: PaymentRow): Promise<void> {
  await flagDiscrepancy(ctx.tx, {
    requestId: payment.requestId,
    paymentId: payment.id,
    kind: 'refused',
    detail: `The provider refused ${payment.kind} ${payment.idempotencyKey}: ${payment.error ?? ''}`,
    amountCents: payment.amountCents,
  });
}

/** What a posted movement was for could not be done: its settlement is made again, giving it back. */
class PurposeFailed extends Error {
  constructor(override readonly cause: AppError) {
    super(cause.message);
  }
}

/**
 * Finishes what a posted movement was for. The money has moved whatever happens here: when what
 * it was for can no longer be done (a change whose addresses moved on, an item taken out of the
 * catalogue), the settlement's transaction is rolled back and made again giving the charge back
 * (`giveBack`), rather than failing and leaving the movement pending for ever. The usual path
 * pays nothing for it (no savepoint).
 */
async function finishPurpose(
  ctx: CommandContext,
  row: PaymentRow,
  handlers: PurposeHandlers,
  giveBack: boolean,
): Promise<unknown> {
  if (giveBack) {
    if (row.kind === 'hold' || row.kind === 'tip') {
      await compensate(ctx, row);
      // What waits on the charge goes back to waiting (a change's proposal is answered again).
      await handlers.voided?.(ctx, row);
    }
    return undefined;
  }
  try {
    return await handlers.posted?.(ctx, row);
  } catch (err) {
    throw err instanceof AppError ? new PurposeFailed(err) : err;
  }
}

/**
 * Asks the provider for a pending movement and settles its answer. A movement another call is
 * asking about right now is `busy`; one already settled answers with how it ended.
 */
export async function executeMovement(
  domain: Domain,
  paymentId: number,
  reserved?: ReservedMovement,
): Promise<MovementOutcome> {
  const claimed =
    reserved?.payment ?? (await claimCall(domain.db, paymentId, domain.providerTimeoutMs));
  if (!claimed) return settledOutcome(domain, paymentId);
  const answer = await callProvider({
    db: domain.db,
    gateway: domain.gateway,
    payment: claimed,
    timeoutMs: domain.providerTimeoutMs,
    ...(reserved?.customerRef ? { customerRef: reserved.customerRef } : {}),
  });
  if (answer.outcome === 'unknown') {
    await releaseCall(domain.db, claimed, answer.message);
    domain.log.warn({ paymentId, error: answer.message }, 'payment provider did not answer');
    return { state: 'unknown', paymentId, message: answer.message };
  }
  return settleMovement(domain, claimed, answer);
}

/**
 * Settles a pending movement and its ledger transaction in one statement; null when it was not
 * pending any more (settled by another call).
 */
async function settleOnce(
  tx: Transaction,
  paymentId: number,
  to: {
    status: 'succeeded' | 'failed';
    ledger: 'posted' | 'voided';
    gatewayRef: string | null;
    error: string | null;
  },
): Promise<PaymentRow | null> {
  const result = await tx.execute(sql`
    with payment as (
      update payments
      set status = ${to.status}, gateway_ref = coalesce(${to.gatewayRef}, gateway_ref),
          error = ${to.error}, in_flight_until = null, updated_at = now()
      where id = ${paymentId} and status = 'pending'
      returning *
    ), ledger as (
      update ledger_transactions set status = ${to.ledger}, settled_at = now()
      where payment_id in (select id from payment) and status = 'pending'
    )
    select * from payment`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return row ? paymentRowOf(row) : null;
}

/** How a movement that this call did not ask about stands now. */
async function settledOutcome(
  domain: Domain,
  paymentId: number,
  db: Db | Transaction = domain.db,
): Promise<MovementOutcome> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row || row.status === 'pending') return { state: 'busy', paymentId };
  return row.status === 'succeeded'
    ? { state: 'posted', paymentId, ref: row.gatewayRef ?? '' }
    : { state: 'refused', paymentId, message: row.error ?? '' };
}

/**
 * Settles a movement with the provider's answer, under the request's lock: once. Charges are the
 * customer's acts (they move the request as the customer); refunds and releases the system's.
 */
export async function settleMovement(
  domain: Domain,
  payment: PaymentRow,
  answer: Exclude<ProviderAnswer, { outcome: 'unknown' }>,
): Promise<MovementOutcome> {
  try {
    return await settleOnceUnderLock(domain, payment, answer, false);
  } catch (err) {
    if (!(err instanceof PurposeFailed)) throw err;
    domain.log.warn(
      { err: err.cause, paymentId: payment.id },
      'a posted movement could not finish its purpose: given back',
    );
    return settleOnceUnderLock(domain, payment, answer, true);
  }
}

async function settleOnceUnderLock(
  domain: Domain,
  payment: PaymentRow,
  answer: Exclude<ProviderAnswer, { outcome: 'unknown' }>,
  giveBack: boolean,
): Promise<MovementOutcome> {
  const charge = payment.kind === 'hold' || payment.kind === 'tip';
  const { value, movements } = await runRequestCommand(domain, {
    requestId: payment.requestId!,
    actor:
      charge && payment.customerId !== null
        ? { type: 'customer', userId: payment.customerId }
        : { type: 'system', userId: null },
    run: async (ctx): Promise<MovementOutcome> => {
      const succeeded = answer.outcome === 'succeeded';
      // The movement and its ledger transaction settled together, once: a movement another
      // settlement got to first is left as that one left it.
      const row = await settleOnce(ctx.tx, payment.id, {
        status: succeeded ? 'succeeded' : 'failed',
        ledger: succeeded ? 'posted' : 'voided',
        gatewayRef: succeeded ? answer.ref : null,
        error: succeeded ? null : answer.message,
      });
      if (!row) return settledOutcome(domain, payment.id, ctx.tx);
      const handlers = PURPOSES[(row.purpose as MovementPurpose).type];
      if (succeeded) {
        const result = await finishPurpose(ctx, row, handlers, giveBack);
        // Last, with the events, so that the customer's receipt counter is locked only for the
        // commit that follows. A release moves nothing on a card: no receipt, no statement.
        if (row.kind !== 'release') ctx.later((n) => receiptWrites(row.id, n));
        return {
          state: 'posted',
          paymentId: row.id,
          ref: answer.ref,
          result,
          ...(ctx.gaveBack ? { givenBack: true } : {}),
        };
      }
      await handlers.voided?.(ctx, row);
      return { state: 'refused', paymentId: row.id, message: answer.message };
    },
  });
  // A compensation reserved while settling was asked for by the command's own runner.
  void movements;
  return value;
}

/**
 * A provider's notice about a charge (a Stripe webhook, read back from the provider): a movement
 * still pending and not being asked about is settled by what the provider says now. A settled
 * movement, or one the notice does not decide (still processing), is left as it is.
 */
export async function settleFromNotice(domain: Domain, notice: PaymentNotice): Promise<void> {
  if (notice.outcome === 'pending') return;
  const [row] = await domain.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, notice.idempotencyKey));
  if (!row || row.status !== 'pending' || row.requestId === null) return;
  const claimed = await claimCall(domain.db, row.id, domain.providerTimeoutMs);
  if (!claimed) return;
  await settleMovement(
    domain,
    claimed,
    notice.outcome === 'succeeded'
      ? { outcome: 'succeeded', ref: notice.ref }
      : { outcome: 'failed', kind: 'declined', message: `provider: ${notice.status}` },
  );
}
