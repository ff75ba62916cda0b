import {
  discountedCents,
  isDirectRequest,
  showsCompanyInfo,
  showsCrew,
  TimelineStatus,
  toDollars,
  toSpecDate,
  type RequestCount,
  type RequestDetail,
  type RequestListEntry,
  type ServerAddress,
  type ServerItem,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type { requestAddresses, requests } from '../../db/schema';
import { toCommentThreads, type CommentRow } from '../comments/comments.wire';
import type { CustomerRequestRow, RequestCounts, RequestDetailRow } from './requests.service';

/*
 * The requests module's internal names to the spec's wire names (spec/request-lifecycle.md §3
 * and §7 get_customer_request), in one place (ARCHITECTURE.md "The wire contract").
 */

export function toRequestCount(counts: RequestCounts): RequestCount {
  return {
    active_request_count: counts.active,
    done_request_count: counts.done,
    cancle_request_count: counts.cancelled,
  };
}

/** A request's own fields as My Requests and the public link show them (spec §3 Request). */
export function toRequestSummary(r: typeof requests.$inferSelect): RequestListEntry['request'] {
  return {
    id: r.id,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    recommend_amount: centsToDollars(r.recommendAmountCents),
    customer_budget: centsToDollars(r.customerBudgetCents),
    final_amount: centsToDollars(r.finalAmountCents),
    final_comment: r.finalComment,
    discount: r.discountPercent,
    request_type: r.requestType,
    public_access_link: r.publicAccessLink,
    movers: r.movers,
  };
}

/** An address of a request list entry (spec §3 Request list entry: request_address). */
export function toRequestAddress(
  a: typeof requestAddresses.$inferSelect,
): RequestListEntry['request_address'][number] {
  return {
    id: a.id,
    complete_address: a.completeAddress,
    zip_code: a.zipCode,
    apartment_number: a.apartmentNumber,
    is_storage: a.isStorage,
    address_type: a.addressType,
  };
}

export function toRequestListEntry(r: CustomerRequestRow): RequestListEntry {
  return {
    request: toRequestSummary(r),
    request_address: r.addresses.map(toRequestAddress),
    request_bid: r.bids.map((b) => ({
      company_id: b.companyId,
      request_id: b.requestId,
      bid_amount: toDollars(b.bidAmountCents),
    })),
    company_profile: r.company ? { name: r.company.name } : null,
    // No chat channel or feedback is stored yet (spec/request-lifecycle.md §3): null until one is.
    company_chat_obj: null,
    foreman_chat_obj: null,
    get_feedback: r.review
      ? { company_rating: r.review.companyRating, company_comment: r.review.companyComment }
      : null,
    // spec: "when the server returns 8 and the response status is 0, it is treated as 7";
    // status 1 means the customer has closed the request with feedback.
    status: r.timelineStatus === TimelineStatus.feedbackGiven ? 1 : 0,
    additional_status: r.additionalStatus,
  };
}

/** spec §3 Address (server), in full. */
export function toServerAddress(a: typeof requestAddresses.$inferSelect): ServerAddress {
  return {
    id: a.id,
    address_type: a.addressType,
    complete_address: a.completeAddress,
    street_address: a.streetAddress,
    zip_code: a.zipCode,
    apartment_number: a.apartmentNumber,
    address_detail: a.addressDetail,
    city: a.city,
    state: a.state,
    country: a.country,
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

type ItemRow = RequestDetailRow['items'][number];

/** spec §3 Server request item, with its photos (request_item_image_models). */
export function toServerItem(i: ItemRow): ServerItem {
  return {
    id: i.id,
    item_id: i.catalogueItemId,
    name: i.name,
    quantity: i.quantity,
    value: i.quantity,
    category_name: i.categoryName,
    additional_info: i.additionalInfo,
    type: i.type,
    unit_price: toDollars(i.unitPriceCents),
    size: i.size,
    added_by_type: i.addedByType,
    request_item_image_models: i.images.map((img) => ({ image_url: img.imageUrl })),
  };
}

/** spec §3 Item type: '1' regular, '2' extra. */
const EXTRA_ITEM = '2';

/**
 * customer_request_detail (spec §3 "Request detail response also holds"). Company info once a
 * bid is accepted, foreman and trucks from status 4 (shared guards); the change arrays stay empty
 * until changes can be proposed.
 */
export function toRequestDetail(r: RequestDetailRow): RequestDetail {
  const direct = isDirectRequest({ request_type: r.requestType });
  // The contact of the request: a direct request's as entered, else the customer's own.
  const contact = direct
    ? {
        customer_first_name: r.contactFirstName,
        customer_last_name: r.contactLastName,
        customer_email: r.contactEmail,
        customer_phone_number: r.contactPhone,
      }
    : {
        customer_first_name: r.customer?.firstName ?? null,
        customer_last_name: r.customer?.lastName ?? null,
        customer_email: r.customer?.email ?? null,
        customer_phone_number: r.customer?.phone ?? null,
      };
  const finalCents = r.finalAmountCents;
  const company = r.company ?? null;
  const crew = showsCrew(r.timelineStatus);
  const review = r.review ?? null;
  return {
    request: {
      ...toRequestSummary(r),
      ...contact,
      s_time_change: null,
      move_type: r.moveType?.name ?? null,
      move_type_id: r.moveTypeId,
      net_distance: r.netDistanceMiles,
      final_amount_change: null,
      s_date_change: null,
      item_price_change: null,
      extra_item_price_change: null,
      // spec §3: discount is the percent, total_discount the amount it takes off.
      total_discount:
        finalCents == null || r.discountPercent <= 0
          ? null
          : toDollars(finalCents - discountedCents(finalCents, r.discountPercent)),
      payment_method: null,
      schedule_time: r.scheduleTime,
      rate_method: null,
      cash_payment_rate: null,
      card_payment_rate: null,
      minimum_hours: null,
      cash_min_flat_rate: null,
      cash_max_flat_rate: null,
      card_min_flat_rate: null,
      card_max_flat_rate: null,
    },
    request_address: r.addresses.map(toServerAddress),
    request_item: r.items.filter((i) => i.type !== EXTRA_ITEM).map(toServerItem),
    extra_request_items: r.items.filter((i) => i.type === EXTRA_ITEM).map(toServerItem),
    request_timeline: r.timeline.map((t) => ({
      id: t.id,
      activity_title: t.activityTitle,
      activity_datetime: t.activityDatetime.toISOString(),
    })),
    request_bid: r.bids.map((b) => ({
      company_id: b.companyId,
      request_id: b.requestId,
      bid_amount: toDollars(b.bidAmountCents),
    })),
    bid_Accepted_company:
      company && showsCompanyInfo(r.timelineStatus)
        ? {
            company_id: company.userId,
            name: company.name,
            address: company.address,
            company_email: company.email,
            company_phone: company.phone,
            company_rating: company.rating,
            truck_count: company.truckCount,
            comapny_profile: {
              about_company: company.about,
              name: company.name,
              profile_picture: company.profilePicture,
            },
            bid_amount: toDollars(r.acceptedBid?.bidAmountCents ?? finalCents ?? 0),
            movers: r.acceptedBid?.movers ?? r.movers,
            movers_change: null,
          }
        : null,
    get_foreman_of_company:
      crew && r.foreman ? { first_name: r.foreman.firstName, last_name: r.foreman.lastName } : null,
    truck_array: crew ? r.trucks.map((t) => ({ name: t.truck.name })) : [],
    get_feedback: review
      ? {
          request_id: r.id,
          company_rating: review.companyRating,
          company_comment: review.companyComment,
          created_at: review.createdAt.toISOString(),
          rating: review.companyRating,
          comment: review.companyComment,
          tip: toDollars(review.tipCents),
          customer_rating: review.customerRating,
          customer_comment: review.customerComment,
        }
      : null,
    comments_array: toCommentThreads(r.comments as CommentRow[]),
    chat_data_comapny: null,
    chat_data_foreman: null,
    additional_status: r.additionalStatus,
    // 1 once the customer's feedback is recorded (spec §4: 8 with status 0 is shown as 7).
    status: review ? 1 : 0,
    delete_address_array: [],
    edit_address_array: [],
    new_address_array: [],
    change_item: [],
    change_item_extra: [],
    company_rating: review?.companyRating ?? null,
    customer_rating: review?.customerRating ?? null,
    confirmation_letter_pdf: null,
    token: null,
  };
}
