import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { type AddCommentBody, type RequestStatus } from '@movehub/shared';
import { requestQueryKeys } from '../../lib/request-detail-query';
import { callApi } from '../../lib/api-client';

/** Requests asked per page of a My Requests tab. */
export const MY_REQUESTS_PAGE_SIZE = 20;

/**
 * POST /api/customer/get_customer_request (auth): one page of a tab (the newest without
 * beforeId), the three tab counts, and the next page's before_id.
 */
export function getCustomerRequests(
  status: RequestStatus,
  beforeId?: number,
  signal?: AbortSignal,
) {
  return callApi('POST /api/customer/get_customer_request', {
    body: {
      // The wire carries the tab code as a string: '0', '1' or '2'.
      request_status: String(status),
      limit: MY_REQUESTS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

/**
 * POST /api/customer/customer_request_detail (auth). The screen shows a failure itself
 * ('Error Message: {message}', spec/request-lifecycle.md §8), so no toast.
 */
export function getRequestDetail(requestId: number, signal?: AbortSignal) {
  return callApi('POST /api/customer/customer_request_detail', {
    body: { request_id: requestId },
    suppressToast: true,
    signal,
  });
}

/** POST /api/customer/delete_request (auth): cancels the request; says what was refunded. */
export function deleteRequest(requestId: number) {
  return callApi('POST /api/customer/delete_request', {
    body: { request_id: requestId },
  });
}

/** POST /api/customer/edit_final_comment (auth); a failure shows as the error snackbar. */
export function editFinalComment(requestId: number, finalComment: string) {
  return callApi('POST /api/customer/edit_final_comment', {
    body: { request_id: requestId, final_comment: finalComment },
  });
}

/** POST /app_api/add_comments (auth): parent_id 0 for a new thread, else the parent's id. */
export function addComment(body: AddCommentBody) {
  return callApi('POST /app_api/add_comments', {
    body: { type: 0, parent_id: 0, ...body },
  });
}

export const requestKeys = {
  all: requestQueryKeys.all,
  lists: () => ['requests', 'list'] as const,
  list: (status: RequestStatus) => ['requests', 'list', status] as const,
  // The same entry as the action screens' detail (lib/request-detail-query).
  detail: requestQueryKeys.detail,
};

/** A tab's pages, newest first: the next one goes back from the last one's next_before_id. */
export const customerRequestsQueryOptions = (status: RequestStatus) =>
  infiniteQueryOptions({
    queryKey: requestKeys.list(status),
    queryFn: ({ pageParam, signal }) => getCustomerRequests(status, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    // The screen's names for the answers' parts: the tab's entries of every page read, and the
    // three tab counts (totals, in every page: the latest page's are the freshest).
    select: (data) => ({
      entries: data.pages.flatMap((page) => page.data),
      counts: data.pages.at(-1)?.request_count,
    }),
    // Keeps the tab counts on screen while another tab's list loads.
    placeholderData: keepPreviousData,
  });

export const requestDetailQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: requestKeys.detail(requestId),
    queryFn: ({ signal }) => getRequestDetail(requestId, signal),
    select: (response) => response.data,
  });

/** After a change to a request: its detail and every My Requests tab load again. */
export function invalidateRequest(
  queryClient: QueryClient,
  requestId: number,
  { refetchDetail = true }: { refetchDetail?: boolean } = {},
) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: requestKeys.detail(requestId),
      refetchType: refetchDetail ? 'active' : 'none',
    }),
    queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
  ]);
}
