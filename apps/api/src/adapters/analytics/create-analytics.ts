import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Analytics } from './analytics';
import { DatabaseAnalytics } from './database-analytics';
import { ForwardingAnalytics, RemoteAnalytics } from './remote-analytics';

/**
 * Plausible (PLAUSIBLE_DOMAIN), Umami (UMAMI_URL and UMAMI_WEBSITE_ID) or GA4 (GA4_MEASUREMENT_ID
 * and GA4_API_SECRET) when one is configured, the database keeping the direct links' visits
 * beside it; the database alone otherwise.
 */
export function createAnalytics(opts: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
}): Analytics {
  const { config, db, log } = opts;
  const timeZone = config.serviceTimeZone;
  const { provider } = config.analytics;
  if (provider.kind === 'database') return new DatabaseAnalytics({ db, timeZone });
  return new ForwardingAnalytics(
    new RemoteAnalytics({ provider, publicUrl: config.publicUrl, log, fetchImpl: opts.fetchImpl }),
    new DatabaseAnalytics({ db, timeZone, directLinksOnly: true }),
  );
}
