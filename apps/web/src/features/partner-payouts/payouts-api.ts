import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type PayoutsQuery } from '@movehub/shared';
import { callPartnerApi, downloadPartnerFile } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's payouts, read with the partner session (decision 022).
 * Dates go on the wire as MM-DD-YYYY, as every date of the API does.
 */

export const payoutKeys = {
  all: [...PARTNER_QUERY_ROOT, 'payouts'] as const,
  range: (range: PayoutsQuery) => [...payoutKeys.all, range.from ?? '', range.to ?? ''] as const,
};

const defined = (range: PayoutsQuery): PayoutsQuery => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
});

/** POST /api/company/payouts. */
export function getPayouts(range: PayoutsQuery, signal?: AbortSignal) {
  return callPartnerApi('POST /api/company/payouts', {
    body: defined(range),
    signal,
  });
}

export const payoutsQueryOptions = (range: PayoutsQuery) =>
  queryOptions({
    queryKey: payoutKeys.range(range),
    queryFn: ({ signal }) => getPayouts(range, signal),
    // The table stays while another range loads.
    placeholderData: keepPreviousData,
  });

/** The CSV's file name: the range in it, so two exports do not overwrite each other. */
export function payoutsFileName(range: PayoutsQuery): string {
  if (!range.from && !range.to) return 'payouts.csv';
  return `payouts-${range.from ?? 'start'}-to-${range.to ?? 'now'}.csv`;
}

/** GET /api/company/payouts_csv with the partner's token, saved as a file. */
export function downloadPayoutsCsv(range: PayoutsQuery) {
  const query = new URLSearchParams(defined(range) as Record<string, string>).toString();
  return downloadPartnerFile(
    `/api/company/payouts_csv${query ? `?${query}` : ''}`,
    payoutsFileName(range),
  );
}
