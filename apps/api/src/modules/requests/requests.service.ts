import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { RequestCount, RequestListEntry } from '@movehub/shared';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { requestAddresses, requestBids, requests } from '../../db/schema';
import { centsToDollars, toSpecDate } from '../../lib/wire';

/** Bids a customer still sees: open or accepted, not the ones deleted or withdrawn. */
const DELETED_BID = 2;

const countByStatus = preparedPerDatabase((db) =>
  db
    .select({
      active: sql<number>`count(*) filter (where ${requests.requestStatus} = 0)::int`,
      done: sql<number>`count(*) filter (where ${requests.requestStatus} = 1)::int`,
      cancelled: sql<number>`count(*) filter (where ${requests.requestStatus} = 2)::int`,
    })
    .from(requests)
    .where(eq(requests.customerId, sql.placeholder('customerId')))
    .prepare('count_customer_requests'),
);

export async function countCustomerRequests(opts: {
  db: Db;
  customerId: number;
}): Promise<RequestCount> {
  const [row] = await countByStatus(opts.db).execute({ customerId: opts.customerId });
  return {
    active_request_count: row?.active ?? 0,
    done_request_count: row?.done ?? 0,
    cancle_request_count: row?.cancelled ?? 0,
  };
}

const listByStatus = preparedPerDatabase((db) =>
  db.query.requests
    .findMany({
      where: and(
        eq(requests.customerId, sql.placeholder('customerId')),
        eq(requests.requestStatus, sql.placeholder('requestStatus')),
      ),
      orderBy: desc(requests.id),
      with: {
        addresses: { orderBy: asc(requestAddresses.position) },
        bids: { where: ne(requestBids.status, DELETED_BID), orderBy: asc(requestBids.id) },
        company: { columns: { name: true } },
      },
    })
    .prepare('list_customer_requests'),
);

/** My Requests: one tab's requests, newest first, with their addresses, bids and company. */
export async function listCustomerRequests(opts: {
  db: Db;
  customerId: number;
  requestStatus: number;
}): Promise<RequestListEntry[]> {
  const rows = await listByStatus(opts.db).execute({
    customerId: opts.customerId,
    requestStatus: opts.requestStatus,
  });

  return rows.map((r) => ({
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
    request_address: r.addresses.map((a) => ({
      id: a.id,
      complete_address: a.completeAddress,
      zip_code: a.zipCode,
      apartment_number: a.apartmentNumber,
      is_storage: a.isStorage,
      address_type: a.addressType,
    })),
    request_bid: r.bids.map((b) => ({
      company_id: b.companyId,
      request_id: b.requestId,
      bid_amount: b.bidAmountCents / 100,
    })),
    company_profile: r.company ? { name: r.company.name } : null,
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
