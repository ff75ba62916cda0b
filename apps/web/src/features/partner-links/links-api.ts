import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';

/*
 * The company's direct links, read and changed with the partner
 * session (decision 022).
 */

export const linkKeys = {
  all: [...PARTNER_QUERY_ROOT, 'direct-links'] as const,
  list: () => [...linkKeys.all, 'list'] as const,
  requests: (linkId: number) => [...linkKeys.all, 'requests', linkId] as const,
};

/** POST /api/company/direct_links. */
export function getDirectLinks(signal?: AbortSignal) {
  return callPartnerApi('POST /api/company/direct_links', {
    body: {},
    signal,
  });
}

/** POST /api/company/create_direct_link: one click, one link (the key answers a repeat). */
export function createDirectLink(idempotencyKey: string) {
  return callPartnerApi('POST /api/company/create_direct_link', {
    body: {},
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** POST /api/company/set_direct_link_active. */
export function setDirectLinkActive(input: { linkId: number; isActive: boolean }) {
  return callPartnerApi('POST /api/company/set_direct_link_active', {
    body: { link_id: input.linkId, is_active: input.isActive },
  });
}

/** A link's requests asked per page. */
export const LINK_REQUESTS_PAGE_SIZE = 20;

/** POST /api/company/direct_link_requests: a page of a link's requests, older than `beforeId`. */
export function getDirectLinkRequests(
  linkId: number,
  beforeId: number | undefined,
  signal?: AbortSignal,
) {
  return callPartnerApi('POST /api/company/direct_link_requests', {
    body: {
      link_id: linkId,
      limit: LINK_REQUESTS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

export const directLinksQueryOptions = () =>
  queryOptions({
    queryKey: linkKeys.list(),
    queryFn: ({ signal }) => getDirectLinks(signal),
  });

export const directLinkRequestsQueryOptions = (linkId: number) =>
  infiniteQueryOptions({
    queryKey: linkKeys.requests(linkId),
    queryFn: ({ pageParam, signal }) => getDirectLinkRequests(linkId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
