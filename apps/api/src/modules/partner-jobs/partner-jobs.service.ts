import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { JOB_STAGES, jobStageOf, type JobCounts, type JobStage } from '@movehub/shared';
import type { Db } from '../../db/client';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import { AFTER_EVERY_ID, pageOf, pageReadLimit } from '../../lib/paging';
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

/**
 * Every stage's count of the company's jobs, in JOB_STAGES' order. It reads a table of its own
 * (`counted`), named in SQL: a relational query rewrites each column of its extras to its root
 * table, which would tie the count to the listed row.
 */
function stageCountsSql(companyId: SQL) {
  const counted = (column: { name: string }) =>
    sql`${sql.identifier('counted')}.${sql.identifier(column.name)}`;
  const stage = jobStageSql({
    requestStatus: counted(requests.requestStatus),
    timelineStatus: counted(requests.timelineStatus),
    requestType: counted(requests.requestType),
  });
  const perStage = JOB_STAGES.map(
    (s) => sql`count(*) filter (where c.stage = ${sql.raw(`'${s}'`)})::int`,
  );
  return sql<number[]>`(select array[${sql.join(perStage, sql`, `)}]
    from (select ${stage} as stage from ${requests} ${sql.identifier('counted')}
      where ${counted(requests.companyId)} = ${companyId}) c)`;
}

/*
 * The company's jobs are read each time its console opens a tab: one prepared statement serves
 * every stage and page (null stage: all; beforeId AFTER_EVERY_ID: the first page), and carries
 * every stage's count, computed once (an uncorrelated subquery) and repeated on each row, so a
 * call is one round trip.
 */
const jobsQuery = preparedPerDatabase((db) => {
  const companyId = placeholder('companyId', 'int');
  const stage = placeholder('stage', 'text');
  return db.query.requests
    .findMany({
      where: and(
        eq(requests.companyId, companyId),
        sql`(${stageSql} = ${stage} or (${stage} is null and ${stageSql} is not null))`,
        sql`${requests.id} < ${placeholder('beforeId', 'bigint')}`,
      ),
      orderBy: desc(requests.id),
      limit: sql.placeholder('limit'),
      columns: {
        ...MOVE_COLUMNS,
        additionalStatus: true,
        finalAmountCents: true,
        ...CONTACT_COLUMNS,
      },
      extras: {
        itemCount: itemCountSql.as('item_count'),
        packingCount: packingCountSql.as('packing_count'),
        stageCounts: stageCountsSql(companyId).as('stage_counts'),
      },
      with: { moveType: MOVE_TYPE, addresses: LIST_ADDRESSES, customer: ACCOUNT },
    })
    .prepare('company_jobs');
});

/**
 * The counts alone, for a page that has no row to carry them: read beside the company's own
 * account row, which every caller of this has.
 */
const countsQuery = preparedPerDatabase((db) => {
  const companyId = placeholder('companyId', 'int');
  return db
    .select({ stageCounts: stageCountsSql(companyId) })
    .from(users)
    .where(eq(users.id, companyId))
    .prepare('company_job_counts');
});

/** A job as the list shows it: the move, the customer, the price agreed (if any). */
export type JobRow = Awaited<ReturnType<ReturnType<typeof jobsQuery>['execute']>>[number];

function toCounts(stageCounts: readonly number[] | undefined): JobCounts {
  return Object.fromEntries(JOB_STAGES.map((s, i) => [s, stageCounts?.[i] ?? 0])) as JobCounts;
}

/**
 * One page of the company's jobs (of one stage, or of all), newest first, with their addresses,
 * and the count of every stage: one statement whatever the page's size (two for an empty page
 * after the first, or of one stage). One row more than the page is read to name the next page's
 * before_id (lib/paging.ts).
 */
export async function listJobs(opts: {
  db: Db;
  companyId: number;
  stage?: JobStage | undefined;
  limit?: number | undefined;
  beforeId?: number | undefined;
}): Promise<{ counts: JobCounts; rows: JobRow[]; next_before_id: number | null }> {
  const read = await jobsQuery(opts.db).execute({
    companyId: opts.companyId,
    stage: opts.stage ?? null,
    beforeId: opts.beforeId ?? AFTER_EVERY_ID,
    limit: pageReadLimit({ limit: opts.limit }, JOBS_PAGE),
  });
  let stageCounts = read[0]?.stageCounts;
  // An empty first page of all stages means no job at all: every count is 0.
  if (!stageCounts && (opts.stage || opts.beforeId)) {
    const [row] = await countsQuery(opts.db).execute({ companyId: opts.companyId });
    stageCounts = row?.stageCounts;
  }
  const page = pageOf(read, { limit: opts.limit }, JOBS_PAGE, (r) => r.id);
  return { counts: toCounts(stageCounts), rows: page.rows, next_before_id: page.next_before_id };
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
