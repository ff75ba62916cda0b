import {
  type AddAddressBody,
  type DeleteAddressBody,
  type EditAddressBody,
  type LifecycleRequest,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { requestEditCall } from '../../lib/request-paths';

/*
 * The customer's address edits (spec/request-lifecycle.md §7): add_address, edit_address and
 * delete_address on /api/customer for marketplace requests and on /app_api for direct ones
 * (spec §6 "Direct requests use the app_api family for address and item edits"). The screens
 * show a failure themselves, as an error banner (spec §8), so no toast.
 */

type RequestKind = Pick<LifecycleRequest, 'request_type'>;

export function addAddress(request: RequestKind, body: AddAddressBody) {
  return callApi(requestEditCall(request, 'add_address'), {
    body,
    suppressToast: true,
  });
}

export function editAddress(request: RequestKind, body: EditAddressBody) {
  return callApi(requestEditCall(request, 'edit_address'), {
    body,
    suppressToast: true,
  });
}

export function deleteAddress(request: RequestKind, body: DeleteAddressBody) {
  return callApi(requestEditCall(request, 'delete_address'), {
    body,
    suppressToast: true,
  });
}
