import { and, eq, sql } from 'drizzle-orm';
import {
  BidStatus,
  formatUsd,
  INT4_MAX,
  hasBidsToCompare,
  isAwaitingResponse,
  isOpenForBids,
  type PlacedBid,
} from '@movehub/shared';
import type { Transaction } from '../../db/client';
import { requestBids } from '../../db/schema';
import { AppError } from '../../errors';
import type { Notice } from '../../platform/events/events';
import { BID_TEXT, companyFacts } from '../../modules/bids/bids.service';
import { claimReferralDiscount } from '../../modules/referrals/referrals.service';
import type { Domain } from '../context';
import { runRequestCommand, type CommandContext } from './command';
import { guardView, REQUEST_NOT_FOUND } from './lifecycle';
import { companyName } from './names';

/*
 * The bids' commands (decision 011, spec §4 "Bid and payment flow"): a company places, changes
 * and withdraws its bid on a request open for bids, the customer deletes a bid or accepts one.
 * Each is one request command (docs/decisions/033): under the request's lock the first open bid
 * moves it 0 → 1, the last one removed 1 → 0 and an accepted bid 1 → 2, and the other party is
 * told after the commit. Two accepts racing: the second waits for the lock, then finds the
 * request at 2 and gets 409.
 */

/**
 * Places the company's bid on a request, or changes it (also the demo simulator's entry): 404
 * when the request is unknown or outside the company's area (ids don't leak), 409 when it is not
 * open for bids (accepted, cancelled, direct). A bid withdrawn earlier is placed again. The
 * customer is told of every new bid and every changed amount.
 */
export async function placeBid(opts: {
  domain: Domain;
  companyId: number;
  requestId: number;
  bidAmountCents: number;
  movers?: number | null;
}): Promise<PlacedBid> {
  const cents = opts.bidAmountCents;
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > INT4_MAX) {
    throw AppError.badRequest(BID_TEXT.amountInvalid);
  }
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'company', userId: opts.companyId },
    run: async (ctx) => {
      const { tx, request } = ctx;
      const company = await companyFacts(tx, opts.companyId, request.id);
      if (!company) throw AppError.notFound(BID_TEXT.companyNotFound);
      if (!company.serves) throw AppError.notFound(REQUEST_NOT_FOUND);
      if (!isOpenForBids(guardView(request))) throw AppError.conflict(BID_TEXT.notOpen);

      const [existing] = await tx
        .select()
        .from(requestBids)
        .where(
          and(eq(requestBids.requestId, request.id), eq(requestBids.companyId, opts.companyId)),
        )
        .limit(1);
      // A new bid offers the request's crew unless the company names another.
      const movers =
        opts.movers !== undefined
          ? opts.movers
          : existing?.status === BidStatus.open
            ? existing.movers
            : request.movers;
      let message: string | null;
      if (!existing) {
        await tx.insert(requestBids).values({
          requestId: request.id,
          companyId: opts.companyId,
          bidAmountCents: cents,
          movers,
          status: BidStatus.open,
        });
        message = BID_TEXT.newBid(company.name, formatUsd(cents), request.id);
      } else {
        // An accepted bid exists only on a request that is no longer open: refused above.
        const reopened = existing.status !== BidStatus.open;
        await tx
          .update(requestBids)
          .set({ bidAmountCents: cents, movers, status: BidStatus.open, updatedAt: sql`now()` })
          .where(eq(requestBids.id, existing.id));
        message = reopened
          ? BID_TEXT.newBid(company.name, formatUsd(cents), request.id)
          : existing.bidAmountCents !== cents
            ? BID_TEXT.changedBid(
                company.name,
                formatUsd(existing.bidAmountCents),
                formatUsd(cents),
                request.id,
              )
            : null;
      }
      if (isAwaitingResponse(request.timelineStatus)) await ctx.move('firstBid');
      const notices: Notice[] =
        message && request.customerId !== null ? [{ userId: request.customerId, message }] : [];
      ctx.emit({ type: 'request.bid_placed', notices });
      return {
        request_id: request.id,
        company_id: opts.companyId,
        bid_amount: cents / 100,
        movers: movers ?? null,
        request_timeline_status: ctx.request.timelineStatus,
      };
    },
  });
  return value;
}

/**
 * Marks an open bid deleted; when no open bid remains the request goes back 1 → 0 (spec §4:
 * nothing left to compare).
 */
async function removeBid(ctx: CommandContext, bidId: number): Promise<void> {
  await ctx.tx
    .update(requestBids)
    .set({ status: BidStatus.deleted, updatedAt: sql`now()` })
    .where(eq(requestBids.id, bidId));
  const [left] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(requestBids)
    .where(and(eq(requestBids.requestId, ctx.request.id), eq(requestBids.status, BidStatus.open)));
  if ((left?.n ?? 0) === 0 && hasBidsToCompare(ctx.request.timelineStatus)) {
    await ctx.move('lastBidRemoved');
  }
}

export interface BidRemoved {
  requestId: number;
  timelineStatus: number;
}

