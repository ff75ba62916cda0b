import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  BidStatus,
  canCancel,
  isPaidIntoEscrow,
  RequestStatus,
  type CancellationRefund,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  requestAddresses,
  requestBids,
  requestComments,
  requestItemImages,
  requestItems,
  requestTimeline,
  requests,
} from '../../db/schema';
import { AppError } from '../../errors';
import { commentColumns } from '../comments/comments.service';
import { LIST_ADDRESS_COLUMNS, SUMMARY_COLUMNS } from './requests.wire';
import { REQUEST_NOT_FOUND, type RequestRow } from '../../domain/request/lifecycle';
import { cancellationPolicyOf } from '../../domain/request/cancel';

/** Bids a customer still sees: open or accepted, not the ones deleted or withdrawn. */
const DELETED_BID = BidStatus.deleted;
const OPEN_BID = BidStatus.open;

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

/** How many of the customer's requests each My Requests tab holds. */
export interface RequestCounts {
  active: number;
  done: number;
  cancelled: number;
}

export async function countCustomerRequests(opts: {
  db: Db;
  customerId: number;
}): Promise<RequestCounts> {
  const [row] = await countByStatus(opts.db).execute({ customerId: opts.customerId });
  return { active: row?.active ?? 0, done: row?.done ?? 0, cancelled: row?.cancelled ?? 0 };
}

// Every tab's count, computed once per statement (an uncorrelated subquery is an InitPlan), so
// that one round trip brings the tab and the counts: a round trip is most of a call's cost.
const TAB_COUNTS = sql<[number, number, number]>`(
  select json_build_array(
    count(*) filter (where tab.request_status = ${sql.raw(String(RequestStatus.active))}),
    count(*) filter (where tab.request_status = ${sql.raw(String(RequestStatus.done))}),
    count(*) filter (where tab.request_status = ${sql.raw(String(RequestStatus.cancelled))}))
  from requests tab where tab.customer_id = ${sql.placeholder('customerId')})`;

/**
 * The rooms of the request's company and foreman, read in the request's own statement: the chat
 * objects of a paid or moving request (chat.service chatObjectsFor) then need no round trip of
 * their own.
 */
const CHAT_ROOM_EXTRAS = {
  companyRoomId: sql<
    string | null
  >`(select cu.room_id from users cu where cu.id = "requests"."company_id")`.as('company_room_id'),
  foremanRoomId: sql<
    string | null
  >`(select fu.room_id from users fu where fu.id = "requests"."foreman_id")`.as('foreman_room_id'),
};

const listByStatus = preparedPerDatabase((db) =>
  db.query.requests
    .findMany({
      where: and(
        eq(requests.customerId, sql.placeholder('customerId')),
        eq(requests.requestStatus, sql.placeholder('requestStatus')),
      ),
      orderBy: desc(requests.id),
      // Only what the list shows: fewer bytes to send and to parse (timestamps are costly).
      columns: SUMMARY_COLUMNS,
      extras: { tabCounts: TAB_COUNTS.as('tab_counts'), ...CHAT_ROOM_EXTRAS },
      with: {
        addresses: { columns: LIST_ADDRESS_COLUMNS, orderBy: asc(requestAddresses.position) },
        bids: {
          columns: { companyId: true, requestId: true, bidAmountCents: true },
          where: ne(requestBids.status, DELETED_BID),
          orderBy: asc(requestBids.id),
        },
        company: { columns: { name: true } },
        review: { columns: { companyRating: true, companyComment: true, tipCents: true } },
      },
    })
    .prepare('list_customer_requests'),
);

export type CustomerRequestRow = Awaited<
  ReturnType<ReturnType<typeof listByStatus>['execute']>
>[number];

/**
 * My Requests: one tab's requests, newest first, with their addresses, bids, company and
 * feedback, and the count of every tab, in one statement (a second one only for an empty tab).
 */
