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
  hasCalendarInvite,
  type ReceiptEntry,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type { requestAddresses, requests } from '../../db/schema';
import { toCommentThreads, type CommentRow } from '../comments/comments.wire';
import type { CustomerRequestRow, RequestCounts, RequestDetailRow } from './requests.service';
import type { ChatObject } from '@movehub/shared';
import type { ChangeFields } from '../changes/changes.wire';

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
/** The request columns a list entry shows (and the list query reads). */
export const SUMMARY_COLUMNS = {
  id: true,
  timelineStatus: true,
  requestStatus: true,
  additionalStatus: true,
  moveDate: true,
  moveTime: true,
  windowFrom: true,
  windowTo: true,
  recommendAmountCents: true,
  customerBudgetCents: true,
  finalAmountCents: true,
  finalComment: true,
  discountPercent: true,
  requestType: true,
  publicAccessLink: true,
  movers: true,
  // The chat objects' counterparts.
  companyId: true,
  foremanId: true,
} as const;
type SummaryRow = Pick<typeof requests.$inferSelect, keyof typeof SUMMARY_COLUMNS>;

/** The address columns a list entry shows. */
export const LIST_ADDRESS_COLUMNS = {
  id: true,
  completeAddress: true,
  zipCode: true,
  apartmentNumber: true,
  isStorage: true,
  addressType: true,
} as const;
type ListAddressRow = Pick<typeof requestAddresses.$inferSelect, keyof typeof LIST_ADDRESS_COLUMNS>;

