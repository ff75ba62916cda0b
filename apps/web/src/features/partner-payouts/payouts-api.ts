import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { type PayoutsQuery } from '@movehub/shared';
import { callPartnerApi, downloadPartnerFile } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's payouts, read with the partner session (decision 022).
 * Dates go on the wire as MM-DD-YYYY, as every date of the API does. The jobs come a page at a
 * time, newest request first (keyset by before_id); the totals are the whole range's on every
 * page; the CSV is the whole report.
 */

/** Jobs asked per page. */
export const PAYOUTS_PAGE_SIZE = 20;

export const payoutKeys = {
  all: [...PARTNER_QUERY_ROOT, 'payouts'] as const,
  range: (range: PayoutsQuery) => [...payoutKeys.all, range.from ?? '', range.to ?? ''] as const,
};

const defined = (range: PayoutsQuery): PayoutsQuery => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
});

/** POST /api/company/payouts: one page of the range's jobs, older than `beforeId` when given. */
export function getPayouts(
  range: PayoutsQuery,
  beforeId: number | undefined,
  signal?: AbortSignal,
) {
  return callPartnerApi('POST /api/company/payouts', {
    body: {
      ...defined(range),
      limit: PAYOUTS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

export const payoutsQueryOptions = (range: PayoutsQuery) =>
  infiniteQueryOptions({
    queryKey: payoutKeys.range(range),
    queryFn: ({ pageParam, signal }) => getPayouts(range, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
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
