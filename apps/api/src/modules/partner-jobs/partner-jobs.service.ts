import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  JOB_STAGES,
  jobStageOf,
  RequestStatus,
  TimelineStatus,
  type JobCounts,
  type JobStage,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  companyForemen,
  companyTrucks,
  moveTypes,
  requestAddresses,
  requests,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { changesOfRequest, type ChangeRow } from '../../domain/request/changes';
import { REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import { REQUEST_DETAIL_COLUMNS } from '../requests/requests.service';

/*
 * The company's jobs by stage: every request whose company_id is
 * the caller, a bid it won or a request made through its direct link. Scoped in SQL by
 * company_id (the survey's rule: never load another company's row and filter it afterwards).
 */

/** The page size when the caller names none. */
export const JOBS_PAGE = 50;

/** request_type 0: a marketplace request; anything else came through a direct link. */
const MARKETPLACE_REQUEST = 0;

const T = TimelineStatus;
const n = (v: number) => sql.raw(String(v));

/**
 * A request's stage, in SQL: the twin of the shared jobStageOf (partner-jobs.test.ts holds the two
 * together for every status). Cancelled first:
 * request_status 2 is the cancelled tab whatever the timeline says. A marketplace request at 0 or
 * 1 has no company_id, so it matches nothing (null) and is never listed.
 */
const stageSql = sql<JobStage | null>`(case
  when ${requests.requestStatus} = ${n(RequestStatus.cancelled)}
    or ${requests.timelineStatus} = ${n(T.cancelled)} then 'cancelled'
  when ${requests.timelineStatus} in (${n(T.completed)}, ${n(T.feedbackGiven)}) then 'completed'
  when ${requests.timelineStatus} = ${n(T.completedByCompany)} then 'to_confirm'
  when ${requests.timelineStatus} = ${n(T.inProgress)} then 'in_progress'
  when ${requests.timelineStatus} = ${n(T.truckAssigned)} then 'assigned'
  when ${requests.timelineStatus} = ${n(T.paid)} then 'paid'
  when ${requests.timelineStatus} = ${n(T.awaitingPayment)} then 'awaiting_payment'
  when ${requests.requestType} <> ${n(MARKETPLACE_REQUEST)}
    and ${requests.timelineStatus} = ${n(T.awaitingResponse)} then 'new_direct'
end)`;

const isDirectSql = sql<boolean>`(${requests.requestType} <> ${n(MARKETPLACE_REQUEST)})`;

/** A direct request's contact fields as entered, else its account's (once claimed). */
const directOr = (contact: string, account: AnyPgColumn) =>
  sql<
    string | null
  >`(case when ${isDirectSql} then coalesce(${sql.identifier('requests')}.${sql.identifier(contact)}, ${account}) else ${account} end)`;

/** Pieces of inventory and extra items together. */
const itemCountSql = sql<number>`(select coalesce(sum(ri.quantity), 0)::int from request_items ri
  where ri.request_id = ${sql.identifier('requests')}.${sql.identifier('id')})`;

function selectJobs(opts: {
  db: Db;
  companyId: number;
  stage?: JobStage | undefined;
  limit: number;
  beforeId?: number | undefined;
}) {
  return opts.db
    .select({
      request: {
        id: requests.id,
        timelineStatus: requests.timelineStatus,
        requestStatus: requests.requestStatus,
        additionalStatus: requests.additionalStatus,
        moveDate: requests.moveDate,
        moveTime: requests.moveTime,
        windowFrom: requests.windowFrom,
        windowTo: requests.windowTo,
        movers: requests.movers,
        finalAmountCents: requests.finalAmountCents,
      },
      stage: stageSql,
      isDirect: isDirectSql,
      moveType: moveTypes.name,
      itemCount: itemCountSql,
      firstName: directOr('contact_first_name', users.firstName),
      lastName: directOr('contact_last_name', users.lastName),
      email: directOr('contact_email', users.email),
      phone: directOr('contact_phone', users.phone),
    })
    .from(requests)
    .leftJoin(moveTypes, eq(moveTypes.id, requests.moveTypeId))
    .leftJoin(users, eq(users.id, requests.customerId))
    .where(
      and(
        eq(requests.companyId, opts.companyId),
        opts.stage ? sql`${stageSql} = ${opts.stage}` : sql`${stageSql} is not null`,
        opts.beforeId ? lt(requests.id, opts.beforeId) : undefined,
      ),
    )
    .orderBy(desc(requests.id))
    .limit(opts.limit);
}

export type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];
export type JobAddressRow = Pick<
  typeof requestAddresses.$inferSelect,
  'id' | 'requestId' | 'addressType' | 'completeAddress' | 'zipCode' | 'latitude' | 'longitude'
>;

