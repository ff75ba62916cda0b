import { infiniteQueryOptions } from '@tanstack/react-query';
import { type AcceptRequestBody, type DeleteBidBody, type PriceSort } from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/*
 * The companies list's calls (spec/request-lifecycle.md §7 detail_of_bided_companies, delete_bid,
 * accept_request). The screen shows every failure in its own error banner (spec §8 "companies
 * list"), so none of them raises the toast.
 */

/** The filter modal's choices; `null` is the unfiltered list. */
export interface CompaniesFilter {
  minCompletedMoves: number;
  maxCompletedMoves: number;
  price: PriceSort;
  topRated: boolean;
}

/** How often the open list asks again: bids arrive from the companies (and the demo simulator). */
export const COMPANIES_REFRESH_MS = 5_000;

/** Companies asked per page (the server's cap is PAGE_LIMIT_MAX). */
export const COMPANIES_PAGE_SIZE = 20;

/**
 * POST /api/customer/detail_of_bided_companies: a page of the bidding companies, after `cursor`
 * (the previous page's next_cursor) when given, and the request's status.
 */
export function getBidedCompanies(
  requestId: number,
  filter: CompaniesFilter | null,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const page = { limit: COMPANIES_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  const body = filter
    ? {
        request_id: requestId,
        filter_status: 1,
        min_completed_movies: filter.minCompletedMoves,
        max_completed_movies: filter.maxCompletedMoves,
        price: filter.price,
        top_rated: filter.topRated ? 1 : 0,
      }
    : { request_id: requestId, filter_status: 0, top_rated: 0 };
  return callApi('POST /api/customer/detail_of_bided_companies', {
    body: { ...body, ...page },
    suppressToast: true,
    signal,
  });
}

/** POST /api/customer/delete_bid. */
export function deleteBid(body: DeleteBidBody) {
  return callApi('POST /api/customer/delete_bid', {
    body,
    suppressToast: true,
  });
}

/** PUT /api/customer/accept_request: final_amount is the accepted company's bid. */
export function acceptBid(body: AcceptRequestBody) {
  return callApi('PUT /api/customer/accept_request', {
    body,
    suppressToast: true,
  });
}

export const bidKeys = {
  all: ['bids'] as const,
  companies: (requestId: number, filter: CompaniesFilter | null) =>
    ['bids', 'companies', requestId, filter] as const,
};

export const bidedCompaniesQueryOptions = (
  requestId: number,
  filter: CompaniesFilter | null,
  { refresh = true }: { refresh?: boolean } = {},
) =>
  infiniteQueryOptions({
    queryKey: bidKeys.companies(requestId, filter),
    queryFn: ({ pageParam, signal }) => getBidedCompanies(requestId, filter, pageParam, signal),
    // The list sorts by price or rating: it pages by the server's opaque cursor, not by id.
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Realtime comes later; until then the open list polls for new bids.
    refetchInterval: refresh ? COMPANIES_REFRESH_MS : false,
    // A changed filter keeps the previous list of the same request on screen until the new one
    // arrives.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === requestId ? previous : undefined,
  });
