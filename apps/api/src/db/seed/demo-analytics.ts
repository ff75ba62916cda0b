import { inArray, sql } from 'drizzle-orm';
import { DIRECT_LINK_PAGE, WIZARD_SENT_STEP } from '@movehub/shared';
import type { Db } from '../client';
import { analyticsDailyCounts, companyDirectLinks } from '../schema';
import { DEMO_COMPANIES, DEMO_DIRECT_LINKS } from './demo';

/** The days of demo visits: today and the six before it, as the console's week shows. */
const DEMO_DAYS = 7;

/**
 * Of a day's visitors, the share that reaches each step of the wizard (spec/request-lifecycle.md
 * §4: 0, 1, 2, then rooms (3) or the common list (4), then 7) and sends the request (8).
 */
const STEP_SHARES: readonly [step: number, share: number][] = [
  [0, 0.92],
  [1, 0.7],
  [2, 0.61],
  [3, 0.27],
  [4, 0.2],
  [7, 0.39],
  [WIZARD_SENT_STEP, 0.21],
];

/** A demo link's visitors on a day: 12 to 39, the same numbers at every start. */
function visitorsOf(linkIndex: number, daysAgo: number): number {
  return 12 + ((linkIndex * 11 + daysAgo * 7 + linkIndex * daysAgo * 3) % 28);
}

/**
 * A week of visits of each demo direct link (decision 043), so that a company's console shows
 * its links' funnel from the first start. A day that already has counts keeps them: a row is
 * added only where none is, so real visits are never overwritten and a restart adds nothing.
 */
export async function seedDemoAnalytics(opts: { db: Db; timeZone: string }): Promise<void> {
  const links = await opts.db
    .select({ id: companyDirectLinks.id, link: companyDirectLinks.link })
    .from(companyDirectLinks)
    .where(
      inArray(companyDirectLinks.link, [
        ...DEMO_COMPANIES.map((company) => company.directLink),
        DEMO_DIRECT_LINKS.salesTeam,
      ]),
    );
  const rows = links.flatMap((link, linkIndex) =>
    Array.from({ length: DEMO_DAYS }, (_, daysAgo) => {
      const day = sql<string>`((now() at time zone ${opts.timeZone})::date - ${daysAgo}::int)`;
      const visitors = visitorsOf(linkIndex, daysAgo);
      return [
        { day, event: 'pageview', step: null, count: Math.round(visitors * 1.15) },
        ...STEP_SHARES.map(([step, share]) => ({
          day,
          event: 'wizard_step',
          step,
          count: Math.round(visitors * share),
        })),
      ].map((row) => ({ ...row, page: DIRECT_LINK_PAGE, directLinkId: link.id }));
    }).flat(),
  );
  if (rows.length === 0) return;
  await opts.db.insert(analyticsDailyCounts).values(rows).onConflictDoNothing();
}
