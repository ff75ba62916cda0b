import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import {
  AddressType,
  BIDDING_COMPANIES_PAGE,
  BidStatus,
  decodeCursor,
  encodeCursor,
  EARTH_RADIUS_MILES,
  REFERRAL_DISCOUNT_PERCENT,
  REVIEWS_PER_COMPANY,
  TOP_RATED_MIN_RATING,
  UserType,
  type CursorPageRequest,
  type PriceSort,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import {
  companyDirectLinks,
  companyProfiles,
  referrals,
  requestBids,
  requests,
  users,
} from '../../db/schema';
import { placeholder, preparedPerDatabase } from '../../db/prepared';
import { AFTER_EVERY_ID, pageSize } from '../../lib/paging';
import { AppError } from '../../errors';
import { openForBidsSql, REQUEST_NOT_FOUND } from '../../domain/request/lifecycle';
import {
  ADDRESSES,
  companyCardColumns,
  ITEMS,
  MOVE_TYPE,
  REQUEST_DETAIL,
} from '../../domain/request/read-model';

/*
 * Bids (decision 011), what is read: the partner API's side (a company sees the requests open
 * for bids in its service area) and the customer's side (the companies list with its filters).
 * Placing, withdrawing, deleting and accepting a bid are the request's commands
 * (domain/request/bids.ts); their texts are here with the reads'.
 */

/** open_requests' page size when the caller names none. */
export const OPEN_REQUESTS_PAGE = 50;

export const BID_TEXT = {
  companyNotFound: 'Company not found.',
  notOpen: 'This request is no longer open for bids.',
  noBid: 'You have no bid on this request.',
  bidWithdrawn: 'Your bid on this request was already withdrawn.',
  bidNotFound: 'This company has no open bid on this request.',
  noSalesCompany: 'This sales team account does not belong to a company yet.',
  amountInvalid: 'bid_amount must be above 0.',
  bidChanged: (amount: string) =>
    `The bid changed: it is now ${amount}. Please look at it again before accepting.`,
  // Notifications (spec §1: the bell and drawer fill with real events).
  newBid: (company: string, amount: string, requestId: number) =>
    `${company} bid ${amount} on your request #${requestId}.`,
  changedBid: (company: string, from: string, to: string, requestId: number) =>
    `${company} changed its bid on your request #${requestId} from ${from} to ${to}.`,
  withdrawnBid: (company: string, requestId: number) =>
    `${company} withdrew its bid on your request #${requestId}.`,
  deletedBid: (requestId: number) => `The customer removed your bid on request #${requestId}.`,
  acceptedForCompany: (amount: string, requestId: number) =>
    `The customer accepted your bid of ${amount} on request #${requestId}.`,
  acceptedForCustomer: (company: string, amount: string, requestId: number) =>
    `You accepted ${company}'s bid of ${amount} on request #${requestId}. Please pay to confirm the move.`,
} as const;

/**
 * A column of the outer query inside a correlated subquery, always with its table's name:
 * Drizzle leaves a single table's columns unqualified, and inside the subquery a bare "id"
 * would name the subquery's own column.
 */
const outer = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * True when the company serves the request's pick-up zip (requests.pick_up_zip, which the
 * request's commands keep).
 */
const servesSql = (companyId: number, requestId: number) =>
  sql<boolean>`exists (select 1 from requests sr join company_service_zips z
    on z.zip_code = sr.pick_up_zip and z.company_id = ${companyId}
    where sr.id = ${requestId})`;

/** A company's display name: its profile's, else its account holder's. */
const companyNameSql = sql<string>`coalesce(${companyProfiles.name}, ${users.firstName} || ' ' || ${users.lastName})`;

const openBidCountSql = (requestId: typeof requests.id) =>
  sql<number>`(select count(*)::int from request_bids ob
    where ob.request_id = ${outer(requestId)} and ob.status = ${BidStatus.open})`;

// --- partner side ---------------------------------------------------------------------------

/**
 * The company a partner acts for: a company itself, or for a sales-team member the company of
 * the direct links they make (decision 011). 403 for a member of no company.
 */
export async function partnerCompanyId(opts: {
  db: Db;
  user: { id: number; userType: number };
}): Promise<number> {
  if (opts.user.userType === UserType.company) return opts.user.id;
  const [link] = await opts.db
    .select({ companyId: companyDirectLinks.companyId })
    .from(companyDirectLinks)
    .where(eq(companyDirectLinks.createdByUserId, opts.user.id))
    .orderBy(asc(companyDirectLinks.id))
    .limit(1);
  if (!link) throw AppError.forbidden(BID_TEXT.noSalesCompany);
  return link.companyId;
}

export type OpenRequestRow = Awaited<ReturnType<typeof listOpenRequests>>[number];

/** The open requests' filters: move dates, move size, distance from the base. */
export interface OpenRequestFilters {
  /** Inclusive bounds, YYYY-MM-DD. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  moveTypeId?: number | undefined;
  maxDistanceMiles?: number | undefined;
}

/**
 * Where a company works from, as two uncorrelated scalar subqueries (PostgreSQL runs each once
 * per statement): its profile address's zip, else the middle of the zips it serves (the demo
 * companies, and a company that gave no address). Null when it serves none.
 */
const companyBaseSql = (companyId: number | SQL, column: 'latitude' | 'longitude') => {
  const col = sql.raw(`z.${column}`);
  return sql`coalesce(
    (select ${col} from company_profiles cp join service_zip_codes z
      on z.zip_code = substring(cp.address from '(\d{5})(?:-\d{4})?\s*$')
      where cp.user_id = ${companyId}),
    (select avg(${col}) from company_service_zips cz join service_zip_codes z
      on z.zip_code = cz.zip_code where cz.company_id = ${companyId}))`;
};

/**
 * Great-circle miles (the wizard's haversine, shared rules) from the company's base to the
 * request's pick-up: its own coordinates, else its zip's centre; null without either. The base
 * is read once, in a fenced subquery (`offset 0` keeps PostgreSQL from copying its subqueries
 * into every place the haversine names it): written out in place, the feed's statement held 20
 * copies of them and took longer to plan than to run.
 */
const distanceFromBaseSql = (companyId: number | SQL, requestId: typeof requests.id) => {
  const lat = sql`coalesce(pa.latitude, pz.latitude)`;
  const lng = sql`coalesce(pa.longitude, pz.longitude)`;
  // A CASE, not least(): least() skips a NULL and would make an unknown place 12,437 mi away.
  return sql<number | null>`(
  select 2 * ${EARTH_RADIUS_MILES}::double precision * asin(case when d.h > 1 then 1 else d.h end)
  from (
    select sqrt(power(sin(radians(${lat} - base.lat) / 2), 2)
      + cos(radians(base.lat)) * cos(radians(${lat}))
        * power(sin(radians(${lng} - base.lng) / 2), 2)) as h
    from (select ${companyBaseSql(companyId, 'latitude')} as lat,
        ${companyBaseSql(companyId, 'longitude')} as lng offset 0) base,
      request_addresses pa left join service_zip_codes pz on pz.zip_code = pa.zip_code
    where pa.request_id = ${outer(requestId)} and pa.address_type = ${AddressType.pickUp}
    order by pa.position, pa.id limit 1) d)`;
};

/*
 * The feed is a prepared statement whatever the filters (each a placeholder that is null when
 * unused), two in all: with the distance filter and without. PostgreSQL plans a prepared
 * statement for its parameters five times, then keeps one generic plan if it costs no more; with
 * the distance filter inside as `$max is null or …`, the generic plan was costed as if every
 * candidate's distance were computed (464,000 against 5,800) and the feed was planned again on
 * every call, 2 to 3.5 ms of PostgreSQL's time before 2.5 ms of running it (100,000 requests).
 * Without it the generic plan costs 2,300 and is kept: planning falls to 0.06 ms.
 */
function openRequestsStatement(db: Db, near: boolean) {
  const companyId = placeholder('companyId', 'int');
  const maxDistance = placeholder('maxDistance', 'double precision');
  const distance = distanceFromBaseSql(companyId, requests.id);
  /*
   * The page's ids: for each zip the company serves, its newest open requests picked up there
   * (requests_open_pick_up_zip_idx, at most a page per zip), the newest of them all kept. What a
   * page costs follows the company's area, not the marketplace: the open requests elsewhere are
   * never read. The filters apply inside, so that a filtered page is still full.
   */
  const perZip = db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        sql`${requests.pickUpZip} = z.zip_code`,
        openForBidsSql(),
        sql`${requests.id} < ${placeholder('beforeId', 'bigint')}`,
        sql`(${placeholder('dateFrom', 'date')} is null or ${requests.moveDate} >= ${placeholder('dateFrom', 'date')})`,
        sql`(${placeholder('dateTo', 'date')} is null or ${requests.moveDate} <= ${placeholder('dateTo', 'date')})`,
        sql`(${placeholder('moveTypeId', 'int')} is null or ${requests.moveTypeId} = ${placeholder('moveTypeId', 'int')})`,
        // Without a base (or a pick-up place) no request is known to be near: the filter keeps none.
        near ? sql`${distance} <= ${maxDistance}` : undefined,
      ),
    )
    .orderBy(desc(requests.id))
    .limit(sql.placeholder('limit'));
  const pageIds = sql`(select l.id from company_service_zips z
    cross join lateral (${perZip}) l
    where z.company_id = ${companyId}
    order by l.id desc limit ${placeholder('limit', 'int')})`;
  return db.query.requests
    .findMany({
      where: sql`${requests.id} in ${pageIds}`,
      orderBy: desc(requests.id),
      columns: {
        id: true,
        timelineStatus: true,
        moveDate: true,
        moveTime: true,
        windowFrom: true,
        windowTo: true,
        movers: true,
        netDistanceMiles: true,
        recommendAmountCents: true,
        customerBudgetCents: true,
        finalComment: true,
      },
      extras: {
        bidCount: openBidCountSql(requests.id).as('bid_count'),
        distanceMiles: distance.as('distance_miles'),
      },
      with: {
        moveType: MOVE_TYPE,
        addresses: ADDRESSES,
        items: ITEMS,
        // The company's own open bid, when it has one.
        bids: {
          columns: { bidAmountCents: true, movers: true },
          where: and(eq(requestBids.companyId, companyId), eq(requestBids.status, BidStatus.open)),
        },
        // The questions asked before a company has it, and their answers: one thread for all.
        comments: REQUEST_DETAIL.with.comments,
      },
    })
    .prepare(near ? 'open_requests_near' : 'open_requests');
}
const openRequestsQuery = preparedPerDatabase((db) => openRequestsStatement(db, false));
const nearOpenRequestsQuery = preparedPerDatabase((db) => openRequestsStatement(db, true));

