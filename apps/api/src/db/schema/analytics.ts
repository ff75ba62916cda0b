import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { companyDirectLinks } from './companies';

/**
 * The embedded analytics' counts (decision 043): page views and wizard steps per day, per page
 * of the portal (its route pattern, never the path a visitor had), per step, and per direct link
 * for the wizard of a company's link. One row a day for each of those, counted up; no visitor,
 * address, time of day or identifier is kept.
 */
export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The day in the service's time zone (SERVICE_TIME_ZONE). */
    day: date('day', { mode: 'string' }).notNull(),
    /** 'pageview' or 'wizard_step'. */
    event: text('event').notNull(),
    /** The page's route pattern ('/create-request/:direct_link'). */
    page: text('page').notNull(),
    /** The wizard step (0 to 8) of a wizard_step; null for a page view. */
    step: smallint('step'),
    /** The direct link whose wizard was shown; null elsewhere. */
    directLinkId: integer('direct_link_id').references(() => companyDirectLinks.id, {
      onDelete: 'cascade',
    }),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    unique('analytics_daily_counts_key_uq')
      .on(t.day, t.event, t.page, t.step, t.directLinkId)
      .nullsNotDistinct(),
    index('analytics_daily_counts_link_day_idx')
      .on(t.directLinkId, t.day)
      .where(sql`${t.directLinkId} is not null`),
    check('analytics_daily_counts_event_ck', sql`${t.event} in ('pageview', 'wizard_step')`),
    check(
      'analytics_daily_counts_step_ck',
      sql`(${t.event} = 'wizard_step') = (${t.step} is not null) and (${t.step} is null or ${t.step} between 0 and 8)`,
    ),
    check('analytics_daily_counts_count_ck', sql`${t.count} >= 0`),
  ],
);
