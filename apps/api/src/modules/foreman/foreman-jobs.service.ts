import { and, eq, or, sql } from 'drizzle-orm';
import { FOREMAN_RECENT_DAYS, isMoveInProgress, isReadyToMove, statusAfter } from '@movehub/shared';
import type { Db } from '../../db/client';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import { requests } from '../../db/schema';
import { AppError } from '../../errors';
import { moveOverSql, REQUEST_NOT_FOUND, withCrewSql } from '../../domain/request/lifecycle';
import {
  ADDRESSES,
  ITEMS,
  LIST_ADDRESSES,
  MOVE_COLUMNS,
  MOVE_TYPE,
  TIMELINE,
  TRUCKS,
} from '../../domain/request/read-model';
import { itemCountSql, packingCountSql } from '../../domain/request/item-counts';

/*
 * The foreman's jobs: the requests whose foreman_id is the caller, scoped in
 * SQL. A foreman is assigned at 3 → 4, so every one of his jobs is paid; he works it at 4 and 5
 * and sees it for a week once it is done (6, 7, 8) or cancelled (11).
 */

const n = (v: number) => sql.raw(String(v));

/*
 * The history's times below come back as the driver's text: a relational query rebuilds each
 * extra for its table alias and drops its mapWith, so they are read as Dates here and in the wire.
 */

/** When the request last changed status (its lifecycle history's newest row). */
const lastChangeSql = sql<string | null>`(select max(h.created_at) from request_status_history h
  where h.request_id = ${sql.identifier('requests')}.${sql.identifier('id')})`;

/**
 * A job as the foreman's list shows it: the move, where, and whom it is for (no price). Read each
 * time his phone opens the list: one prepared statement, planned once per connection.
 */
const foremanJobsQuery = preparedPerDatabase((db) =>
  db.query.requests
    .findMany({
      where: and(
        eq(requests.foremanId, placeholder('foremanId', 'int')),
        // The jobs he works on whatever their age; the finished ones (confirmed, cancelled) while
        // recent (FOREMAN_RECENT_DAYS since the status was reached).
        or(
          withCrewSql(requests.timelineStatus),
          and(
            moveOverSql(requests.timelineStatus),
            sql`${lastChangeSql} > now() - make_interval(days => ${n(FOREMAN_RECENT_DAYS)})`,
          ),
        ),
      ),
      columns: {
        ...MOVE_COLUMNS,
        requestType: true,
        contactFirstName: true,
      },
      extras: {
        itemCount: itemCountSql.as('item_count'),
        packingCount: packingCountSql.as('packing_count'),
        lastChange: lastChangeSql.as('last_change'),
      },
      with: {
        moveType: MOVE_TYPE,
        addresses: LIST_ADDRESSES,
        customer: { columns: { firstName: true } },
      },
    })
    .prepare('foreman_jobs'),
);

export type ForemanJobRow = Awaited<
  ReturnType<ReturnType<typeof foremanJobsQuery>['execute']>
>[number];

export interface ForemanJobLists {
  today: ForemanJobRow[];
  upcoming: ForemanJobRow[];
  recent: ForemanJobRow[];
}

const changedAt = (r: ForemanJobRow) => (r.lastChange === null ? 0 : Date.parse(r.lastChange));

const byDateAndWindow = (a: ForemanJobRow, b: ForemanJobRow) =>
  a.moveDate.localeCompare(b.moveDate) ||
  (a.windowFrom ?? '').localeCompare(b.windowFrom ?? '') ||
  a.id - b.id;

/**
 * The caller's jobs, split on `today` (YYYY-MM-DD, the service's date): today's (the move in
 * progress first, then the assigned moves due today or overdue, which he still has to start),
 * upcoming ones, and the recently finished. One statement whatever the count.
 */
export async function listForemanJobs(opts: {
  db: Db;
  foremanId: number;
  today: string;
}): Promise<ForemanJobLists> {
  const rows = await foremanJobsQuery(opts.db).execute({ foremanId: opts.foremanId });
  const inProgress = rows.filter((r) => isMoveInProgress(r.timelineStatus)).sort(byDateAndWindow);
  const assigned = rows.filter((r) => isReadyToMove(r.timelineStatus)).sort(byDateAndWindow);
  const recent = rows
    .filter((r) => !isMoveInProgress(r.timelineStatus) && !isReadyToMove(r.timelineStatus))
    .sort((a, b) => changedAt(b) - changedAt(a) || b.id - a.id);
  return {
    today: [...inProgress, ...assigned.filter((r) => r.moveDate <= opts.today)],
    upcoming: assigned.filter((r) => r.moveDate > opts.today),
    recent,
  };
}

/** When the request last reached `status` (its lifecycle history), in the request's statement. */
const reachedSql = (status: number) =>
  sql<string | null>`(select h.created_at from request_status_history h
    where h.request_id = ${sql.identifier('requests')}.${sql.identifier('id')}
      and h.to_status = ${n(status)} order by h.id desc limit 1)`;

/**
 * One job of the caller with everything move day needs, in one statement: the move, its
 * addresses, items and timeline, the customer, the trucks, the company's name and when the move
 * started and was marked complete. No price of the move is read.
 */
const foremanJobQuery = preparedPerDatabase((db) =>
  db.query.requests
    .findFirst({
      where: and(
        eq(requests.id, sql.placeholder('requestId')),
        eq(requests.foremanId, sql.placeholder('foremanId')),
      ),
      columns: {
        ...MOVE_COLUMNS,
        finalComment: true,
        // The contact the foreman may see: the name, and the phone to call on move day.
        requestType: true,
        contactFirstName: true,
        contactLastName: true,
        contactPhone: true,
      },
      extras: {
        startedAt: reachedSql(statusAfter('startMove')).as('started_at'),
        completedAt: reachedSql(statusAfter('completeMove')).as('completed_at'),
      },
      with: {
        moveType: MOVE_TYPE,
        addresses: ADDRESSES,
        items: ITEMS,
        timeline: TIMELINE,
        customer: { columns: { firstName: true, lastName: true, phone: true, roomId: true } },
        trucks: TRUCKS,
        company: { columns: { name: true } },
      },
    })
    .prepare('foreman_job_detail'),
);

export type ForemanJobDetailRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof foremanJobQuery>['execute']>>
>;

/** One job of the caller; another foreman's reads as not found. */
export async function getForemanJob(opts: {
  db: Db;
  foremanId: number;
  requestId: number;
}): Promise<ForemanJobDetailRow> {
  const row = await foremanJobQuery(opts.db).execute({
    requestId: opts.requestId,
    foremanId: opts.foremanId,
  });
  if (!row) throw AppError.notFound(REQUEST_NOT_FOUND);
  return row;
}