/**
 * The requests open for bids whose pick-up zip the company serves, newest first, with what a
 * mover needs to price them: the move, its addresses, its items with their photos, the bids so
 * far and the company's own, and the comment thread. Neither the customer's account nor a direct
 * request's contact columns are read (the thread names its customer only 'Customer'): contact
 * follows acceptance. One statement whatever the page's size.
 */
export function listOpenRequests(opts: {
  db: Db;
  companyId: number;
  limit?: number | undefined;
  beforeId?: number | undefined;
  filters?: OpenRequestFilters | undefined;
}) {
  const { filters = {} } = opts;
  const query = filters.maxDistanceMiles === undefined ? openRequestsQuery : nearOpenRequestsQuery;
  return query(opts.db).execute({
    companyId: opts.companyId,
    limit: opts.limit ?? OPEN_REQUESTS_PAGE,
    beforeId: opts.beforeId ?? AFTER_EVERY_ID,
    dateFrom: filters.dateFrom ?? null,
    dateTo: filters.dateTo ?? null,
    moveTypeId: filters.moveTypeId ?? null,
    maxDistance: filters.maxDistanceMiles ?? null,
  });
}

/** The company's name, and whether it serves the request's pick-up zip; null for no company. */
export async function companyFacts(
  tx: Tx,
  companyId: number,
  requestId: number,
): Promise<{ name: string; serves: boolean } | null> {
  const [row] = await tx
    .select({ name: companyNameSql, serves: servesSql(companyId, requestId) })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(and(eq(users.id, companyId), eq(users.userType, UserType.company)))
    .limit(1);
  return row ? { name: row.name, serves: Boolean(row.serves) } : null;
}

