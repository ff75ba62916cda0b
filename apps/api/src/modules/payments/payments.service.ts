import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { paymentCards, paymentCustomers, payments } from '../../db/schema';
import { AppError } from '../../errors';
import {
  GatewayError,
  withTimeout,
  type PaymentGateway,
  type PaymentNotice,
} from '../../adapters/payments/gateway';
import { account, assertBalanced, balanceOf, postLedgerTransaction, type Entry } from './ledger';

/** How long the provider may take before a movement counts as failed (and may be retried). */
const GATEWAY_TIMEOUT_MS = 30_000;

/**
 * A claim still pending after this long belongs to no live call: the call that made it gives up
 * on the provider after GATEWAY_TIMEOUT_MS and then records the outcome, so its process died in
 * between. A retry takes such a claim over and asks the provider again with the same key.
 */
export const STALE_CLAIM_MS = GATEWAY_TIMEOUT_MS + 5_000;

type PaymentKind = (typeof payments.$inferSelect)['kind'];

/**
 * The error of a payment whose charge was given back because the state change after it failed.
 * Its key is spent: the provider would answer it with the first (refunded) charge, so a retry
 * under it would record money that is no longer there. A caller starts a new attempt instead.
 */
export const COMPENSATED = 'state change failed; compensated';

/**
 * The error of a movement the provider made but whose state change failed and was not given
 * back: a retry under the same key gets the provider's first outcome and records it once.
 */
const STATE_CHANGE_FAILED = 'state change failed; retry records it';

export interface MovementResult {
  paymentId: number;
  gatewayRef: string;
  /** true when this key had already succeeded: nothing new was charged or written. */
  replayed: boolean;
}

/**
 * Moves money once per idempotency key (request id + action + attempt):
 * 1. claims the key (a unique row in `payments`; a concurrent duplicate gets 409, a finished one
 *    gets the first result back, and a claim left pending past STALE_CLAIM_MS by a call that died
 *    is taken over);
 * 2. asks the provider with the same key;
 * 3. on success, in ONE transaction: marks the payment succeeded, writes the balanced ledger
 *    entries and runs the caller's state change (`apply`);
 *    on failure or time-out: marks it failed and writes nothing else.
 * If the final transaction fails after the provider took the money, the charge is refunded.
 */
