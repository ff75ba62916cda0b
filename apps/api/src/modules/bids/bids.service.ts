import { and, asc, eq, sql } from 'drizzle-orm';
import {
  formatUsd,
  isOpenForBids,
  TimelineStatus,
  toDollars,
  type PlacedBid,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import {
  companyProfiles,
  companyServiceZips,
  requestAddresses,
  requestBids,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  lockRequest,
  moveRequest,
  REQUEST_NOT_FOUND,
  type RequestRow,
} from '../lifecycle/lifecycle.service';
import { notify } from '../notifications/notifications.service';

/*
 * Placing a bid, the one way for the partner API and the demo simulator alike. (A minimal
 * version: the bids module of the partner API supersedes it with the same signature.)
 */

export const BIDS_CLOSED_MESSAGE = 'This request is not open for bids any more.';
export const OUTSIDE_AREA_MESSAGE = 'This request is outside your service area.';

/** A pick-up address (request_addresses.address_type). */
const PICK_UP = 1;
/** request_bids.status: 0 open (1 accepted, 2 withdrawn or deleted). */
const BID_OPEN = 0;

export const bidPlacedNotice = (requestId: number, company: string, cents: number) =>
  `${company} bid ${formatUsd(cents)} on your move request #${requestId}.`;

/** The guard's view of a request row. */
export function lifecycleOf(row: RequestRow) {
  return {
    request_timeline_status: row.timelineStatus,
    request_status: row.requestStatus,
    request_type: row.requestType,
  };
}

/** Whether a company serves the request's (first) pick-up zip code. */
export async function servesPickUp(tx: Tx, requestId: number, companyId: number) {
  const [row] = await tx
    .select({ zip: requestAddresses.zipCode })
    .from(requestAddresses)
    .innerJoin(
      companyServiceZips,
      and(
        eq(companyServiceZips.zipCode, requestAddresses.zipCode),
        eq(companyServiceZips.companyId, companyId),
      ),
    )
    .where(
      and(eq(requestAddresses.requestId, requestId), eq(requestAddresses.addressType, PICK_UP)),
    )
    .orderBy(asc(requestAddresses.position))
    .limit(1);
  return row !== undefined;
}

/**
 * Places the company's bid on a request, or updates it (the same company bidding again changes
 * its amount and movers): in one transaction that locks the request, so a bid never lands on a
 * request that was accepted meanwhile. The first bid moves the request 0 → 1; the customer is
 * notified of every bid.
 */
export async function placeBid(opts: {
  db: Db;
  companyId: number;
  requestId: number;
  bidAmountCents: number;
  movers?: number | null | undefined;
}): Promise<PlacedBid> {
  const { companyId, requestId, bidAmountCents } = opts;
  return opts.db.transaction(async (tx) => {
    let request = await lockRequest(tx, requestId);
    if (!request) throw AppError.notFound(REQUEST_NOT_FOUND);
    if (!isOpenForBids(lifecycleOf(request))) throw AppError.conflict(BIDS_CLOSED_MESSAGE);
    if (!(await servesPickUp(tx, requestId, companyId))) {
      throw AppError.forbidden(OUTSIDE_AREA_MESSAGE);
    }
    const movers = opts.movers ?? request.movers ?? null;
    await tx
      .insert(requestBids)
      .values({ requestId, companyId, bidAmountCents, movers, status: BID_OPEN })
      .onConflictDoUpdate({
        target: [requestBids.requestId, requestBids.companyId],
        set: { bidAmountCents, movers, status: BID_OPEN, updatedAt: sql`now()` },
      });
    if (request.timelineStatus === TimelineStatus.awaitingResponse) {
      request = await moveRequest(tx, {
        request,
        action: 'firstBid',
        actor: { type: 'company', userId: companyId },
      });
    }
    if (request.customerId !== null) {
      const [company] = await tx
        .select({ name: companyProfiles.name })
        .from(companyProfiles)
        .where(eq(companyProfiles.userId, companyId))
        .limit(1);
      await notify({
        db: tx,
        userId: request.customerId,
        requestId,
        message: bidPlacedNotice(requestId, company?.name ?? 'A moving company', bidAmountCents),
      });
    }
    return {
      request_id: requestId,
      company_id: companyId,
      bid_amount: toDollars(bidAmountCents),
      movers,
      request_timeline_status: request.timelineStatus,
    };
  });
}
