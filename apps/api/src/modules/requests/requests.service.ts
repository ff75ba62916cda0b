import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { requestAddresses, requestBids, requests } from '../../db/schema';

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

export type CustomerRequestRow = Awaited<
  ReturnType<ReturnType<typeof listByStatus>['execute']>
>[number];

/** My Requests: one tab's requests, newest first, with their addresses, bids and company. */
export async function listCustomerRequests(opts: {
  db: Db;
  customerId: number;
  requestStatus: number;
}): Promise<CustomerRequestRow[]> {
  const rows = await listByStatus(opts.db).execute({
    customerId: opts.customerId,
    requestStatus: opts.requestStatus,
  });

  return rows;
}