// --- customer side --------------------------------------------------------------------------

/** The filter modal's choices (spec §2 Companies list), applied only when filter_status is on. */
export interface CompanyFilter {
  on: boolean;
  minCompletedMoves?: number | undefined;
  maxCompletedMoves?: number | undefined;
  price?: PriceSort | undefined;
  topRated: boolean;
}

export interface ReviewJson {
  id: number;
  created_at: string;
  company_rating: number;
  company_comment: string | null;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
}

/*
 * The companies list is read each time the screen opens or a filter changes: one prepared
 * statement serves every filter (the placeholders switch conditions and sort keys on or off),
 * so neither Drizzle's building nor PostgreSQL's planning is paid per call. Few bids per
 * request make the unused sort keys free.
 *
 * A page at a time: the order is (price when sorted by it, rating when top rated, bid id), so
 * the page after a row is a keyset on that same tuple, read from the cursor's afterAmount,
 * afterRating and afterId (all null on the first page). The request's bids are found by
 * request_bids_request_company_uq; the page's cost follows the request's own bids.
 */
const biddingCompanies = preparedPerDatabase((db) =>
  db
    .select({
      bid: {
        companyId: requestBids.companyId,
        requestId: requestBids.requestId,
        bidAmountCents: requestBids.bidAmountCents,
        movers: requestBids.movers,
        // The keyset's tiebreaker, carried in the next page's cursor.
        id: requestBids.id,
      },
      // A bid's company always has a profile (request_bids.company_id references it).
      company: companyCardColumns,
      completedMoves: companyProfiles.completedMoves,
      reviewCount: sql<number>`(select count(*)::int from company_reviews rc
        where rc.company_id = ${outer(requestBids.companyId)})`,
      // The newest reviews, aggregated here: no query per company.
      reviews: sql<
        ReviewJson[]
      >`(select coalesce(json_agg(r order by r.created_at desc, r.id desc), '[]'::json)
        from (
          select cr.id, cr.created_at, cr.company_rating, cr.company_comment,
            coalesce(nullif(cr.reviewer_first_name, ''), cu.first_name, '') as first_name,
            coalesce(nullif(cr.reviewer_last_name, ''), cu.last_name, '') as last_name,
            coalesce(cr.reviewer_picture, cu.profile_picture) as profile_picture
          from company_reviews cr left join users cu on cu.id = cr.customer_id
          where cr.company_id = ${outer(requestBids.companyId)}
          order by cr.created_at desc, cr.id desc
          limit ${sql.raw(String(REVIEWS_PER_COMPANY))}
        ) r)`,
    })
    .from(requestBids)
    .innerJoin(companyProfiles, eq(companyProfiles.userId, requestBids.companyId))
    .where(
      and(
        eq(requestBids.requestId, sql.placeholder('requestId')),
        eq(requestBids.status, BidStatus.open),
        sql`(${placeholder('minMoves', 'int')} is null or ${companyProfiles.completedMoves} >= ${placeholder('minMoves', 'int')})`,
        sql`(${placeholder('maxMoves', 'int')} is null or ${companyProfiles.completedMoves} <= ${placeholder('maxMoves', 'int')})`,
        sql`(not ${placeholder('topRated', 'boolean')} or ${companyProfiles.rating} >= ${sql.raw(String(TOP_RATED_MIN_RATING))})`,
        // After the cursor's row in the order below: a larger price key, else an equal one and
        // a lower rating (when top rated), else equal keys and a larger bid id.
        sql`(${placeholder('afterId', 'int')} is null
          or (${placeholder('price', 'text')} = 'min' and ${requestBids.bidAmountCents} > ${placeholder('afterAmount', 'int')})
          or (${placeholder('price', 'text')} = 'max' and ${requestBids.bidAmountCents} < ${placeholder('afterAmount', 'int')})
          or ((${placeholder('price', 'text')} not in ('min', 'max') or ${requestBids.bidAmountCents} = ${placeholder('afterAmount', 'int')})
            and ((${placeholder('topRated', 'boolean')} and ${companyProfiles.rating} < ${placeholder('afterRating', 'float8')})
              or ((not ${placeholder('topRated', 'boolean')} or ${companyProfiles.rating} = ${placeholder('afterRating', 'float8')})
                and ${requestBids.id} > ${placeholder('afterId', 'int')}))))`,
      ),
    )
    .orderBy(
      sql`case when ${placeholder('price', 'text')} = 'min' then ${requestBids.bidAmountCents} end asc`,
      sql`case when ${placeholder('price', 'text')} = 'max' then ${requestBids.bidAmountCents} end desc`,
      sql`case when ${placeholder('topRated', 'boolean')} then ${companyProfiles.rating} end desc`,
      asc(requestBids.id),
    )
    .limit(sql.placeholder('limit'))
    .prepare('bidding_companies'),
);

