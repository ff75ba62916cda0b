import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  DIRECT_LINK_TEXT,
  jobStageOf,
  MAX_ACTIVE_DIRECT_LINKS,
  toSpecDate,
  type DirectLink,
  type DirectLinkRequest,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { lockName } from '../../db/locks';
import { companyDirectLinks, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { pageOf, pageReadLimit } from '../../lib/paging';
import { oncePerKey } from '../idempotency/idempotency.service';

/*
 * A company's direct links: list, create, disable or enable, and the requests each
 * brought (requests.direct_link_id). Every query is scoped by the company's id in SQL: another
 * company's link answers 404 as if it did not exist.
 */

/** A link's page of requests when the caller names no size. */
export const LINK_REQUESTS_PAGE = 50;

/** The address a customer opens: the web app's direct-link mode (spec portal.md §1). */
export const directLinkUrl = (publicUrl: string, link: string) =>
  `${publicUrl.replace(/\/+$/, '')}/create-request/${encodeURIComponent(link)}`;

/** 144 random bits in base64url: unguessable, and short enough to read out on the phone. */
const newLinkToken = () => randomBytes(18).toString('base64url');

const requestCountSql = sql<number>`(select count(*)::int from ${requests}
  where ${requests.directLinkId} = ${companyDirectLinks.id})`;

function selectLinks(db: Db | Tx) {
  return db
    .select({
      id: companyDirectLinks.id,
      link: companyDirectLinks.link,
      isActive: companyDirectLinks.isActive,
      createdAt: companyDirectLinks.createdAt,
      creatorId: users.id,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      creatorType: users.userType,
      requestCount: requestCountSql,
    })
    .from(companyDirectLinks)
    .innerJoin(users, eq(users.id, companyDirectLinks.createdByUserId));
}
type LinkRow = Awaited<ReturnType<typeof selectLinks>>[number];

function toDirectLink(row: LinkRow, publicUrl: string): DirectLink {
  return {
    id: row.id,
    link: row.link,
    url: directLinkUrl(publicUrl, row.link),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    created_by: {
      id: row.creatorId,
      name: `${row.creatorFirst ?? ''} ${row.creatorLast ?? ''}`.trim(),
      user_type: row.creatorType,
    },
    request_count: row.requestCount,
  };
}

/** The company's links, newest first: its own and those its sales team made. */
export async function listDirectLinks(opts: {
  db: Db;
  companyId: number;
  publicUrl: string;
}): Promise<DirectLink[]> {
  const rows = await selectLinks(opts.db)
    .where(eq(companyDirectLinks.companyId, opts.companyId))
    .orderBy(desc(companyDirectLinks.id));
  return rows.map((row) => toDirectLink(row, opts.publicUrl));
}

async function linkOf(db: Db | Tx, companyId: number, linkId: number, publicUrl: string) {
  const [row] = await selectLinks(db).where(
    and(eq(companyDirectLinks.id, linkId), eq(companyDirectLinks.companyId, companyId)),
  );
  if (!row) throw AppError.notFound(DIRECT_LINK_TEXT.notFound);
  return toDirectLink(row, publicUrl);
}

/**
 * A new active link of the company. A repeat with the same Idempotency-Key (a double click, a
 * retry after a lost answer) gets the first link; without a key, the cap on active links bounds
 * what a loop of clicks can make. The company's lock orders two creations, so the cap holds.
 */
export async function createDirectLink(opts: {
  db: Db;
  companyId: number;
  publicUrl: string;
  idempotencyKey?: string | undefined;
}): Promise<DirectLink> {
  const { companyId } = opts;
  return opts.db.transaction((tx) =>
    oncePerKey({
      tx,
      scope: `create_direct_link:${companyId}`,
      key: opts.idempotencyKey,
      body: {},
      run: async () => {
        await lockName(tx, `direct-links:${companyId}`);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(companyDirectLinks)
          .where(
            and(eq(companyDirectLinks.companyId, companyId), eq(companyDirectLinks.isActive, true)),
          );
        if ((count?.n ?? 0) >= MAX_ACTIVE_DIRECT_LINKS) {
          throw AppError.conflict(DIRECT_LINK_TEXT.tooMany);
        }
        const [row] = await tx
          .insert(companyDirectLinks)
          .values({ link: newLinkToken(), companyId, createdByUserId: companyId })
          .returning({ id: companyDirectLinks.id });
        if (!row) throw new Error('createDirectLink inserted nothing');
        return linkOf(tx, companyId, row.id, opts.publicUrl);
      },
    }),
  );
}

/**
 * Turns one of the company's links off or on again. Off, it stops validate_generated_link and
 * generate_request_by_customer on both paths with the spec's 'Company direct link is invalid.';
 * the requests it already brought stay as they are. Turning a link on counts against the cap.
 */
export async function setDirectLinkActive(opts: {
  db: Db;
  companyId: number;
  linkId: number;
  isActive: boolean;
  publicUrl: string;
}): Promise<DirectLink> {
  const { companyId, linkId } = opts;
  return opts.db.transaction(async (tx) => {
    await lockName(tx, `direct-links:${companyId}`);
    const [row] = await tx
      .select({ isActive: companyDirectLinks.isActive })
      .from(companyDirectLinks)
      .where(and(eq(companyDirectLinks.id, linkId), eq(companyDirectLinks.companyId, companyId)))
      .for('update');
    if (!row) throw AppError.notFound(DIRECT_LINK_TEXT.notFound);
    if (row.isActive !== opts.isActive) {
      if (opts.isActive) {
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(companyDirectLinks)
          .where(
            and(eq(companyDirectLinks.companyId, companyId), eq(companyDirectLinks.isActive, true)),
          );
        if ((count?.n ?? 0) >= MAX_ACTIVE_DIRECT_LINKS) {
          throw AppError.conflict(DIRECT_LINK_TEXT.tooMany);
        }
      }
      await tx
        .update(companyDirectLinks)
        .set({ isActive: opts.isActive })
        .where(eq(companyDirectLinks.id, linkId));
    }
    return linkOf(tx, companyId, linkId, opts.publicUrl);
  });
}

/**
 * The requests that came through one of the company's links, newest first, a page older than
 * `beforeId`, and the next page's before_id (one row more is read, lib/paging.ts). The link's
 * company is checked in the same query: another company's link lists nothing and answers 404.
 */
export async function listLinkRequests(opts: {
  db: Db;
  companyId: number;
  linkId: number;
  limit?: number | undefined;
  beforeId?: number | undefined;
}): Promise<{ rows: DirectLinkRequest[]; next_before_id: number | null }> {
  const { db, companyId, linkId } = opts;
  const [link] = await db
    .select({ id: companyDirectLinks.id })
    .from(companyDirectLinks)
    .where(and(eq(companyDirectLinks.id, linkId), eq(companyDirectLinks.companyId, companyId)));
  if (!link) throw AppError.notFound(DIRECT_LINK_TEXT.notFound);
  const rows = await db
    .select({
      id: requests.id,
      moveDate: requests.moveDate,
      timelineStatus: requests.timelineStatus,
      requestStatus: requests.requestStatus,
      requestType: requests.requestType,
      createdByUserId: requests.createdByUserId,
      createdAt: requests.createdAt,
      // The contact as entered on the form; the account's name once claimed, if that is empty.
      contactName: sql<string>`trim(coalesce(nullif(trim(concat_ws(' ', ${requests.contactFirstName}, ${requests.contactLastName})), ''),
        concat_ws(' ', ${users.firstName}, ${users.lastName}), ''))`,
    })
    .from(requests)
    .innerJoin(companyDirectLinks, eq(companyDirectLinks.id, requests.directLinkId))
    .leftJoin(users, eq(users.id, requests.customerId))
    .where(
      and(
        eq(requests.directLinkId, linkId),
        eq(companyDirectLinks.companyId, companyId),
        // A link only ever brings requests to its own company; this keeps it so in the answer.
        eq(requests.companyId, companyId),
        opts.beforeId === undefined ? undefined : lt(requests.id, opts.beforeId),
      ),
    )
    .orderBy(desc(requests.id))
    .limit(pageReadLimit({ limit: opts.limit }, LINK_REQUESTS_PAGE));
  const page = pageOf(rows, { limit: opts.limit }, LINK_REQUESTS_PAGE, (r) => r.id);
  const listed = page.rows.map((r) => ({
    id: r.id,
    s_date: toSpecDate(r.moveDate),
    contact_name: r.contactName,
    stage: jobStageOf({
      request_timeline_status: r.timelineStatus,
      request_status: r.requestStatus,
      request_type: r.requestType,
    }),
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    by_sales_team: r.createdByUserId !== null,
    created_at: r.createdAt.toISOString(),
  }));
  return { rows: listed, next_before_id: page.next_before_id };
}
