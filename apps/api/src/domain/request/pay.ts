import { and, eq } from 'drizzle-orm';
import {
  canMakePayment,
  formatUsd,
  isActiveRequest,
  isPaidIntoEscrow,
  paymentBreakdown,
  TIMELINE_LABELS,
  type PaymentBreakdown,
  type TimelineStatus,
} from '@movehub/shared';
import { payments, requests } from '../../db/schema';
import { AppError } from '../../errors';
import type { Domain } from '../context';
import { account } from '../money/ledger';
import { chargeableCardOf, type MovementPurpose, type PaymentRow } from '../money/movements';
import { runRequestCommand, type CommandContext } from './command';
import type { RequestRow } from './lifecycle';
import { answerOf } from './outcomes';
import { compensate, COMPENSATION_TEXT } from './compensation';

/*
 * make_payment (spec/request-lifecycle.md §2 Payment, §4 "Bid and payment flow" 2 → 3).
 *
 * Under the request's lock: refuse what cannot be paid (404 not yours, 422 not awaiting payment,
 * 409 the price shown is not the price now, 400 no card), then write the charge as a pending
 * movement (card → escrow and the platform's fee). After the commit the provider is asked under
 * the movement's key; its answer settles the movement under the lock again: a success posts it
 * and moves the request to paid (payPosted), a decline voids it and nothing else changes.
 *
 * Twenty calls at once charge once: the first reserves, the others find its movement unsettled
 * and ask about the same one (the provider answers a key with its first outcome), or get 409
 * while it is at the provider. A call after the payment answers with it and charges nothing.
 */

export const PAYMENT_TEXT = {
  paid: 'Your payment is held in escrow until you confirm the move.',
  notPayable: (status: string) => `This request cannot be paid now: it is ${status}.`,
  noFinalPrice: 'This request has no final price to pay yet.',
  priceChanged: (total: string) =>
    `The price changed: it is now ${total}. Please look at it again before paying.`,
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

function breakdownOf(request: RequestRow): PaymentBreakdown | null {
  if (request.finalAmountCents === null) return null;
  return paymentBreakdown(request.finalAmountCents, request.discountPercent);
}

const awaitingPayment = (request: RequestRow) =>
  isActiveRequest(request.requestStatus) && canMakePayment(request.timelineStatus);

/** A pending charge of make_payment for this total: the same payment, asked again. */
const samePayment = (pending: PaymentRow, totalCents: number) =>
  pending.kind === 'hold' &&
  (pending.purpose as MovementPurpose | null)?.type === 'pay' &&
  pending.amountCents === totalCents;

export async function makePayment(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  priceCents: number;
}): Promise<MadePayment> {
  const { customerId } = opts;
  const { value, movements } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: customerId },
    authorize: (r) => r.customerId === customerId,
    money: {
      resume: (pending) => samePayment(pending, opts.priceCents),
      read: () => ({ cardOf: customerId }),
    },
    run: async (ctx) => {
      const { request } = ctx;
      if (ctx.pending) {
        ctx.resume(ctx.pending);
        return { breakdown: breakdownOf(request)!, status: request.timelineStatus };
      }
      if (!awaitingPayment(request)) {
        // Already paid: the repeat of a call whose answer was lost. Nothing is charged again.
        const breakdown = breakdownOf(request);
        if (breakdown && isPaidIntoEscrow(request.timelineStatus) && (await paidBy(ctx))) {
          return { breakdown, status: request.timelineStatus };
        }
        throw AppError.unprocessable(PAYMENT_TEXT.notPayable(statusWords(request.timelineStatus)));
      }
      const breakdown = breakdownOf(request);
      if (!breakdown) throw AppError.unprocessable(PAYMENT_TEXT.noFinalPrice);
      if (breakdown.totalCents !== opts.priceCents) {
        throw AppError.conflict(PAYMENT_TEXT.priceChanged(formatUsd(breakdown.totalCents)));
      }
      const card = chargeableCardOf(ctx.read.card);
      const entries = [
        { account: account.customerCard(customerId), amountCents: -breakdown.totalCents },
        { account: account.escrow(request.id), amountCents: breakdown.discountedCents },
      ];
      if (breakdown.feeCents > 0) {
        entries.push({ account: account.platformFees, amountCents: breakdown.feeCents });
      }
      await ctx.reserve({
        kind: 'hold',
        amountCents: breakdown.totalCents,
        customerId,
        targetRef: card.cardRef,
        customerRef: card.customerRef,
        entries,
        purpose: {
          type: 'pay',
          totalCents: breakdown.totalCents,
          discountedCents: breakdown.discountedCents,
          feeCents: breakdown.feeCents,
        },
      });
      return { breakdown, status: request.timelineStatus };
    },
  });
  // A movement asked for now (or taken over from a call whose answer was lost) must have posted;
  // a replay of a finished payment asked the provider nothing.
  const outcome = movements[0];
  if (outcome) answerOf(outcome);
  // The status the settlement left (paid), or, asked again, the one the call found.
  const settled = outcome?.state === 'posted' ? (outcome.result as number | undefined) : undefined;
  // Posted, yet given back (the request had moved on): the customer is told so, not that it paid.
  if (outcome?.state === 'posted' && outcome.givenBack) {
    throw AppError.conflict(COMPENSATION_TEXT.notApplied);
  }
  return {
    requestId: opts.requestId,
    timelineStatus: settled ?? (await statusNow(opts.domain, opts.requestId, value.status)),
    breakdown: value.breakdown,
  };
}