export async function moveMoney(opts: {
  db: Db;
  gateway: PaymentGateway;
  idempotencyKey: string;
  kind: PaymentKind;
  requestId: number | null;
  amountCents: number;
  entries: Entry[];
  call: (gateway: PaymentGateway, idempotencyKey: string) => Promise<{ ref: string }>;
  apply?: (tx: Tx) => Promise<void>;
  timeoutMs?: number;
}): Promise<MovementResult> {
  assertBalanced(opts.entries);
  if (!Number.isInteger(opts.amountCents) || opts.amountCents <= 0) {
    throw AppError.badRequest('The amount must be above zero.');
  }
  const { db } = opts;
  const paymentId = await claimKey(opts);
  if (typeof paymentId !== 'number') return paymentId;

  let gatewayRef: string;
  try {
    ({ ref: gatewayRef } = await withTimeout(
      opts.call(opts.gateway, opts.idempotencyKey),
      opts.timeoutMs ?? GATEWAY_TIMEOUT_MS,
    ));
  } catch (err) {
    const message = err instanceof GatewayError ? err.message : 'unexpected gateway failure';
    // Only a claim still pending is marked failed: a call that took over this claim may have
    // recorded the provider's answer meanwhile.
    await db
      .update(payments)
      .set({ status: 'failed', error: message, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    if (err instanceof GatewayError && err.kind !== 'unavailable')
      throw AppError.badRequest(err.message);
    throw new AppError(500, MSG.gatewayUnavailable);
  }

  try {
    await db.transaction(async (tx) => {
      const [recording] = await tx
        .update(payments)
        .set({ status: 'succeeded', gatewayRef, error: null, updatedAt: new Date() })
        .where(
          and(
            eq(payments.id, paymentId),
            sql`${payments.status} <> 'succeeded'`,
            sql`${payments.error} is distinct from ${COMPENSATED}`,
          ),
        )
        .returning({ id: payments.id });
      // Another call holding this key (one that took over a claim thought abandoned, or the
      // one it was taken from) recorded the provider's answer first: nothing is written twice.
      if (!recording) throw new RecordedElsewhere();
      await postLedgerTransaction({
        db: tx,
        idempotencyKey: opts.idempotencyKey,
        kind: opts.kind,
        requestId: opts.requestId,
        paymentId,
        entries: opts.entries,
      });
      await opts.apply?.(tx);
    });
  } catch (err) {
    if (err instanceof RecordedElsewhere) return recordedElsewhere(db, paymentId);
    // The provider moved money but the product's state could not follow. A charge (hold, tip)
    // is given back, and only once the refund went through is the key spent (COMPENSATED). Any
    // other movement (a refund, a release), or a charge whose refund failed, stays retryable:
    // the provider answers the same key with the same outcome, so a retry records it once.
    let compensated = false;
    if (opts.kind === 'hold' || opts.kind === 'tip') {
      compensated = await opts.gateway
        .refund({
          chargeRef: gatewayRef,
          amountCents: opts.amountCents,
          idempotencyKey: `${opts.idempotencyKey}:compensate`,
        })
        .then(
          () => true,
          () => false,
        );
    }
    await db
      .update(payments)
      .set({
        status: 'failed',
        error: compensated ? COMPENSATED : STATE_CHANGE_FAILED,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, paymentId), sql`${payments.status} <> 'succeeded'`));
    throw err;
  }
  return { paymentId, gatewayRef, replayed: false };
}

/** Thrown inside the final transaction when another call already recorded this payment. */
class RecordedElsewhere extends Error {}

/** The outcome another call recorded for this key: its success, or the reversal it made. */
async function recordedElsewhere(db: Db, paymentId: number): Promise<MovementResult> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (row?.status === 'succeeded') {
    return { paymentId: row.id, gatewayRef: row.gatewayRef ?? '', replayed: true };
  }
  throw AppError.conflict(MSG.paymentReversed);
}

/**
 * Takes over a claim left pending by a call that died between claiming the key and recording
 * the provider's answer (older than STALE_CLAIM_MS). The row is locked, so of two retries only
 * one takes it; the other still gets 409. Returns the payment id when taken.
 */
async function takeOverStaleClaim(db: Db, paymentId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'pending'),
          lt(payments.updatedAt, new Date(Date.now() - STALE_CLAIM_MS)),
        ),
      )
      .for('update');
    if (!claim) return null;
    await tx.update(payments).set({ updatedAt: new Date() }).where(eq(payments.id, claim.id));
    return claim.id;
  });
}

async function claimKey(opts: {
  db: Db;
  idempotencyKey: string;
  kind: PaymentKind;
  requestId: number | null;
  amountCents: number;
}): Promise<number | MovementResult> {
  const [claimed] = await opts.db
    .insert(payments)
    .values({
      idempotencyKey: opts.idempotencyKey,
      kind: opts.kind,
      requestId: opts.requestId,
      amountCents: opts.amountCents,
      status: 'pending',
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (claimed) return claimed.id;

  const [existing] = await opts.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, opts.idempotencyKey));
  if (!existing) throw AppError.conflict(MSG.paymentInProgress);
  if (existing.status === 'succeeded') {
    return { paymentId: existing.id, gatewayRef: existing.gatewayRef ?? '', replayed: true };
  }
  if (existing.status === 'failed' && existing.error === COMPENSATED) {
    throw AppError.conflict(MSG.paymentReversed);
  }
  if (existing.status === 'failed') {
    // A retry of a failed attempt asks the provider again with the same key: it answers with the
    // first outcome if it had acted, so nothing is charged twice.
    const [retry] = await opts.db
      .update(payments)
      .set({ status: 'pending', updatedAt: new Date() })
      .where(and(eq(payments.id, existing.id), eq(payments.status, 'failed')))
      .returning({ id: payments.id });
    if (retry) return retry.id;
  }
  if (existing.status === 'pending') {
    // A claim whose call died before recording the answer: asked again under the same key, the
    // provider answers with the charge it made (if any), so nothing is charged twice.
    const taken = await takeOverStaleClaim(opts.db, existing.id);
    if (taken !== null) return taken;
  }
  throw AppError.conflict(MSG.paymentInProgress);
}

