import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  analyticsPageOf,
  DIRECT_LINK_PAGE,
  WIZARD_PAGES,
  WIZARD_SENT_STEP,
  type AnalyticsEventName,
  type LinkFunnel,
} from '@movehub/shared';
import type { Db } from '../../db/client';
import { companyDirectLinks } from '../../db/schema';
import type { Analytics, PageEvent } from '../../adapters/analytics/analytics';

/*
 * Page-view analytics (decision 043): the browser's events, reduced to what may be kept and
 * counted by the analytics adapter, and a company's direct links' visits for the partner
 * console. Nothing here reads or writes an account: an event names a page, and a direct link
 * only through the page's own address.
 */

/**
 * The key the per-address quota counts under: a hash of the address, so that the limiter's
 * store (memory, or Redis for a minute) does not hold the address itself.
 */
export const quotaKeyOf = (address: string) =>
  createHash('sha256').update(`analytics:${address}`).digest('base64url');

/** The id of the active direct link named by a wizard's address, else null. */
async function activeLinkId(db: Db, encoded: string): Promise<number | null> {
  let link: string;
  try {
    link = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  const [row] = await db
    .select({ id: companyDirectLinks.id })
    .from(companyDirectLinks)
    .where(and(eq(companyDirectLinks.link, link), eq(companyDirectLinks.isActive, true)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The event as the adapter records it, or null when it is not one the portal counts: a path
 * outside the customer portal's pages, or a wizard step reported from another page.
 */
export async function pageEventOf(opts: {
  db: Db;
  name: AnalyticsEventName;
  path: string;
  step: number | undefined;
  userAgent: string | undefined;
}): Promise<PageEvent | null> {
  const match = analyticsPageOf(opts.path);
  if (!match) return null;
  const step = opts.name === 'wizard_step' ? (opts.step ?? null) : null;
  if (step !== null && !WIZARD_PAGES.includes(match.page)) return null;
  const directLinkId =
    match.page === DIRECT_LINK_PAGE
      ? await activeLinkId(opts.db, match.params.direct_link ?? '')
      : null;
  return {
    name: opts.name,
    page: match.page,
    step,
    directLinkId,
    userAgent: opts.userAgent?.slice(0, 512) ?? null,
  };
}

/** Records one event; whether it was one the portal counts. */
export async function recordPageEvent(opts: {
  db: Db;
  analytics: Analytics;
  name: AnalyticsEventName;
  path: string;
  step: number | undefined;
  userAgent: string | undefined;
}): Promise<boolean> {
  const event = await pageEventOf(opts);
  if (!event) return false;
  await opts.analytics.record(event);
  return true;
}

/**
 * Every direct link of the company, newest first, with its visits and wizard steps over the
 * last `days` days (today, in the service's time zone, the last of them). Scoped by the
 * company in SQL: another company's links never come into it.
 */
export async function linkFunnels(opts: {
  db: Db;
  companyId: number;
  days: number;
  timeZone: string;
}): Promise<{ from: string; to: string; links: LinkFunnel[] }> {
  const today = sql`(now() at time zone ${opts.timeZone})::date`;
  const first = sql`(${today} - ${opts.days - 1}::int)`;
  // One row per link and counted event (a link nobody visited: one row of nulls), with the days.
  const result = await opts.db.execute(sql`
    select l.id as link_id, c.event, c.step, coalesce(sum(c.count), 0)::int as n,
      ${first}::text as first_day, ${today}::text as last_day
    from company_direct_links l
    left join analytics_daily_counts c
      on c.direct_link_id = l.id and c.day between ${first} and ${today}
    where l.company_id = ${opts.companyId}
    group by l.id, c.event, c.step
    order by l.id desc`);
  const rows = (
    result as unknown as {
      rows: {
        link_id: number;
        event: string | null;
        step: number | null;
        n: number;
        first_day: string;
        last_day: string;
      }[];
    }
  ).rows;
  const funnels = new Map<number, LinkFunnel>();
  for (const row of rows) {
    let funnel = funnels.get(row.link_id);
    if (!funnel) {
      funnel = {
        link_id: row.link_id,
        visits: 0,
        steps: Array.from({ length: WIZARD_SENT_STEP }, (_, step) => ({ step, count: 0 })),
        sent: 0,
      };
      funnels.set(row.link_id, funnel);
    }
    if (row.event === 'pageview') funnel.visits += row.n;
    else if (row.step === WIZARD_SENT_STEP) funnel.sent += row.n;
    else if (row.step !== null) {
      const entry = funnel.steps[row.step];
      if (entry) entry.count += row.n;
    }
  }
  // A company without links still has the days it asked for.
  const [bounds] = rows.length
    ? rows
    : (
        (await opts.db.execute(
          sql`select ${first}::text as first_day, ${today}::text as last_day`,
        )) as unknown as { rows: { first_day: string; last_day: string }[] }
      ).rows;
  return {
    from: bounds?.first_day ?? '',
    to: bounds?.last_day ?? '',
    links: [...funnels.values()],
  };
}
