import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { JOB_STAGES, jobStageOf, type JobCounts, type JobStage } from '@movehub/shared';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { pageOf, pageReadLimit } from '../../lib/paging';
import { companyForemen, companyTrucks, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { changesOfRequest, type ChangeRow } from '../../domain/request/changes';
import { jobStageSql, REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import {
  ACCOUNT,
  CONTACT_COLUMNS,
  LIST_ADDRESSES,
  MOVE_COLUMNS,
  MOVE_TYPE,
  REQUEST_DETAIL,
} from '../../domain/request/read-model';
import { itemCountSql, packingCountSql } from '../../domain/request/item-counts';

/*
 * The company's jobs by stage: every request whose company_id is
 * the caller, a bid it won or a request made through its direct link. Scoped in SQL by
 * company_id (the survey's rule: never load another company's row and filter it afterwards).
 */

/** The page size when the caller names none. */
export const JOBS_PAGE = 50;

/**
 * A request's stage, in SQL: the twin of the shared jobStageOf (status-sql.test.ts holds the two
 * together for every status). A marketplace request at 0 or 1 has no company_id, so it matches
 * nothing (null) and is never listed.
 */
const stageSql = jobStageSql();

/** A job as the list shows it: the move, the customer, the price agreed (if any). */
function selectJobs(opts: {
  db: Db;
  companyId: number;
  stage?: JobStage | undefined;
  limit: number;
  beforeId?: number | undefined;
}) {
  return opts.db.query.requests.findMany({
    where: and(
      eq(requests.companyId, opts.companyId),
      opts.stage ? sql`${stageSql} = ${opts.stage}` : sql`${stageSql} is not null`,
      opts.beforeId ? lt(requests.id, opts.beforeId) : undefined,
    ),
    orderBy: desc(requests.id),
    limit: opts.limit,
    columns: {
      ...MOVE_COLUMNS,
      additionalStatus: true,
      finalAmountCents: true,
      ...CONTACT_COLUMNS,
    },
    extras: {
      itemCount: itemCountSql.as('item_count'),
      packingCount: packingCountSql.as('packing_count'),
    },
    with: { moveType: MOVE_TYPE, addresses: LIST_ADDRESSES, customer: ACCOUNT },
  });
}

export type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];

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
 * and the count of every stage: two statements whatever the page's size. One row more than the
 * page is read to name the next page's before_id (lib/paging.ts).
 */
export async function listJobs(opts: {
  db: Db;
  companyId: number;
  stage?: JobStage | undefined;
  limit?: number | undefined;
  beforeId?: number | undefined;
}): Promise<{ counts: JobCounts; rows: JobRow[]; next_before_id: number | null }> {
  const [read, counts] = await Promise.all([
    selectJobs({ ...opts, limit: pageReadLimit({ limit: opts.limit }, JOBS_PAGE) }),
    countJobs(opts),
  ]);
  const page = pageOf(read, { limit: opts.limit }, JOBS_PAGE, (r) => r.id);
  return { counts, rows: page.rows, next_before_id: page.next_before_id };
}

/** The request in full (the read model's REQUEST_DETAIL), the company's own, with its customer. */
const jobDetailQuery = preparedPerDatabase((db) =>
  db.query.requests
    .findFirst({
      where: and(
        eq(requests.id, sql.placeholder('requestId')),
        eq(requests.companyId, sql.placeholder('companyId')),
      ),
      columns: REQUEST_DETAIL.columns,
      with: { ...REQUEST_DETAIL.with, customer: ACCOUNT },
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