export type BiddingCompanyRow = Awaited<
  ReturnType<ReturnType<typeof biddingCompanies>['execute']>
>[number];

const customerRequestForBids = preparedPerDatabase((db) =>
  db
    .select({
      id: requests.id,
      timelineStatus: requests.timelineStatus,
      discount: requests.discountPercent,
      // Read only: whether accepting would claim the referral discount (claimReferralDiscount).
      referral: sql<boolean>`exists (select 1 from ${referrals}
        where ${referrals.referredId} = ${outer(requests.customerId)}
          and (${referrals.discountRequestId} is null or ${referrals.discountRequestId} = ${outer(requests.id)}))`,
    })
    .from(requests)
    .where(
      and(
        eq(requests.id, sql.placeholder('requestId')),
        eq(requests.customerId, sql.placeholder('customerId')),
      ),
    )
    .limit(1)
    .prepare('customer_request_for_bids'),
);

/** A cursor's keys, in this order: the bid's amount (cents), its company's rating, its id. */
const cursorOf = (row: BiddingCompanyRow) =>
  encodeCursor([row.bid.bidAmountCents, row.company.rating, row.bid.id]);

/**
 * The companies list of a customer's request (detail_of_bided_companies): two prepared
 * queries, the request (404 unless the customer's) with the referral check, then a page of the
 * open bids with their companies and newest reviews, one row more than the page to know
 * whether another follows (nextCursor, else null). discount: the stored percent, else the
 * referral percent that accepting would claim.
 */
