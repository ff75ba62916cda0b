import { infiniteQueryOptions } from '@tanstack/react-query';
import { type PlaceBidBody, type WithdrawBidBody } from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';
import type { OpenRequestsFilterBody } from './open-requests-filters';

/*
 * The company's marketplace calls, made with the partner session
 * (decision 022). The list pages back by id (newest first), as the API does.
 */

/** Requests asked per page. */
export const OPEN_REQUESTS_PAGE_SIZE = 20;

export const marketKeys = {
  /** Every page of every filter: what a new request or a changed bid makes stale. */
  openRequests: [...PARTNER_QUERY_ROOT, 'open-requests'] as const,
  filteredOpenRequests: (filters: OpenRequestsFilterBody) =>
    [...PARTNER_QUERY_ROOT, 'open-requests', filters] as const,
  /** The older comment threads of one open request, from `start` (the card holds the newest). */
  olderComments: (requestId: number, start: number | null) =>
    [...PARTNER_QUERY_ROOT, 'open-requests', 'comments', requestId, start] as const,
};

/** POST /api/company/open_requests: one page of the filtered list, older than `beforeId` when given. */
export function getOpenRequests(
  filters: OpenRequestsFilterBody,
  beforeId: number | undefined,
  signal?: AbortSignal,
) {
  return callPartnerApi('POST /api/company/open_requests', {
    body: {
      ...filters,
      limit: OPEN_REQUESTS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

export const openRequestsQueryOptions = (filters: OpenRequestsFilterBody = {}) =>
  infiniteQueryOptions({
    queryKey: marketKeys.filteredOpenRequests(filters),
    queryFn: ({ pageParam, signal }) => getOpenRequests(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // The answer names the next page (null at the end): no extra call for an empty page.
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });

/** POST /api/company/place_bid: places the company's bid, or changes it. The dialog shows refusals. */
export function placeBid(body: PlaceBidBody) {
  return callPartnerApi('POST /api/company/place_bid', {
    body,
    suppressToast: true,
  });
}

/** POST /api/company/withdraw_bid. */
export function withdrawBid(body: WithdrawBidBody) {
  return callPartnerApi('POST /api/company/withdraw_bid', {
    body,
    suppressToast: true,
  });
}
