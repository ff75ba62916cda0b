import { queryOptions } from '@tanstack/react-query';
import { LINK_ANALYTICS_DAYS } from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's direct links' visits (decision 043), read with the partner session: one call for
 * every link, which each link's card reads its own funnel from.
 */

export const linkAnalyticsKeys = {
  all: [...PARTNER_QUERY_ROOT, 'direct-link-analytics'] as const,
  days: (days: number) => [...linkAnalyticsKeys.all, days] as const,
};

/** POST /api/company/direct_link_analytics: every link's visits over the last `days` days. */
export function getDirectLinkAnalytics(days: number, signal?: AbortSignal) {
  return callPartnerApi('POST /api/company/direct_link_analytics', {
    body: { days },
    // Each card shows a failure itself, with Try again.
    suppressToast: true,
    signal,
  });
}

export const directLinkAnalyticsQueryOptions = (days = LINK_ANALYTICS_DAYS) =>
  queryOptions({
    queryKey: linkAnalyticsKeys.days(days),
    queryFn: ({ signal }) => getDirectLinkAnalytics(days, signal),
  });