export async function listCustomerRequests(opts: {
  db: Db;
  customerId: number;
  requestStatus: number;
}): Promise<{ rows: CustomerRequestRow[]; counts: RequestCounts }> {
  const rows = await listByStatus(opts.db).execute({
    customerId: opts.customerId,
    requestStatus: opts.requestStatus,
  });
  const first = rows[0];
  if (!first) {
    return { rows, counts: await countCustomerRequests(opts) };
  }
  const [active, done, cancelled] = first.tabCounts;
  return { rows, counts: { active, done, cancelled } };
}

/**
 * What the request detail reads: every column but bookkeeping ones, and every relation. The
 * customer's detail and the company's job detail (partner-jobs) share it, each with its own
 * ownership in the WHERE clause. ONE statement, however many addresses, items, photos, timeline
 * rows, bids and comments the request has: Drizzle's relational query aggregates each relation
 * as JSON in a lateral subquery, and the statement is prepared once per database.
 */
export const REQUEST_DETAIL_COLUMNS = {
  // Every column but bookkeeping ones nobody shows (timestamps are costly to parse).
  columns: {
    createdAt: false,
    updatedAt: false,
    acceptedAt: false,
    submissionHash: false,
    createdByUserId: false,
    // The letter's text is read by get_confirmation_letter; the detail links its PDF only.
    letterHtml: false,
    letterSentAt: false,
    letterSignedAt: false,
  },
  with: {
    moveType: { columns: { name: true } },
    addresses: {
      columns: { requestId: false, position: false },
      orderBy: asc(requestAddresses.position),
    },
    items: {
      columns: { requestId: false, position: false, currency: false },
      orderBy: asc(requestItems.position),
      with: {
        images: { columns: { imageUrl: true }, orderBy: asc(requestItemImages.id) },
      },
    },
    timeline: { orderBy: asc(requestTimeline.id) },
    bids: {
      columns: { companyId: true, requestId: true, bidAmountCents: true },
      where: eq(requestBids.status, OPEN_BID),
      orderBy: asc(requestBids.id),
    },
    acceptedBid: { columns: { bidAmountCents: true, movers: true } },
    company: { columns: { createdAt: false } },
    foreman: { columns: { firstName: true, lastName: true } },
    trucks: { columns: {}, with: { truck: { columns: { name: true } } } },
    review: true,
    comments: { orderBy: asc(requestComments.id), ...commentColumns },
  },
} as const;

const detailQuery = preparedPerDatabase((db) =>
  db.query.requests
    .findFirst({
      where: and(
        eq(requests.id, sql.placeholder('requestId')),
        eq(requests.customerId, sql.placeholder('customerId')),
      ),
      ...REQUEST_DETAIL_COLUMNS,
      extras: CHAT_ROOM_EXTRAS,
    })
    .prepare('customer_request_detail'),
);

export type RequestDetailRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>
>;

/** customer_request_detail: the customer's own request with all it holds; 404 otherwise. */
export async function getCustomerRequestDetail(opts: {
  db: Db;
  customerId: number;
  requestId: number;
}): Promise<RequestDetailRow> {
  const row = await detailQuery(opts.db).execute({
    requestId: opts.requestId,
    customerId: opts.customerId,
  });
  if (!row) throw AppError.notFound(REQUEST_NOT_FOUND);
  return row;
}

const guardFields = (r: Pick<RequestRow, 'timelineStatus' | 'requestStatus' | 'requestType'>) => ({
  request_timeline_status: r.timelineStatus,
  request_status: r.requestStatus,
  request_type: r.requestType,
});

/**
 * The refund the detail announces: what a cancel now would give back; null when the request
 * cannot be cancelled or nothing was paid.
 */
export async function cancellationPreview(opts: {
  db: Db;
  request: RequestRow | RequestDetailRow;
  timeZone: string;
  now?: Date;
}): Promise<CancellationRefund | null> {
  const { request } = opts;
  if (!canCancel(guardFields(request)) || !isPaidIntoEscrow(request.timelineStatus)) return null;
  const policy = await cancellationPolicyOf(opts.db, request, {
    timeZone: opts.timeZone,
    now: opts.now ?? new Date(),
  });
  return policy.tier === 'unpaid' ? null : policy;
}
