import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ItemType,
  type EditExtraItemBody,
  type EditItemsBody,
  type LifecycleRequest,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { CATALOGUE_STALE_MS } from '../../lib/items/catalogue-api';
import { requestDetailQueryOptions, requestQueryKeys } from '../../lib/request-detail-query';
import { requestEditCall } from '../../lib/request-paths';

/*
 * The calls of the item edit screens (spec/request-lifecycle.md §7): the request's detail, the
 * detail page's copy (lib/request-detail-query), and edit_items / edit_extra_item on /api/customer for marketplace requests, /app_api for
 * direct ones (spec §6).
 */

export const itemEditsRequestQueryOptions = requestDetailQueryOptions;

export const itemEditsKeys = {
  extraItems: ['catalogue', 'extra-items-by-group'] as const,
};

/**
 * The packing materials the Edit Extra Items screen offers, as spec §7 has the edit screens ask:
 * get_item_by_category_id with type '2', for each extra-item group (get_item_categories_by_type
 * '2'), in the groups' order.
 */
export async function getExtraItemsByGroup(signal?: AbortSignal) {
  const groups = await callApi('POST /api/customer/get_item_categories_by_type', {
    body: { type: ItemType.extra },
    revalidate: true,
    signal,
  });
  const lists = await Promise.all(
    groups.data.items.map((group) =>
      callApi('POST /api/customer/get_item_by_category_id', {
        body: { type: ItemType.extra, category_id: group.id },
        revalidate: true,
        signal,
      }),
    ),
  );
  return lists.flatMap((list) => list.data.items);
}

export const extraItemsByGroupQueryOptions = () =>
  queryOptions({
    queryKey: itemEditsKeys.extraItems,
    queryFn: ({ signal }) => getExtraItemsByGroup(signal),
    // The catalogue changes rarely; one fetch per visit is enough.
    staleTime: CATALOGUE_STALE_MS,
  });

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