/** How many of the company's jobs each stage holds. */
export async function countJobs(opts: { db: Db; companyId: number }): Promise<JobCounts> {
  const rows = await opts.db
    .select({ stage: stageSql, count: sql<number>`count(*)::int` })
    .from(requests)
    .where(eq(requests.companyId, opts.companyId))
    .groupBy(stageSql);
  const counts = Object.fromEntries(JOB_STAGES.map((s) => [s, 0])) as JobCounts;
  for (const row of rows) if (row.stage) counts[row.stage] = row.count;
  return counts;
}

/**
 * One page of the company's jobs (of one stage, or of all), newest first, with their addresses,
 * and the count of every stage. Three queries whatever the page's size.
 */
export async function listJobs(opts: {
  db: Db;
  companyId: number;
  stage?: JobStage | undefined;
  limit?: number | undefined;
  beforeId?: number | undefined;
}): Promise<{ counts: JobCounts; rows: { row: JobRow; addresses: JobAddressRow[] }[] }> {
  const [rows, counts] = await Promise.all([
    selectJobs({ ...opts, limit: opts.limit ?? JOBS_PAGE }),
    countJobs(opts),
  ]);
  const ids = rows.map((r) => r.request.id);
  const addresses =
    ids.length === 0
      ? []
      : await opts.db
          .select({
            id: requestAddresses.id,
            requestId: requestAddresses.requestId,
            addressType: requestAddresses.addressType,
            completeAddress: requestAddresses.completeAddress,
            zipCode: requestAddresses.zipCode,
            latitude: requestAddresses.latitude,
            longitude: requestAddresses.longitude,
          })
          .from(requestAddresses)
          .where(inArray(requestAddresses.requestId, ids))
          .orderBy(asc(requestAddresses.requestId), asc(requestAddresses.position));
  const addressesOf = new Map<number, JobAddressRow[]>();
  for (const a of addresses)
    addressesOf.set(a.requestId, [...(addressesOf.get(a.requestId) ?? []), a]);
  return {
    counts,
    rows: rows.map((row) => ({ row, addresses: addressesOf.get(row.request.id) ?? [] })),
  };
}

// The customer's detail query (one statement), scoped to the company instead of the customer, with
// what the company needs beside it: the letter's dates (no longer left out), the crew's ids and
// the customer's account.
const {
  letterSentAt: _sent,
  letterSignedAt: _signed,
  ...DETAIL_COLUMNS
} = REQUEST_DETAIL_COLUMNS.columns;

const jobDetailQuery = preparedPerDatabase((db) =>
  db.query.requests
    .findFirst({
      where: and(
        eq(requests.id, sql.placeholder('requestId')),
        eq(requests.companyId, sql.placeholder('companyId')),
      ),
      columns: DETAIL_COLUMNS,
      with: {
        ...REQUEST_DETAIL_COLUMNS.with,
        foreman: { columns: { id: true, firstName: true, lastName: true } },
        trucks: { columns: {}, with: { truck: { columns: { id: true, name: true } } } },
        customer: {
          columns: { firstName: true, lastName: true, email: true, phone: true, roomId: true },
        },
      },
    })
    .prepare('company_job_detail'),
);

export type JobDetailRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof jobDetailQuery>['execute']>>
>;

export interface JobDetailData {
  row: JobDetailRow;
  stage: JobStage;
  changes: ChangeRow[];
  foremen: { id: number; firstName: string; lastName: string }[];
  trucks: { id: number; name: string }[];
}

/**
 * POST /api/company/job_detail: one of the company's jobs in full, scoped in SQL by company_id
 * (another company's request, or one that is no job, is 404 as if it did not exist), with every
 * change proposed on it and the foremen and active trucks the company can assign.
 */
export async function getJobDetail(opts: {
  db: Db;
  companyId: number;
  requestId: number;
}): Promise<JobDetailData> {
  const { db, companyId, requestId } = opts;
  const row = await jobDetailQuery(db).execute({ requestId, companyId });
  const stage = row
    ? jobStageOf({
        request_type: row.requestType,
        request_timeline_status: row.timelineStatus,
        request_status: row.requestStatus,
      })
    : null;
  if (!row || !stage) throw AppError.notFound(REQUEST_NOT_FOUND);
  const [changes, foremen, trucks] = await Promise.all([
    changesOfRequest(db, requestId),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(companyForemen)
      .innerJoin(users, eq(users.id, companyForemen.userId))
      .where(and(eq(companyForemen.companyId, companyId), isNull(companyForemen.removedAt)))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    db
      .select({ id: companyTrucks.id, name: companyTrucks.name })
      .from(companyTrucks)
      .where(and(eq(companyTrucks.companyId, companyId), eq(companyTrucks.isActive, true)))
      .orderBy(asc(companyTrucks.name), asc(companyTrucks.id)),
  ]);
  return { row, stage, changes, foremen, trucks };
}