/** The customer's provider record and saved card, or 400 'Cannot charge a customer that has no active card'. */
async function chargeableCard(db: Db, customerId: number) {
  const [row] = await db
    .select({ customerRef: paymentCustomers.customerRef, cardRef: paymentCards.cardRef })
    .from(paymentCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.userId, paymentCards.userId))
    .where(eq(paymentCards.userId, customerId));
  if (!row) throw AppError.badRequest(MSG.noActiveCard);
  return row;
}

/** Charges the customer's card and holds the amount in the request's escrow; the fee goes to the platform. */
export async function holdInEscrow(opts: {
  db: Db;
  gateway: PaymentGateway;
  requestId: number;
  customerId: number;
  amountCents: number;
  feeCents: number;
  /** Part of the idempotency key: the same attempt never charges twice. */
  attempt: number | string;
  apply?: (tx: Tx) => Promise<void>;
  timeoutMs?: number;
}): Promise<MovementResult> {
  const card = await chargeableCard(opts.db, opts.customerId);
  const total = opts.amountCents + opts.feeCents;
  const entries: Entry[] = [
    { account: account.customerCard(opts.customerId), amountCents: -total },
    { account: account.escrow(opts.requestId), amountCents: opts.amountCents },
  ];
  if (opts.feeCents > 0)
    entries.push({ account: account.platformFees, amountCents: opts.feeCents });
  return moveMoney({
    ...opts,
    idempotencyKey: `${opts.requestId}:hold:${opts.attempt}`,
    kind: 'hold',
    amountCents: total,
    entries,
    call: (gateway, key) =>
      gateway.charge({
        customerRef: card.customerRef,
        cardRef: card.cardRef,
        amountCents: total,
        idempotencyKey: key,
        description: `Move request #${opts.requestId}: payment into escrow`,
      }),
  });
}

/** Releases escrow to the company: paid out to its connected account when it has one. */
export async function releaseToCompany(opts: {
  db: Db;
  gateway: PaymentGateway;
  requestId: number;
  companyId: number;
  amountCents: number;
  destination: string | null;
  apply?: (tx: Tx) => Promise<void>;
}): Promise<MovementResult> {
  await assertEscrowCovers(opts.db, opts.requestId, opts.amountCents);
  return moveMoney({
    ...opts,
    idempotencyKey: `${opts.requestId}:release:1`,
    kind: 'release',
    entries: [
      { account: account.escrow(opts.requestId), amountCents: -opts.amountCents },
      { account: account.companyPayable(opts.companyId), amountCents: opts.amountCents },
    ],
    call: async (gateway, key) =>
      opts.destination
        ? gateway.transfer({
            destination: opts.destination,
            amountCents: opts.amountCents,
            idempotencyKey: key,
            description: `Move request #${opts.requestId}: release of escrow`,
          })
        : // No connected account yet: the money stays on the platform balance, owed to the company.
          { ref: `platform_balance:${key}` },
  });
}

/**
 * Gives all or part of the escrow back to the customer's card. `reason` names what the refund is
 * for in its idempotency key (`{request}:refund-{reason}:{attempt}`), so that refunds of different
 * causes (a cancellation, a change of price) never answer for each other.
 */
