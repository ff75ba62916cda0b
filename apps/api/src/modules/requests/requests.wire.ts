import {
  discountedCents,
  hasCalendarInvite,
  showsCompanyInfo,
  showsCrew,
  hasFeedback,
  toDollars,
  toSpecDate,
  type ChatObject,
  type ReceiptEntry,
  type RequestCount,
  type RequestDetail,
  type RequestListEntry,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import {
  contactOf,
  toBidEntry,
  toCompanyCard,
  toFeedback,
  toForeman,
  toListAddress,
  toRequestSummary,
  toServerAddress,
  toServerItems,
  timelinePage,
  toTruck,
} from '../../domain/request/read-model';
import { commentThreadPage } from '../comments/comments.service';
import type {
  CancellationOutcome,
  CustomerRequestRow,
  RequestCounts,
  RequestDetailRow,
} from './requests.service';
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
    request_address: r.addresses.map(toListAddress),
    request_bid: r.bids.map(toBidEntry),
    company_profile: r.company ? { name: r.company.name } : null,
    company_chat_obj: chats?.company ?? null,
    foreman_chat_obj: chats?.foreman ?? null,
    get_feedback: r.review ? toFeedback(r.id, r.review) : null,
    // spec: "when the server returns 8 and the response status is 0, it is treated as 7";
    // status 1 means the customer has closed the request with feedback.
    status: hasFeedback(r.timelineStatus) ? 1 : 0,
    additional_status: r.additionalStatus,
  };
}

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
    number: number;
    kind: ReceiptEntry['kind'];
    amountCents: number;
    createdAt: Date;
  }[] = [],
  /** What cancelling did with the money (cancellationOutcome); null unless cancelled. */
  cancelled: CancellationOutcome | null = null,
  chats?: RequestChats,
  changes?: ChangeFields,
): RequestDetail {
  const finalCents = r.finalAmountCents;
  const company = r.company ?? null;
  const crew = showsCrew(r.timelineStatus);
  const review = r.review ?? null;
  // The contact of the request: a direct request's as entered, else the customer's own.
  const contact = contactOf(r, customer);
  const items = toServerItems(r.items);
  const timeline = timelinePage(r.timeline);
  const comments = commentThreadPage(r.comments);
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
      customer_first_name: contact.first_name,
      customer_last_name: contact.last_name,
      customer_email: contact.email,
      customer_phone_number: contact.phone,
      s_time_change: changes?.s_time_change ?? null,
      move_type: r.moveType?.name ?? null,
      move_type_id: r.moveTypeId,
      net_distance: r.netDistanceMiles,
      net_distance_approximate: r.addresses.some((a) => a.isApproximateLocation),
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
    request_item: items.request_item,
    extra_request_items: items.extra_request_items,
    request_timeline: timeline.entries,
    request_timeline_next_before_id: timeline.next_before_id,
    request_bid: r.bids.map(toBidEntry),
    // The company's card once the customer accepted its bid, with what it agreed to.
    bid_Accepted_company:
      company && showsCompanyInfo(r.timelineStatus)
        ? Object.assign(toCompanyCard(company), {
            bid_amount: toDollars(r.acceptedBid?.bidAmountCents ?? finalCents ?? 0),
            movers: r.acceptedBid?.movers ?? r.movers,
            movers_change: changes?.movers_change ?? null,
          })
        : null,
    get_foreman_of_company: crew && r.foreman ? toForeman(r.foreman) : null,
    truck_array: crew ? r.trucks.map(toTruck) : [],
    get_feedback: review ? toFeedback(r.id, review) : null,
    comments_array: comments.threads,
    comments_next_before_id: comments.next_before_id,
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
    cancellation: cancelled
      ? {
          refund_amount: toDollars(cancelled.refundCents),
          kept_amount: toDollars(cancelled.keptCents),
          refund_pending: cancelled.refundPending,
        }
      : null,
    confirmation_letter_pdf: r.letterPdfUrl,
    receipts: receipts.map((rc) => ({
      receipt_id: rc.id,
      number: rc.number,
      kind: rc.kind,
      amount: toDollars(rc.amountCents),
      created_at: rc.createdAt.toISOString(),
    })),
    calendar_available: hasCalendarInvite(r.timelineStatus),
    token: null,
  };
}
