import { isDirectRequest, type LifecycleRequest, type RequestStatus } from '@movehub/shared';
import { writeString } from './storage';

/*
 * The customer's request paths, written once: the My Requests list, a request's detail page
 * (spec/request-lifecycle.md §2: /dashboard/my-requests/{requestId}, where every edit, change and
 * payment screen returns) and the family of a request's edit calls.
 */

/** The customer's My Requests list. */
export const MY_REQUESTS_PATH = '/dashboard/my-requests';

/** spec/request-lifecycle.md §2: the chosen My Requests tab is remembered in local storage. */
export const MY_REQUESTS_TAB_KEY = 'my_requests_tab';

/** Makes a tab the one My Requests opens on (after a cancel: the Cancelled tab). */
export function rememberMyRequestsTab(status: RequestStatus): void {
  writeString(MY_REQUESTS_TAB_KEY, String(status));
}

/** A request's detail page. */
export const requestDetailPath = (requestId: number | string) => `${MY_REQUESTS_PATH}/${requestId}`;

/** The address and item edit calls (spec/request-lifecycle.md §7). */
export type RequestEditCall =
  'add_address' | 'edit_address' | 'delete_address' | 'edit_items' | 'edit_extra_item';

/**
 * An edit call's name: /app_api for a direct request, else /api/customer (spec §6 "Direct
 * requests use the app_api family for address and item edits").
 */
export function requestEditCall<C extends RequestEditCall>(
  request: Pick<LifecycleRequest, 'request_type'>,
  call: C,
) {
  return `POST ${isDirectRequest(request) ? '/app_api' : '/api/customer'}/${call}` as const;
}
