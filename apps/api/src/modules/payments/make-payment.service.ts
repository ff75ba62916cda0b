import { and, desc, eq, sql } from 'drizzle-orm';
import {
  canMakePayment,
  formatUsd,
  isPaidIntoEscrow,
  MSG,
  paymentBreakdown,
  RequestStatus,
  TIMELINE_LABELS,
  TimelineStatus,
  type PaymentBreakdown,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { paymentCards, payments, requests } from '../../db/schema';
import { AppError } from '../../errors';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import {
  lockCustomerRequest,
  moveRequest,
  REQUEST_NOT_FOUND,
  type RequestRow,
} from '../lifecycle/lifecycle.service';
import { notify } from '../notifications/notifications.service';
import { notifyCustomer } from '../customer-messages/customer-messages.service';
import { COMPENSATED, holdInEscrow } from './payments.service';

/*
 * make_payment (spec/request-lifecycle.md §2 Payment, §4 "Bid and payment flow" 2 → 3).
 *
 * The provider is never called inside a database transaction: a network call there would hold
 * the request's row lock (and a pooled connection) for as long as the provider takes. So, as
 * payments.service's moveMoney does for every movement:
 * 1. outside any transaction, read the request and refuse what cannot be paid (404 not yours,
 *    422 not awaiting payment, 409 the price shown is not the price now, 400 no card);
 * 2. claim the idempotency key and charge the card with it (a concurrent duplicate gets 409 and
 *    charges nothing, a finished one gets the first result back);
 * 3. in ONE transaction: lock the request, check it is still awaiting payment at the same price
 *    (else 409: the race was lost, and the charge is refunded by moveMoney), mark the payment
 *    succeeded, write the balanced ledger entries (card → escrow + platform fee), move 2 → 3
 *    with its history and timeline entry, and notify the company and the customer.
 * A decline or a provider failure stops at step 2: status stays 2 and no ledger entry exists.
 */

export const PAYMENT_TEXT = {
  paid: 'Your payment is held in escrow until you confirm the move.',
  notPayable: (status: string) => `This request cannot be paid now: it is ${status}.`,
  noFinalPrice: 'This request has no final price to pay yet.',
  priceChanged: (total: string) =>
    `The price changed: it is now ${total}. Please look at it again before paying.`,
  raced: 'This request changed while your payment was made; the charge was reversed.',
  // Notifications (payment).
  paidForCompany: (amount: string, requestId: number) =>
    `Request #${requestId} was paid: ${amount} is held in escrow for the move.`,
  paidForCustomer: (total: string, requestId: number) =>
    `Your payment of ${total} for request #${requestId} is held in escrow until you confirm the move.`,
} as const;

export interface MadePayment {
  requestId: number;
  timelineStatus: number;
  breakdown: PaymentBreakdown;
}

const statusWords = (timeline: number) =>
  TIMELINE_LABELS[timeline as TimelineStatus] ?? String(timeline);

/** The request as its customer may pay it: 404 when it is not theirs. */
async function customerRequest(db: Db, requestId: number, customerId: number) {
  const [row] = await db.select().from(requests).where(eq(requests.id, requestId));
  if (!row || row.customerId !== customerId) throw AppError.notFound(REQUEST_NOT_FOUND);
  return row;
}

function breakdownOf(request: RequestRow): PaymentBreakdown | null {
  if (request.finalAmountCents === null) return null;
  return paymentBreakdown(request.finalAmountCents, request.discountPercent);
}

const awaitingPayment = (request: RequestRow) =>
  request.requestStatus === RequestStatus.active && canMakePayment(request.timelineStatus);

/** The hold that paid this request, if one succeeded. */
async function succeededHold(db: Db, requestId: number) {
  const [row] = await db
    .select({ id: payments.id, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        eq(payments.kind, 'hold'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * The customer pays the accepted bid into escrow: `priceCents` must be the total the screen
 * showed. Paying twice (or twenty times at once) charges once: a call that finds the request
 * already paid answers with that payment; one that arrives while the first is at the provider
 * gets 409 'This payment is already being processed.' A claim whose call died before recording
 * the provider's answer is taken over once it is older than the provider's time-out (moveMoney).
 */
export async function makePayment(opts: {
  db: Db;
  gateway: PaymentGateway;
  customerId: number;
  requestId: number;
  priceCents: number;
  /** How long the provider may take (tests shorten it). */
  timeoutMs?: number;
}): Promise<MadePayment> {
  const { db, customerId } = opts;
  const request = await customerRequest(db, opts.requestId, customerId);

  if (!awaitingPayment(request)) {
    // Already paid: the repeat of a call whose answer was lost. Nothing is charged again.
    const hold = isPaidIntoEscrow(request.timelineStatus)
      ? await succeededHold(db, request.id)
      : null;
    const breakdown = breakdownOf(request);
    if (hold && breakdown) {
      return { requestId: request.id, timelineStatus: request.timelineStatus, breakdown };
    }
    throw AppError.unprocessable(PAYMENT_TEXT.notPayable(statusWords(request.timelineStatus)));
  }
  const breakdown = breakdownOf(request);
  if (!breakdown) throw AppError.unprocessable(PAYMENT_TEXT.noFinalPrice);
  if (breakdown.totalCents !== opts.priceCents) {
    throw AppError.conflict(PAYMENT_TEXT.priceChanged(formatUsd(breakdown.totalCents)));
  }

  const [card] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(eq(paymentCards.userId, customerId));
  if (!card) throw AppError.badRequest(MSG.noActiveCard);
  // The attempt (part of the idempotency key) names the card, the total and how many attempts
  // were reversed before. The provider answers a key with its first outcome: a declined card
  // stays declined under its key, while a card put in its place, a new price or a new start
  // after a reversed charge is a new attempt. A provider failure keeps the key, so a charge the
  // provider did make is found on the retry, not made again.
  const [reversed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, request.id),
        eq(payments.kind, 'hold'),
        eq(payments.status, 'failed'),
        eq(payments.error, COMPENSATED),
      ),
    );
  const attempt = `${card.id}-${breakdown.totalCents}-${(reversed?.n ?? 0) + 1}`;

  let timelineStatus = request.timelineStatus;
  const held = await holdInEscrow({
    db,
    gateway: opts.gateway,
    requestId: request.id,
    customerId,
    amountCents: breakdown.discountedCents,
    feeCents: breakdown.feeCents,
    attempt,
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    apply: async (tx: Tx) => {
      const locked = await lockCustomerRequest(tx, request.id, customerId);
      // Changed since the first read (cancelled, paid by another tab, repriced): a lost race.
      if (!awaitingPayment(locked)) throw AppError.conflict(PAYMENT_TEXT.raced);
      const now = breakdownOf(locked);
      if (!now || now.totalCents !== breakdown.totalCents) {
        throw AppError.conflict(PAYMENT_TEXT.raced);
      }
      const moved = await moveRequest(tx, {
        request: locked,
        action: 'pay',
        actor: { type: 'customer', userId: customerId },
      });
      timelineStatus = moved.timelineStatus;
      if (locked.companyId !== null) {
        await notify({
          db: tx,
          userId: locked.companyId,
          requestId: locked.id,
          message: PAYMENT_TEXT.paidForCompany(formatUsd(breakdown.discountedCents), locked.id),
        });
      }
      // In-app, and by email with the calendar invite (and SMS) after the commit.
      await notifyCustomer({
        db: tx,
        userId: customerId,
        requestId: locked.id,
        event: 'payment',
        calendar: 'request',
        message: PAYMENT_TEXT.paidForCustomer(formatUsd(breakdown.totalCents), locked.id),
      });
    },
  });
  if (held.replayed) {
    // Another call with this key finished first; the request's status is what it made it.
    const [now] = await db
      .select({ timelineStatus: requests.timelineStatus })
      .from(requests)
      .where(eq(requests.id, request.id));
    timelineStatus = now?.timelineStatus ?? TimelineStatus.paid;
  }
  return { requestId: request.id, timelineStatus, breakdown };
}
