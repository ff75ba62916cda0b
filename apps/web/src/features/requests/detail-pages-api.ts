import { requestQueryKeys } from '../../lib/request-detail-query';
import { callApi } from '../../lib/api-client';

/*
 * The older pages of what a request's detail embeds only its newest page of: the comment threads
 * (get_comments) and the timeline (request_timeline). Kept under the detail's key, so that what
 * refreshes the detail refreshes them too.
 */

/** Threads asked per older page of comments. */
export const COMMENTS_PAGE_SIZE = 20;
/** Entries asked per older page of the timeline. */
export const TIMELINE_PAGE_SIZE = 20;

/** The older pages, by request and the before_id they start from. */
export const detailPageKeys = {
  comments: (requestId: number, start: number | null) =>
    [...requestQueryKeys.detail(requestId), 'comments', start] as const,
  timeline: (requestId: number, start: number | null) =>
    [...requestQueryKeys.detail(requestId), 'timeline', start] as const,
};

/** POST /app_api/get_comments (auth): the threads older than before_id, oldest first. */
export function getComments(requestId: number, beforeId: number, signal?: AbortSignal) {
  return callApi('POST /app_api/get_comments', {
    body: { request_id: requestId, limit: COMMENTS_PAGE_SIZE, before_id: beforeId },
    signal,
    // LoadMore shows a failure itself, with Retry.
    suppressToast: true,
  });
}

/** POST /api/customer/request_timeline (auth): the entries older than before_id, oldest first. */
export function getRequestTimeline(requestId: number, beforeId: number, signal?: AbortSignal) {
  return callApi('POST /api/customer/request_timeline', {
    body: { request_id: requestId, limit: TIMELINE_PAGE_SIZE, before_id: beforeId },
    signal,
    suppressToast: true,
  });
}