export function toRequestSummary(r: SummaryRow): RequestListEntry['request'] {
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
export function toRequestAddress(a: ListAddressRow): RequestListEntry['request_address'][number] {
  return {
    id: a.id,
    complete_address: a.completeAddress,
    zip_code: a.zipCode,
    apartment_number: a.apartmentNumber,
    is_storage: a.isStorage,
    address_type: a.addressType,
  };
}

/** The request's chat objects (chat.service chatObjectsFor): null while a chat is closed. */
export interface RequestChats {
  company: ChatObject | null;
  foreman: ChatObject | null;
}

export function toRequestListEntry(
  r: CustomerRequestRow,
  chats: RequestChats | undefined,
): RequestListEntry {
  return {
    request: toRequestSummary(r),
    request_address: r.addresses.map(toRequestAddress),
    request_bid: r.bids.map((b) => ({
      company_id: b.companyId,
      request_id: b.requestId,
      bid_amount: toDollars(b.bidAmountCents),
    })),
    company_profile: r.company ? { name: r.company.name } : null,
    company_chat_obj: chats?.company ?? null,
    foreman_chat_obj: chats?.foreman ?? null,
    get_feedback: r.review
      ? {
          company_rating: r.review.companyRating,
          company_comment: r.review.companyComment,
          tip: toDollars(r.review.tipCents),
        }
      : null,
    // spec: "when the server returns 8 and the response status is 0, it is treated as 7";
    // status 1 means the customer has closed the request with feedback.
    status: r.timelineStatus === TimelineStatus.feedbackGiven ? 1 : 0,
    additional_status: r.additionalStatus,
  };
}

/** spec §3 Address (server), in full. */
export function toServerAddress(
  a: Omit<typeof requestAddresses.$inferSelect, 'requestId' | 'position'>,
): ServerAddress {
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
 * bid is accepted, foreman and trucks from status 4 (shared guards); the *_change fields and
 * arrays show the company's pending proposals (changes.wire toChangeFields), else null and [].
 */
export function toRequestDetail(
  r: RequestDetailRow,
  /** The customer whose request it is (the caller): the contact of a non-direct request. */
  customer: { firstName: string; lastName: string; email: string; phone: string | null },
  /** What cancelling now would refund (cancellationPreview); null when nothing would. */
  cancellation: { refundCents: number; keptCents: number } | null = null,
  /** The request's receipts (customer-messages/receipts.service listReceipts). */
  receipts: readonly {
    id: number;
    kind: ReceiptEntry['kind'];
    amountCents: number;
    createdAt: Date;
  }[] = [],
  chats?: RequestChats,
  changes?: ChangeFields,
): RequestDetail {
  const direct = isDirectRequest({ request_type: r.requestType });
  const finalCents = r.finalAmountCents;
  const company = r.company ?? null;
  const crew = showsCrew(r.timelineStatus);
  const review = r.review ?? null;
  // Every field written out (no spread of the summary): V8 turns a spread followed by this many
  // added properties into a dictionary object, about 40 µs per response.
  return {
    request: {
      id: r.id,
      request_timeline_status: r.timelineStatus,
      request_status: r.requestStatus,
      s_date: toSpecDate(r.moveDate),
      s_time: r.moveTime,
      start_window_from: r.windowFrom,
      start_window_to: r.windowTo,
      recommend_amount: centsToDollars(r.recommendAmountCents),
      customer_budget: centsToDollars(r.customerBudgetCents),
      final_amount: centsToDollars(finalCents),
      final_comment: r.finalComment,
      discount: r.discountPercent,
      request_type: r.requestType,
      public_access_link: r.publicAccessLink,
      movers: r.movers,
      // The contact of the request: a direct request's as entered, else the customer's own.
      customer_first_name: direct ? r.contactFirstName : customer.firstName,
      customer_last_name: direct ? r.contactLastName : customer.lastName,
      customer_email: direct ? r.contactEmail : customer.email,
      customer_phone_number: direct ? r.contactPhone : customer.phone,
      s_time_change: changes?.s_time_change ?? null,
      move_type: r.moveType?.name ?? null,
      move_type_id: r.moveTypeId,
      net_distance: r.netDistanceMiles,
      final_amount_change: changes?.final_amount_change ?? null,
      s_date_change: changes?.s_date_change ?? null,
      item_price_change: changes?.item_price_change ?? null,
      extra_item_price_change: changes?.extra_item_price_change ?? null,
      // spec §3: discount is the percent, total_discount the amount it takes off.
      total_discount:
        finalCents == null || r.discountPercent <= 0
          ? null
          : toDollars(finalCents - discountedCents(finalCents, r.discountPercent)),
      // A direct request's rates, set with its confirmation letter (decision 016).
      payment_method: r.paymentMethod,
      schedule_time: r.scheduleTime,
      rate_method: r.rateMethod,
      cash_payment_rate: centsToDollars(r.cashPaymentRateCents),
      card_payment_rate: centsToDollars(r.cardPaymentRateCents),
      minimum_hours: r.minimumHours,
      cash_min_flat_rate: centsToDollars(r.cashMinFlatRateCents),
      cash_max_flat_rate: centsToDollars(r.cashMaxFlatRateCents),
      card_min_flat_rate: centsToDollars(r.cardMinFlatRateCents),
      card_max_flat_rate: centsToDollars(r.cardMaxFlatRateCents),
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
            movers_change: changes?.movers_change ?? null,
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
    chat_data_comapny: chats?.company ?? null,
    chat_data_foreman: chats?.foreman ?? null,
    additional_status: r.additionalStatus,
    // 1 once the customer's feedback is recorded (spec §4: 8 with status 0 is shown as 7).
    status: review ? 1 : 0,
    delete_address_array: changes?.delete_address_array ?? [],
    edit_address_array: changes?.edit_address_array ?? [],
    new_address_array: changes?.new_address_array ?? [],
    change_item: changes?.change_item ?? [],
    change_item_extra: changes?.change_item_extra ?? [],
    change_proposals: changes?.change_proposals ?? [],
    company_rating: review?.companyRating ?? null,
    customer_rating: review?.customerRating ?? null,
    cancellation_refund: cancellation
      ? {
          refund_amount: toDollars(cancellation.refundCents),
          kept_amount: toDollars(cancellation.keptCents),
        }
      : null,
    confirmation_letter_pdf: r.letterPdfUrl,
    receipts: receipts.map((rc) => ({
      receipt_id: rc.id,
      kind: rc.kind,
      amount: toDollars(rc.amountCents),
      created_at: rc.createdAt.toISOString(),
    })),
    calendar_available: hasCalendarInvite(r.timelineStatus),
    token: null,
  };
}