/** A company withdraws its open bid: 404 without one, 409 once the request is not open. */
export async function withdrawBid(opts: {
  domain: Domain;
  companyId: number;
  requestId: number;
}): Promise<BidRemoved> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'company', userId: opts.companyId },
    notFound: BID_TEXT.noBid,
    run: async (ctx) => {
      const { tx, request } = ctx;
      const [bid] = await tx
        .select()
        .from(requestBids)
        .where(
          and(eq(requestBids.requestId, request.id), eq(requestBids.companyId, opts.companyId)),
        )
        .limit(1);
      if (!bid) throw AppError.notFound(BID_TEXT.noBid);
      if (!isOpenForBids(guardView(request))) throw AppError.conflict(BID_TEXT.notOpen);
      if (bid.status !== BidStatus.open) throw AppError.conflict(BID_TEXT.bidWithdrawn);
      await removeBid(ctx, bid.id);
      const notices: Notice[] =
        request.customerId === null
          ? []
          : [
              {
                userId: request.customerId,
                message: BID_TEXT.withdrawnBid(await companyName(tx, opts.companyId), request.id),
              },
            ];
      ctx.emit({ type: 'request.bid_removed', notices });
      return { requestId: request.id, timelineStatus: ctx.request.timelineStatus };
    },
  });
  return value;
}

/** A company's open bid on a request, if it has one. */
async function openBidOf(tx: Transaction, requestId: number, companyId: number) {
  const [bid] = await tx
    .select()
    .from(requestBids)
    .where(
      and(
        eq(requestBids.requestId, requestId),
        eq(requestBids.companyId, companyId),
        eq(requestBids.status, BidStatus.open),
      ),
    )
    .limit(1);
  return bid ?? null;
}

/** The customer removes a company's open bid; the last one sends the request back 1 → 0. */
export async function deleteBid(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  companyId: number;
}): Promise<BidRemoved> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: opts.customerId },
    authorize: (r) => r.customerId === opts.customerId,
    run: async (ctx) => {
      const { tx, request } = ctx;
      if (!isOpenForBids(guardView(request))) throw AppError.conflict(BID_TEXT.notOpen);
      const bid = await openBidOf(tx, request.id, opts.companyId);
      if (!bid) throw AppError.notFound(BID_TEXT.bidNotFound);
      await removeBid(ctx, bid.id);
      ctx.emit({
        type: 'request.bid_removed',
        notices: [{ userId: opts.companyId, message: BID_TEXT.deletedBid(request.id) }],
      });
      return { requestId: request.id, timelineStatus: ctx.request.timelineStatus };
    },
  });
  return value;
}

export interface AcceptedBid {
  requestId: number;
  companyId: number;
  finalAmountCents: number;
  discount: number;
  timelineStatus: number;
}

/**
 * The customer accepts a company's bid (spec §4: 1 → 2): the bid must be open and final_amount
 * must be its amount (409 when it changed since the customer saw it). The request takes the
 * company, the bid, its amount and crew, and the referral discount when this is the referred
 * customer's first accepted move. The other open bids stay as they were; the request is simply
 * no longer open for them.
 */
export async function acceptBid(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  companyId: number;
  finalAmountCents: number;
}): Promise<AcceptedBid> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: opts.customerId },
    authorize: (r) => r.customerId === opts.customerId,
    run: async (ctx) => {
      const { tx, request } = ctx;
      if (!isOpenForBids(guardView(request))) throw AppError.conflict(BID_TEXT.notOpen);
      // Open for bids, a request's bids are open or deleted (accepted ones come after).
      const bid = await openBidOf(tx, request.id, opts.companyId);
      if (!bid) throw AppError.notFound(BID_TEXT.bidNotFound);
      if (bid.bidAmountCents !== opts.finalAmountCents) {
        throw AppError.conflict(BID_TEXT.bidChanged(formatUsd(bid.bidAmountCents)));
      }
      const claimed = await claimReferralDiscount({
        db: tx,
        customerId: opts.customerId,
        requestId: request.id,
      });
      const discount = claimed > 0 ? claimed : request.discountPercent;
      const moved = await ctx.move('acceptBid', {
        set: {
          companyId: bid.companyId,
          acceptedBidId: bid.id,
          acceptedAt: ctx.now,
          finalAmountCents: bid.bidAmountCents,
          movers: bid.movers ?? request.movers,
          discountPercent: discount,
        },
      });
      await tx
        .update(requestBids)
        .set({ status: BidStatus.accepted, updatedAt: sql`now()` })
        .where(eq(requestBids.id, bid.id));
      const amount = formatUsd(bid.bidAmountCents);
      const company = await companyName(tx, bid.companyId);
      ctx.emit({
        type: 'request.accepted',
        notices: [
          { userId: bid.companyId, message: BID_TEXT.acceptedForCompany(amount, request.id) },
          {
            userId: opts.customerId,
            message: BID_TEXT.acceptedForCustomer(company, amount, request.id),
          },
        ],
      });
      return {
        requestId: request.id,
        companyId: bid.companyId,
        finalAmountCents: bid.bidAmountCents,
        discount,
        timelineStatus: moved.timelineStatus,
      };
    },
  });
  return value;
}