export async function refundFromEscrow(opts: {
  db: Db;
  gateway: PaymentGateway;
  requestId: number;
  customerId: number;
  amountCents: number;
  attempt: number;
  reason?: 'cancel' | 'change';
  apply?: (tx: Tx) => Promise<void>;
}): Promise<MovementResult> {
  await assertEscrowCovers(opts.db, opts.requestId, opts.amountCents);
  // The latest charge that covers the amount (a provider refunds at most what a charge took:
  // a change's small charge cannot carry the refund of a larger saving), else the latest.
  const [hold] = await opts.db
    .select({ ref: payments.gatewayRef })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, opts.requestId),
        eq(payments.kind, 'hold'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(sql`${payments.amountCents} >= ${opts.amountCents} desc`, sql`${payments.id} desc`)
    .limit(1);
  if (!hold?.ref) throw AppError.badRequest('Nothing was paid for this request.');
  const chargeRef = hold.ref;
  return moveMoney({
    ...opts,
    idempotencyKey: opts.reason
      ? `${opts.requestId}:refund-${opts.reason}:${opts.attempt}`
      : `${opts.requestId}:refund:${opts.attempt}`,
    kind: 'refund',
    entries: [
      { account: account.escrow(opts.requestId), amountCents: -opts.amountCents },
      { account: account.customerCard(opts.customerId), amountCents: opts.amountCents },
    ],
    call: (gateway, key) =>
      gateway.refund({ chargeRef, amountCents: opts.amountCents, idempotencyKey: key }),
  });
}

/**
 * The part of a cancelled request's escrow that the Cancellation policy gives the company: owed
 * to it on the platform balance (company_payable, paid out with its other earnings), with no call
 * to the provider. Written in the caller's transaction, once per request (its key).
 */
export async function keepCancellationFee(opts: {
  db: Tx;
  requestId: number;
  companyId: number;
  amountCents: number;
}): Promise<void> {
  await postLedgerTransaction({
    db: opts.db,
    idempotencyKey: `${opts.requestId}:cancellation-fee:1`,
    kind: 'cancellation_fee',
    requestId: opts.requestId,
    paymentId: null,
    entries: [
      { account: account.escrow(opts.requestId), amountCents: -opts.amountCents },
      { account: account.companyPayable(opts.companyId), amountCents: opts.amountCents },
    ],
  });
}

/** Charges a tip to the customer's card, owed to the company. */
export async function chargeTip(opts: {
  db: Db;
  gateway: PaymentGateway;
  requestId: number;
  customerId: number;
  companyId: number;
  amountCents: number;
  attempt: number;
  apply?: (tx: Tx) => Promise<void>;
}): Promise<MovementResult> {
  const card = await chargeableCard(opts.db, opts.customerId);
  return moveMoney({
    ...opts,
    idempotencyKey: `${opts.requestId}:tip:${opts.attempt}`,
    kind: 'tip',
    entries: [
      { account: account.customerCard(opts.customerId), amountCents: -opts.amountCents },
      { account: account.tipsPayable(opts.companyId), amountCents: opts.amountCents },
    ],
    call: (gateway, key) =>
      gateway.charge({
        customerRef: card.customerRef,
        cardRef: card.cardRef,
        amountCents: opts.amountCents,
        idempotencyKey: key,
        description: `Move request #${opts.requestId}: tip`,
      }),
  });
}

async function assertEscrowCovers(db: Db, requestId: number, amountCents: number): Promise<void> {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw AppError.badRequest('The amount must be above zero.');
  const held = await balanceOf({ db, account: account.escrow(requestId) });
  if (held < amountCents)
    throw AppError.badRequest('The escrow of this request does not hold that much.');
}

/**
 * A provider's notice about a payment (a Stripe webhook). Charged at the provider: the payment
 * remembers the provider's reference, and the client's retry with the same idempotency key
 * completes it. Failed: a pending payment is marked failed, so a retry charges afresh. Ledger
 * entries are never written here: they belong to the transaction of the state change that
 * caused the payment.
 */
export async function recordPaymentNotice(opts: { db: Tx; notice: PaymentNotice }): Promise<void> {
  const { db, notice } = opts;
  if (notice.outcome === 'succeeded') {
    await db
      .update(payments)
      .set({ gatewayRef: notice.ref, updatedAt: new Date() })
      .where(
        and(
          eq(payments.idempotencyKey, notice.idempotencyKey),
          inArray(payments.status, ['pending', 'failed']),
        ),
      );
  } else if (notice.outcome === 'failed') {
    await db
      .update(payments)
      .set({ status: 'failed', error: `provider: ${notice.status}`, updatedAt: new Date() })
      .where(
        and(eq(payments.idempotencyKey, notice.idempotencyKey), eq(payments.status, 'pending')),
      );
  }
}