/**
 * The request's status after a payment another call settled: read again, since that call's
 * settlement may have landed after this one locked the request.
 */
async function statusNow(domain: Domain, requestId: number, seen: number): Promise<number> {
  if (isPaidIntoEscrow(seen)) return seen;
  const [now] = await domain.db
    .select({ timelineStatus: requests.timelineStatus })
    .from(requests)
    .where(eq(requests.id, requestId));
  return now?.timelineStatus ?? seen;
}

/** Whether a charge of make_payment for this request succeeded. */
async function paidBy(ctx: CommandContext): Promise<boolean> {
  const rows = await ctx.tx
    .select({ purpose: payments.purpose, idempotencyKey: payments.idempotencyKey })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, ctx.request.id),
        eq(payments.kind, 'hold'),
        eq(payments.status, 'succeeded'),
      ),
    );
  // A payment made before movements had a purpose is the request's hold that no change made.
  return rows.some((r) =>
    r.purpose === null
      ? !r.idempotencyKey.includes(':hold:change-')
      : (r.purpose as MovementPurpose).type === 'pay',
  );
}

/**
 * The charge of make_payment succeeded (settled under the lock): the request is paid, 2 → 3, and
 * the company and the customer are told (the customer by email too, with the calendar invite).
 */
export async function payPosted(
  ctx: CommandContext,
  payment: PaymentRow,
): Promise<number | undefined> {
  const purpose = payment.purpose as Extract<MovementPurpose, { type: 'pay' }>;
  const { request } = ctx;
  if (!awaitingPayment(request)) {
    // Cannot happen while the movement blocks every other money command; if it ever does, the
    // customer gets the charge back rather than paying for a request that moved on.
    await compensate(ctx, payment);
    return undefined;
  }
  // The status, its history and timeline are written with the events and the receipt.
  ctx.moveLater('pay');
  const notices = [];
  if (request.companyId !== null) {
    notices.push({
      userId: request.companyId,
      message: PAYMENT_TEXT.paidForCompany(formatUsd(purpose.discountedCents), request.id),
    });
  }
  if (request.customerId !== null) {
    notices.push({
      userId: request.customerId,
      message: PAYMENT_TEXT.paidForCustomer(formatUsd(purpose.totalCents), request.id),
      customer: {
        event: 'payment' as const,
        calendar: { method: 'request' as const, sequence: await ctx.calendarSequence(false) },
      },
    });
  }
  ctx.emit({ type: 'request.paid', notices, data: { companyId: request.companyId } });
  return ctx.request.timelineStatus;
}
