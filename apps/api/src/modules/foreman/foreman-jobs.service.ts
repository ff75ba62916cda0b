import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { FOREMAN_RECENT_DAYS, TimelineStatus } from '@movehub/shared';
import type { Db } from '../../db/client';
import {
  moveTypes,
  requestAddresses,
  requestItemImages,
  requestItems,
  requests,
  requestStatusHistory,
  requestTimeline,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import { companyName } from '../../domain/request/names';

/*
 * The foreman's jobs: the requests whose foreman_id is the caller, scoped in
 * SQL. A foreman is assigned at 3 → 4, so every one of his jobs is paid; he works it at 4 and 5
 * and sees it for a week once it is done (6, 7, 8) or cancelled (11).
 */

const T = TimelineStatus;
const n = (v: number) => sql.raw(String(v));

/** The statuses a foreman works on, listed whatever their age. */
const ACTIVE = [T.truckAssigned, T.inProgress, T.completedByCompany];
/** The statuses listed only while recent (FOREMAN_RECENT_DAYS since the status was reached). */
const FINISHED = [T.completed, T.feedbackGiven, T.cancelled];

/** When the request last changed status (its lifecycle history's newest row). */
const lastChangeSql = sql<Date | null>`(select max(h.created_at) from request_status_history h
  where h.request_id = ${sql.identifier('requests')}.${sql.identifier('id')})`;

/** Pieces of inventory and extra items together. */
const itemCountSql = sql<number>`(select coalesce(sum(ri.quantity), 0)::int from request_items ri
  where ri.request_id = ${sql.identifier('requests')}.${sql.identifier('id')})`;

/** A direct request's first name as entered, else the account's (decision 007). */
const firstNameSql = sql<string | null>`(case when ${requests.requestType} <> 0
  then coalesce(${requests.contactFirstName}, ${users.firstName}) else ${users.firstName} end)`;

export type ForemanJobRow = Awaited<ReturnType<typeof selectForemanJobs>>[number];
export type ForemanJobAddressRow = Pick<
  typeof requestAddresses.$inferSelect,
  'id' | 'requestId' | 'addressType' | 'completeAddress' | 'latitude' | 'longitude'
>;

function selectForemanJobs(db: Db, foremanId: number) {
  return db
    .select({
      id: requests.id,
      timelineStatus: requests.timelineStatus,
      requestStatus: requests.requestStatus,
      moveDate: requests.moveDate,
      moveTime: requests.moveTime,
      windowFrom: requests.windowFrom,
      windowTo: requests.windowTo,
      movers: requests.movers,
      moveType: moveTypes.name,
      itemCount: itemCountSql,
      customerFirstName: firstNameSql,
      lastChange: lastChangeSql.mapWith(requestStatusHistory.createdAt),
    })
    .from(requests)
    .leftJoin(moveTypes, eq(moveTypes.id, requests.moveTypeId))
    .leftJoin(users, eq(users.id, requests.customerId))
    .where(
      and(
        eq(requests.foremanId, foremanId),
        or(
          inArray(requests.timelineStatus, ACTIVE),
          and(
            inArray(requests.timelineStatus, FINISHED),
            sql`${lastChangeSql} > now() - make_interval(days => ${n(FOREMAN_RECENT_DAYS)})`,
          ),
        ),
      ),
    );
}

export interface ForemanJobLists {
  today: { row: ForemanJobRow; addresses: ForemanJobAddressRow[] }[];
  upcoming: { row: ForemanJobRow; addresses: ForemanJobAddressRow[] }[];
  recent: { row: ForemanJobRow; addresses: ForemanJobAddressRow[] }[];
}

const byDateAndWindow = (a: ForemanJobRow, b: ForemanJobRow) =>
  a.moveDate.localeCompare(b.moveDate) ||
  (a.windowFrom ?? '').localeCompare(b.windowFrom ?? '') ||
  a.id - b.id;

/**
 * The caller's jobs, split on `today` (YYYY-MM-DD, the service's date): today's (the move in
 * progress first, then the assigned moves due today or overdue, which he still has to start),
 * upcoming ones, and the recently finished. Two queries whatever the count.
 */
export async function listForemanJobs(opts: {
  db: Db;
  foremanId: number;
  today: string;
}): Promise<ForemanJobLists> {
  const rows = await selectForemanJobs(opts.db, opts.foremanId);
  const ids = rows.map((r) => r.id);
  const addresses =
    ids.length === 0
      ? []
      : await opts.db
          .select({
            id: requestAddresses.id,
            requestId: requestAddresses.requestId,
            addressType: requestAddresses.addressType,
            completeAddress: requestAddresses.completeAddress,
            latitude: requestAddresses.latitude,
            longitude: requestAddresses.longitude,
          })
          .from(requestAddresses)
          .where(inArray(requestAddresses.requestId, ids))
          .orderBy(asc(requestAddresses.requestId), asc(requestAddresses.position));
  const addressesOf = new Map<number, ForemanJobAddressRow[]>();
  for (const a of addresses) {
    addressesOf.set(a.requestId, [...(addressesOf.get(a.requestId) ?? []), a]);
  }
  const entry = (row: ForemanJobRow) => ({ row, addresses: addressesOf.get(row.id) ?? [] });

  const inProgress = rows.filter((r) => r.timelineStatus === T.inProgress).sort(byDateAndWindow);
  const assigned = rows.filter((r) => r.timelineStatus === T.truckAssigned).sort(byDateAndWindow);
  const recent = rows
    .filter((r) => r.timelineStatus !== T.inProgress && r.timelineStatus !== T.truckAssigned)
    .sort((a, b) => (b.lastChange?.getTime() ?? 0) - (a.lastChange?.getTime() ?? 0) || b.id - a.id);
  return {
    today: [...inProgress, ...assigned.filter((r) => r.moveDate <= opts.today)].map(entry),
    upcoming: assigned.filter((r) => r.moveDate > opts.today).map(entry),
    recent: recent.map(entry),
  };
}

/** One job of the caller with everything move day needs; another foreman's reads as not found. */
export async function getForemanJob(opts: { db: Db; foremanId: number; requestId: number }) {
  const row = await opts.db.query.requests.findFirst({
    where: and(eq(requests.id, opts.requestId), eq(requests.foremanId, opts.foremanId)),
    columns: {
      id: true,
      companyId: true,
      requestType: true,
      timelineStatus: true,
      requestStatus: true,
      moveDate: true,
      moveTime: true,
      windowFrom: true,
      windowTo: true,
      movers: true,
      finalComment: true,
      contactFirstName: true,
      contactLastName: true,
      contactPhone: true,
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
        with: { images: { columns: { imageUrl: true }, orderBy: asc(requestItemImages.id) } },
      },
      timeline: { orderBy: asc(requestTimeline.id) },
      customer: { columns: { firstName: true, lastName: true, phone: true, roomId: true } },
      trucks: { columns: {}, with: { truck: { columns: { name: true } } } },
    },
  });
  if (!row) throw AppError.notFound(REQUEST_NOT_FOUND);
  const history = await opts.db
    .select({ toStatus: requestStatusHistory.toStatus, at: requestStatusHistory.createdAt })
    .from(requestStatusHistory)
    .where(
      and(
        eq(requestStatusHistory.requestId, row.id),
        inArray(requestStatusHistory.toStatus, [T.inProgress, T.completedByCompany]),
      ),
    )
    .orderBy(desc(requestStatusHistory.id));
  const company = row.companyId === null ? '' : await companyName(opts.db, row.companyId);
  return {
    row,
    company,
    startedAt: history.find((h) => h.toStatus === T.inProgress)?.at ?? null,
    completedAt: history.find((h) => h.toStatus === T.completedByCompany)?.at ?? null,
  };
}

export type ForemanJobDetailRow = Awaited<ReturnType<typeof getForemanJob>>;