export async function listBiddingCompanies(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  filter: CompanyFilter;
  page?: CursorPageRequest | undefined;
}): Promise<{
  request: { id: number; timelineStatus: number; discount: number };
  companies: BiddingCompanyRow[];
  nextCursor: string | null;
}> {
  const [request] = await customerRequestForBids(opts.db).execute({
    requestId: opts.requestId,
    customerId: opts.customerId,
  });
  if (!request) throw AppError.notFound(REQUEST_NOT_FOUND);
  const f = opts.filter;
  const page = opts.page ?? {};
  const size = pageSize(page, BIDDING_COMPANIES_PAGE);
  // The body's schema refused a cursor that does not decode to these three keys' kind.
  const [afterAmount = null, afterRating = null, afterId = null] = page.cursor
    ? (decodeCursor(page.cursor) ?? [])
    : [];
  const rows = await biddingCompanies(opts.db).execute({
    requestId: request.id,
    minMoves: f.on ? (f.minCompletedMoves ?? null) : null,
    maxMoves: f.on ? (f.maxCompletedMoves ?? null) : null,
    topRated: f.on && f.topRated,
    price: f.on ? (f.price ?? '') : '',
    afterAmount,
    afterRating,
    afterId,
    limit: size + 1,
  });
  const companies = rows.slice(0, size);
  const nextCursor = rows.length > size ? cursorOf(companies[companies.length - 1]!) : null;
  const discount =
    request.discount > 0 ? request.discount : request.referral ? REFERRAL_DISCOUNT_PERCENT : 0;
  return {
    request: { id: request.id, timelineStatus: request.timelineStatus, discount },
    companies,
    nextCursor,
  };
}
