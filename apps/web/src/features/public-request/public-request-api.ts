import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { setSession } from '../../lib/storage';

/**
 * POST /app_api/request_detail_by_request_link (spec/request-lifecycle.md §7: "request, token"),
 * sent without a session: the link alone opens the request. The page shows a failure itself
 * ('Error Message: …'), so no toast.
 */
export async function getRequestByLink(publicAccessLink: string, signal?: AbortSignal) {
  const response = await callApi('POST /app_api/request_detail_by_request_link', {
    body: { public_access_link: publicAccessLink },
    withToken: false,
    suppressToast: true,
    signal,
  });
  // spec §6: "The public link page stores a returned token for the session" (with its user, as
  // a login does: decision 007 returns one only when a claim joined the request to an account).
  if (response.token && response.claim?.user) setSession(response.token, response.claim.user);
  return response;
}

export const publicRequestKeys = {
  all: ['public-request'] as const,
  byLink: (publicAccessLink: string) => ['public-request', publicAccessLink] as const,
};

export const publicRequestQueryOptions = (publicAccessLink: string) =>
  queryOptions({
    queryKey: publicRequestKeys.byLink(publicAccessLink),
    queryFn: ({ signal }) => getRequestByLink(publicAccessLink, signal),
  });
