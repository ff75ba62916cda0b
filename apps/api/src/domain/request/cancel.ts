import { and, eq, ne, sql } from 'drizzle-orm';
import {
  BidStatus,
  canCancel,
  cancellationRefund,
  formatUsd,
  isPaidIntoEscrow,
  moveWindowStart,
  MSG,
  type CancellationRefund,
} from '@movehub/shared';
import type { Tx } from '../../db/client';
import { requestBids } from '../../db/schema';
import { AppError } from '../../errors';
import type { Notice } from '../../platform/events/events';
import type { Domain } from '../context';
import { account, availableOf } from '../money/ledger';
import { runRequestCommand } from './command';
import { reserveEscrowRefund } from './escrow-refund';
import { guardView, type RequestRow } from './lifecycle';

/*
 * delete_request: the customer cancels their request (spec §4: non-direct requests below 7;
 * docs/decisions/013 and 033). Before payment nothing moves. After payment the escrow is shared
 * by the Cancellation policy (packages/shared rules/cancellation.ts): the refund goes back through
 * the provider, the rest is the company's cancellation fee.
 *
 * Everything is decided in one transaction under the request's lock, from the escrow as it stands
 * then (posted, less what pending movements take out; a command that moves money waits while one
 * is unsettled, so the escrow is what the provider holds): status 11, the fee posted to the
 * company, the refund written as pending movements (one per charge it goes back through), the
 * open bids closed and everyone told. After the commit the provider makes the refund; one that
 * does not answer stays pending and is made by the reconciliation job under the same key. A
 * second cancel, or any other command on the request, sees the cancelled request.
 */

export const CANNOT_CANCEL = 'This request can no longer be cancelled.';

export const CANCEL_TEXT = {
  forCustomer: (requestId: number, refund: string | null) =>
    `Request #${requestId} has been cancelled.${refund ? ` ${refund} is refunded to your card.` : ''}`,
  forCompany: (requestId: number, fee: string | null) =>
    `Request #${requestId} was cancelled by the customer.${
      fee ? ` ${fee} of its escrow is yours as the cancellation fee.` : ''
    }`,
} as const;

/** What cancelling a request at `now` moves under the Cancellation policy (shared rule). */
export async function cancellationPolicyOf(
  db: Tx,
  request: Pick<
    RequestRow,
    'id' | 'timelineStatus' | 'moveDate' | 'windowFrom' | 'moveTime' | 'companyId'
  >,
  opts: { timeZone: string; now: Date },
): Promise<CancellationRefund> {
  const held = isPaidIntoEscrow(request.timelineStatus)
    ? await availableOf({ db, account: account.escrow(request.id) })
    : 0;
  const policy = cancellationRefund({
    timeline: request.timelineStatus,
    heldCents: held,
    windowStart: moveWindowStart({
      moveDate: request.moveDate,
      windowFrom: request.windowFrom,
      moveTime: request.moveTime,
      timeZone: opts.timeZone,
    }),
    now: opts.now,
  });
  // A fee is the company's; with no company to owe it to, all of it goes back.
  if (request.companyId === null && policy.keptCents > 0) {
    return { tier: policy.tier, refundCents: held, keptCents: 0 };
  }
  return policy;
}

export interface CancelOutcome {
  request: RequestRow;
  refundCents: number;
  keptCents: number;
}

export async function cancelCustomerRequest(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  now?: Date;
}): Promise<CancelOutcome> {
  const { domain, customerId } = opts;
  const { value } = await runRequestCommand(domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: customerId },
    authorize: (r) => r.customerId === customerId,
    money: {},
    run: async (ctx) => {
      const request = ctx.request;
      if (!canCancel(guardView(request))) throw AppError.conflict(CANNOT_CANCEL);
      const policy = await cancellationPolicyOf(ctx.tx, request, {
        timeZone: domain.timeZone,
        now: opts.now ?? ctx.now,
      });
      if (policy.keptCents > 0 && request.companyId !== null) {
        await ctx.post({
          idempotencyKey: `${request.id}:cancellation-fee:1`,
          kind: 'cancellation_fee',
          entries: [
            { account: account.escrow(request.id), amountCents: -policy.keptCents },
            { account: account.companyPayable(request.companyId), amountCents: policy.keptCents },
          ],
        });
      }
      if (policy.refundCents > 0) {
        await reserveEscrowRefund(ctx, {
          customerId,
          amountCents: policy.refundCents,
          purpose: { type: 'cancel-refund' },
        });
      }
      const bidders = await ctx.tx
        .selectDistinct({ companyId: requestBids.companyId })
        .from(requestBids)
        .where(
          and(eq(requestBids.requestId, request.id), ne(requestBids.status, BidStatus.deleted)),
        );
      const cancelled = await ctx.move('cancel');
      await ctx.timeline(
        ...(policy.refundCents > 0 ? [MSG.refundAmount(formatUsd(policy.refundCents))] : []),
        ...(policy.keptCents > 0 ? [MSG.cancellationFeeAmount(formatUsd(policy.keptCents))] : []),
      );
      await ctx.tx
        .update(requestBids)
        .set({ status: BidStatus.deleted, updatedAt: sql`now()` })
        .where(and(eq(requestBids.requestId, request.id), eq(requestBids.status, BidStatus.open)));

      const refund = policy.refundCents > 0 ? formatUsd(policy.refundCents) : null;
      const notices: Notice[] = [
        {
          userId: customerId,
          message: CANCEL_TEXT.forCustomer(request.id, refund),
          // By email too, with the cancelled calendar invite once one was sent.
          customer: {
            event: 'cancelled',
            calendar: { method: 'cancel', sequence: await ctx.calendarSequence(true) },
          },
        },
      ];
      const companies = new Set(bidders.map((b) => b.companyId));
      if (request.companyId !== null) companies.add(request.companyId);
      for (const companyId of companies) {
        const fee =
          companyId === request.companyId && policy.keptCents > 0
            ? formatUsd(policy.keptCents)
            : null;
        notices.push({ userId: companyId, message: CANCEL_TEXT.forCompany(request.id, fee) });
      }
      ctx.emit({ type: 'request.cancelled', notices });
      return { request: cancelled, refundCents: policy.refundCents, keptCents: policy.keptCents };
    },
  });
  // The cancel stands whatever the provider answered: a refund it did not make yet is pending,
  // made by the reconciliation job under the same key.
  return value;
}
