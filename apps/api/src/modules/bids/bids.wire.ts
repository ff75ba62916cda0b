import { toDollars, toSpecDate, type BiddingCompany, type OpenRequest } from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type {
  AddressRow,
  BiddingCompanyRow,
  ItemWithImages,
  OpenRequestRow,
  ReviewJson,
} from './bids.service';

/*
 * The bids module's internal names to the wire's (spec/request-lifecycle.md §3 and §7; the
 * partner API's OpenRequest), in one place (ARCHITECTURE.md "The wire contract").
 */

/** Item type '2' is an extra item (spec §3 Item.type). */
const EXTRA_ITEM = '2';

function toOpenAddress(a: AddressRow): OpenRequest['request_address'][number] {
  return {
    id: a.id,
    address_type: a.addressType,
    complete_address: a.completeAddress,
    zip_code: a.zipCode,
    city: a.city,
    state: a.state,
    apartment_number: a.apartmentNumber,
    is_storage: a.isStorage,
    is_stairs: a.isStairs,
    is_elevator: a.isElevator,
    is_hardwood_floor: a.isHardwoodFloor,
    number_of_flights: a.numberOfFlights,
    parking_and_building_info: a.parkingAndBuildingInfo,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

function toOpenItem({ item, images }: ItemWithImages): OpenRequest['request_item'][number] {
  return {
    name: item.name,
    quantity: item.quantity,
    category_name: item.categoryName,
    type: item.type,
    size: item.size,
    unit_price: toDollars(item.unitPriceCents),
    additional_info: item.additionalInfo,
    image_urls: images,
  };
}

/**
 * A request as a mover sees it to price it. The customer's name, email and phone (and a direct
 * request's contact fields) are never part of it: contact follows acceptance.
 */
export function toOpenRequest(entry: {
  row: OpenRequestRow;
  addresses: AddressRow[];
  items: ItemWithImages[];
}): OpenRequest {
  const { row } = entry;
  const r = row.request;
  return {
    id: r.id,
    request_timeline_status: r.timelineStatus,
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    move_type: row.moveType,
    movers: r.movers,
    net_distance: r.netDistanceMiles,
    distance_from_base:
      row.distanceMiles === null ? null : Math.round(Number(row.distanceMiles) * 10) / 10,
    recommend_amount: centsToDollars(r.recommendAmountCents),
    customer_budget: centsToDollars(r.customerBudgetCents),
    final_comment: r.finalComment,
    request_address: entry.addresses.map(toOpenAddress),
    request_item: entry.items.filter((i) => i.item.type !== EXTRA_ITEM).map(toOpenItem),
    extra_request_items: entry.items.filter((i) => i.item.type === EXTRA_ITEM).map(toOpenItem),
    bid_count: row.bidCount,
    my_bid:
      row.myBidCents === null
        ? null
        : { bid_amount: toDollars(row.myBidCents), movers: row.myBidMovers ?? null },
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
  const profile = row.profile;
  return {
    company_id: row.bid.companyId,
    name: row.name,
    address: profile?.address ?? null,
    // The profile's public contact only: a company's sign-in email and phone stay private.
    company_email: profile?.email ?? null,
    company_phone: profile?.phone ?? null,
    company_rating: Number(row.rating),
    completed_moves: Number(row.completedMoves),
    truck_count: profile?.truckCount ?? 0,
    comapny_profile: {
      about_company: profile?.about ?? null,
      name: row.name,
      profile_picture: profile?.profilePicture ?? null,
    },
    bid: {
      bid_amount: toDollars(row.bid.bidAmountCents),
      request_id: row.bid.requestId,
      company_id: row.bid.companyId,
      movers: row.bid.movers,
    },
    review_count: row.reviewCount,
    reviews: row.reviews.map(toReview),
  };
}
