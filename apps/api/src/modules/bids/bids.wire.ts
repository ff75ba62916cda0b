import {
  toDollars,
  toSpecDate,
  type BiddingCompany,
  type OpenRequest,
  type ServerItem,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import { toCompanyCard, toServerAddress, toServerItems } from '../../domain/request/read-model';
import { commentThreadPage } from '../comments/comments.service';
import type { BiddingCompanyRow, OpenRequestRow, ReviewJson } from './bids.service';

/*
 * The bids module's internal names to the wire's (spec/request-lifecycle.md §3 and §7; the
 * partner API's OpenRequest), in one place (ARCHITECTURE.md "The wire contract").
 */

/** An item as a mover prices it: what, how many, how big, and its photos' urls. */
function toOpenItem(i: ServerItem): OpenRequest['request_item'][number] {
  return {
    name: i.name,
    quantity: i.quantity,
    category_name: i.category_name,
    type: i.type,
    size: i.size,
    unit_price: i.unit_price,
    additional_info: i.additional_info,
    image_urls: i.request_item_image_models.map((img) => img.image_url),
  };
}

/**
 * A request as a mover sees it to price it. The customer's name, email and phone (and a direct
 * request's contact fields) are never part of it, nor of its comment thread: contact follows
 * acceptance.
 */
export function toOpenRequest(r: OpenRequestRow): OpenRequest {
  const items = toServerItems(r.items);
  // Before acceptance no company learns who the customer is, not even from the thread.
  const comments = commentThreadPage(r.comments, {}, { hideCustomer: true });
  const myBid = r.bids[0];
  return {
    id: r.id,
    request_timeline_status: r.timelineStatus,
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: r.moveType?.name ?? null,
    movers: r.movers,
    net_distance: r.netDistanceMiles,
    net_distance_approximate: r.addresses.some((a) => a.isApproximateLocation),
    distance_from_base:
      r.distanceMiles === null ? null : Math.round(Number(r.distanceMiles) * 10) / 10,
    recommend_amount: centsToDollars(r.recommendAmountCents),
    customer_budget: centsToDollars(r.customerBudgetCents),
    final_comment: r.finalComment,
    request_address: r.addresses.map(toServerAddress),
    request_item: items.request_item.map(toOpenItem),
    extra_request_items: items.extra_request_items.map(toOpenItem),
    bid_count: r.bidCount,
    my_bid: myBid ? { bid_amount: toDollars(myBid.bidAmountCents), movers: myBid.movers } : null,
    comments_array: comments.threads,
    comments_next_before_id: comments.next_before_id,
  };
}

function toReview(r: ReviewJson): BiddingCompany['reviews'][number] {
  return {
    customer_profile: {
      first_name: r.first_name,
      last_name: r.last_name,
      profile_picture: r.profile_picture,
    },
    review_array: {
      company_rating: r.company_rating,
      company_comment: r.company_comment,
      created_at: new Date(r.created_at).toISOString(),
    },
  };
}

/** A company card of the companies list, with its bid and newest reviews (spec §2, §3). */
export function toBiddingCompany(row: BiddingCompanyRow): BiddingCompany {
  return Object.assign(toCompanyCard(row.company), {
    completed_moves: row.completedMoves,
    bid: {
      bid_amount: toDollars(row.bid.bidAmountCents),
      request_id: row.bid.requestId,
      company_id: row.bid.companyId,
      movers: row.bid.movers,
    },
    review_count: row.reviewCount,
    reviews: row.reviews.map(toReview),
  });
}
