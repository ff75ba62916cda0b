import { toDollars, toSpecDate, type RequestCount, type RequestListEntry } from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type { requestAddresses, requests } from '../../db/schema';
import type { CustomerRequestRow, RequestCounts } from './requests.service';

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
    get_feedback: null,
    // spec: "when the server returns 8 and the response status is 0, it is treated as 7";
    // status 1 means the customer has closed the request with feedback.
    status: r.timelineStatus === 8 ? 1 : 0,
    additional_status: r.additionalStatus,
  };
}
