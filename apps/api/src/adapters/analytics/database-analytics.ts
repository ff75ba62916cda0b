import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Analytics, PageEvent } from './analytics';

/**
 * The embedded default: one row a day per page, step and direct link, counted up
 * (analytics_daily_counts). The day is the service's (SERVICE_TIME_ZONE), as the partner console
 * reads it. With `directLinksOnly` it keeps only the events of a company's direct link: beside a
 * configured provider, it holds what the partner console shows and nothing more.
 */
export class DatabaseAnalytics implements Analytics {
  readonly kind = 'database' as const;

  constructor(private readonly opts: { db: Db; timeZone: string; directLinksOnly?: boolean }) {}

  async record(event: PageEvent): Promise<void> {
    if (this.opts.directLinksOnly && event.directLinkId === null) return;
    // One statement: concurrent visits of one page add up under the row's lock.
    await this.opts.db.execute(sql`
      insert into analytics_daily_counts (day, event, page, step, direct_link_id, count)
      values ((now() at time zone ${this.opts.timeZone})::date, ${event.name}, ${event.page},
        ${event.step}, ${event.directLinkId}, 1)
      on conflict on constraint analytics_daily_counts_key_uq
      do update set count = analytics_daily_counts.count + 1`);
  }
}
