import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ACTIVE_REQUEST_STATUS,
  CANCELLED_REQUEST_STATUS,
  canCancel,
  DONE_REQUEST_STATUS,
  isPaidIntoEscrow,
  isRequestCancelled,
  type CancellationRefund,
  type PageRequest,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import { requests } from '../../db/schema';
import { inList } from '../../db/schema/columns';
import { AppError } from '../../errors';
import { AFTER_EVERY_ID, pageOf, pageReadLimit } from '../../lib/paging';
import {
  FEEDBACK,
  LIST_ADDRESSES,
  REQUEST_DETAIL,
  STANDING_BIDS,
  SUMMARY_COLUMNS,
} from '../../domain/request/read-model';
import { REQUEST_NOT_FOUND, type RequestRow } from '../../domain/request/lifecycle';
import { cancellationPolicyOf } from '../../domain/request/cancel';

/** How many requests one My Requests tab holds: those of its request_status. */
const TAB_STATUS_OF = {
  active: ACTIVE_REQUEST_STATUS,
  done: DONE_REQUEST_STATUS,
  cancelled: CANCELLED_REQUEST_STATUS,
} as const;
function tabCount(status: AnyColumn | SQL, tab: keyof typeof TAB_STATUS_OF): SQL<number> {
  return sql<number>`count(*) filter (where ${inList(status, [TAB_STATUS_OF[tab]])})::int`;
}

const countByStatus = preparedPerDatabase((db) =>
  db
    .select({
      active: tabCount(requests.requestStatus, 'active'),
      done: tabCount(requests.requestStatus, 'done'),
      cancelled: tabCount(requests.requestStatus, 'cancelled'),
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
const TAB_STATUS = sql.raw('tab.request_status');
const TAB_COUNTS = sql<[number, number, number]>`(
  select json_build_array(
    ${tabCount(TAB_STATUS, 'active')},
    ${tabCount(TAB_STATUS, 'done')},
    ${tabCount(TAB_STATUS, 'cancelled')})
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

/** The requests one My Requests page holds when the caller names no limit. */
export const MY_REQUESTS_PAGE = 20;

const listByStatus = preparedPerDatabase((db) =>
  db.query.requests
    .findMany({
      // A page is a range of requests_customer_status_idx (customer_id, request_status, id),
      // read backwards from before_id: its cost follows the page, not the customer's history.
      where: and(
        eq(requests.customerId, sql.placeholder('customerId')),
        eq(requests.requestStatus, sql.placeholder('requestStatus')),
        sql`${requests.id} < ${placeholder('beforeId', 'bigint')}`,
      ),
      orderBy: desc(requests.id),
      limit: sql.placeholder('limit'),
      // Only what the list shows: fewer bytes to send and to parse (timestamps are costly).
      columns: SUMMARY_COLUMNS,
      extras: { tabCounts: TAB_COUNTS.as('tab_counts'), ...CHAT_ROOM_EXTRAS },
      with: {
        addresses: LIST_ADDRESSES,
        bids: STANDING_BIDS,
        company: { columns: { name: true } },
        review: FEEDBACK,
      },
    })
    .prepare('list_customer_requests'),
);

export type CustomerRequestRow = Awaited<
  ReturnType<ReturnType<typeof listByStatus>['execute']>
>[number];

/**
 * My Requests: one page of a tab's requests (`limit` older than `beforeId`, newest first), with
 * their addresses, bids, company and feedback, and the count of every tab (all of the customer's
 * requests, whatever the page), in one statement (a second one only for an empty page).
 */
export async function listCustomerRequests(opts: {
  db: Db;
  customerId: number;
  requestStatus: number;
  /** The page asked for; the first (newest) without one. */
  page?: PageRequest;
}): Promise<{ rows: CustomerRequestRow[]; counts: RequestCounts; nextBeforeId: number | null }> {
  const page = opts.page ?? {};
  const read = await listByStatus(opts.db).execute({
    customerId: opts.customerId,
    requestStatus: opts.requestStatus,
    beforeId: page.before_id ?? AFTER_EVERY_ID,
    limit: pageReadLimit(page, MY_REQUESTS_PAGE),
  });
  const { rows, next_before_id } = pageOf(read, page, MY_REQUESTS_PAGE, (r) => r.id);
  const first = rows[0];
  if (!first) {
    return { rows, counts: await countCustomerRequests(opts), nextBeforeId: null };
  }
  const [active, done, cancelled] = first.tabCounts;
  return { rows, counts: { active, done, cancelled }, nextBeforeId: next_before_id };
}

/** The request in full (the read model's REQUEST_DETAIL), the customer's own only. */
const detailQuery = preparedPerDatabase((db) =>
  db.query.requests
    .findFirst({
      where: and(
        eq(requests.id, sql.placeholder('requestId')),
        eq(requests.customerId, sql.placeholder('customerId')),
      ),
      ...REQUEST_DETAIL,
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

/** What cancelling a request did with its money (decision 041), in cents. */
export interface CancellationOutcome {
  /** Refunded to the customer's card, or being refunded (refundPending). */
  refundCents: number;
  /** Kept by the company as its cancellation fee. */
  keptCents: number;
  /** Some of the refund is still at the provider (the reconciliation job finishes it). */
  refundPending: boolean;
}

/**
 * A cancelled request's refund and cancellation fee, as the ledger and the movements say them:
 * the refunds the cancel decided (a refusal the provider gave is not counted: it is an operator's
 * to look at) and the fee posted to the company. Null for a request that is not cancelled; no
 * statement for one that was never paid, which moved nothing.
 */
export async function cancellationOutcome(opts: {
  db: Db;
  request: Pick<RequestRow, 'id' | 'requestStatus'>;
  /** Whether the customer's card was ever charged for it (it has a receipt). */
  paid: boolean;
}): Promise<CancellationOutcome | null> {
  const { request } = opts;
  if (!isRequestCancelled(request.requestStatus)) return null;
  if (!opts.paid) {
    return { refundCents: 0, keptCents: 0, refundPending: false };
  }
  const result = await opts.db.execute(sql`
    select
      (select coalesce(sum(p.amount_cents), 0)::int from payments p
       where p.request_id = ${request.id} and p.kind = 'refund' and p.status <> 'failed'
         and p.purpose ->> 'type' = 'cancel-refund') as refund_cents,
      (select count(*)::int from payments p
       where p.request_id = ${request.id} and p.kind = 'refund' and p.status = 'pending'
         and p.purpose ->> 'type' = 'cancel-refund') as pending,
      (select coalesce(sum(e.amount_cents), 0)::int from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id
       where t.request_id = ${request.id} and t.kind = 'cancellation_fee'
         and t.status = 'posted' and e.amount_cents > 0) as kept_cents`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    refundCents: Number(row?.refund_cents ?? 0),
    keptCents: Number(row?.kept_cents ?? 0),
    refundPending: Number(row?.pending ?? 0) > 0,
  };
}
