import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RequestCount, RequestListEntry } from '@movehub/shared';
import type { Db } from '../../db/client';
import { companyProfiles, requestAddresses, requestBids, requests } from '../../db/schema';
import { centsToDollars, toSpecDate } from '../../lib/wire';

/** Bids a customer still sees: open or accepted, not the ones deleted or withdrawn. */
const DELETED_BID = 2;

export async function countCustomerRequests(opts: {
  db: Db;
  customerId: number;
}): Promise<RequestCount> {
  const [row] = await opts.db
    .select({
      active: sql<number>`count(*) filter (where ${requests.requestStatus} = 0)::int`,
      done: sql<number>`count(*) filter (where ${requests.requestStatus} = 1)::int`,
      cancelled: sql<number>`count(*) filter (where ${requests.requestStatus} = 2)::int`,
    })
    .from(requests)
    .where(eq(requests.customerId, opts.customerId));
  return {
    active_request_count: row?.active ?? 0,
    done_request_count: row?.done ?? 0,
    cancle_request_count: row?.cancelled ?? 0,
  };
}

/** My Requests: one tab's requests, newest first, with their addresses, bids and company. */
export async function listCustomerRequests(opts: {
  db: Db;
  customerId: number;
  requestStatus: number;
}): Promise<RequestListEntry[]> {
  const { db } = opts;
  const rows = await db
    .select({ request: requests, companyName: companyProfiles.name })
    .from(requests)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, requests.companyId))
    .where(
      and(eq(requests.customerId, opts.customerId), eq(requests.requestStatus, opts.requestStatus)),
    )
    .orderBy(desc(requests.id));
  if (rows.length === 0) return [];

  const ids = rows.map((r) => r.request.id);
  const [addresses, bids] = await Promise.all([
    db
      .select()
      .from(requestAddresses)
      .where(inArray(requestAddresses.requestId, ids))
      .orderBy(asc(requestAddresses.requestId), asc(requestAddresses.position)),
    db
      .select()
      .from(requestBids)
      .where(and(inArray(requestBids.requestId, ids), ne(requestBids.status, DELETED_BID)))
      .orderBy(asc(requestBids.id)),
  ]);
  const addressesOf = groupBy(addresses, (a) => a.requestId);
  const bidsOf = groupBy(bids, (b) => b.requestId);

  return rows.map(({ request: r, companyName }) => ({
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
      final_amount: centsToDollars(r.finalAmountCents),
      final_comment: r.finalComment,
      discount: r.discountPercent,
      request_type: r.requestType,
      public_access_link: r.publicAccessLink,
      movers: r.movers,
    },
    request_address: (addressesOf.get(r.id) ?? []).map((a) => ({
      id: a.id,
      complete_address: a.completeAddress,
      zip_code: a.zipCode,
      apartment_number: a.apartmentNumber,
      is_storage: a.isStorage,
      address_type: a.addressType,
    })),
    request_bid: (bidsOf.get(r.id) ?? []).map((b) => ({
      company_id: b.companyId,
      request_id: b.requestId,
      bid_amount: b.bidAmountCents / 100,
    })),
    company_profile: companyName == null ? null : { name: companyName },
    // Chat channels and feedback are filled in by the chat and feedback capabilities.
    company_chat_obj: null,
    foreman_chat_obj: null,
    get_feedback: null,
    // spec: "when the server returns 8 and the response status is 0, it is treated as 7";
    // status 1 means the customer has closed the request with feedback.
    status: r.timelineStatus === 8 ? 1 : 0,
    additional_status: r.additionalStatus,
  }));
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
