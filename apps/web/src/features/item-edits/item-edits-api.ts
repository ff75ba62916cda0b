import type { QueryClient } from '@tanstack/react-query';
import { type EditExtraItemBody, type EditItemsBody, type LifecycleRequest } from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { requestDetailQueryOptions, requestQueryKeys } from '../../lib/request-detail-query';
import { requestEditCall } from '../../lib/request-paths';

/*
 * The calls of the item edit screens (spec/request-lifecycle.md §7): the request's detail, the
 * detail page's copy (lib/request-detail-query), and edit_items / edit_extra_item on /api/customer for marketplace requests, /app_api for
 * direct ones (spec §6).
 */

export const itemEditsRequestQueryOptions = requestDetailQueryOptions;

/** edit_items: the request's regular items become the lines (quantity above 0). */
export function editItems(request: Pick<LifecycleRequest, 'request_type'>, body: EditItemsBody) {
  return callApi(requestEditCall(request, 'edit_items'), {
    body,
    // spec §8: the item screen shows the server's message in its error banner.
    suppressToast: true,
  });
}

/** edit_extra_item: every extra item, the unticked ones with quantity 0. */
export function editExtraItems(
  request: Pick<LifecycleRequest, 'request_type'>,
  body: EditExtraItemBody,
) {
  return callApi(requestEditCall(request, 'edit_extra_item'), {
    body,
    suppressToast: true,
  });
}

/** After an edit: the request's detail and every My Requests tab load again. */
export function invalidateRequests(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: requestQueryKeys.all });
}
