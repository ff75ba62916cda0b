import {
  CHANGE_CONFIRMATION_CALLS,
  type ChangeConfirmationBody,
  type ChangeType,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { requestDetailQueryOptions, requestQueryKeys } from '../../lib/request-detail-query';

/*
 * The change confirmation screen's calls (spec/request-lifecycle.md §7): the request's detail,
 * which holds the proposed values beside the current ones, and the four change_*_confirmation
 * calls. Both show their failures on the screen itself (spec §8 "an error banner on … confirmation
 * screens", 'Error Message: {message}' on a detail load failure), so neither shows the toast.
 */

export const changeKeys = { requests: requestQueryKeys.all, request: requestQueryKeys.detail };

export const changeRequestQueryOptions = requestDetailQueryOptions;

/**
 * POST /api/customer/{CHANGE_CONFIRMATION_CALLS[type]} (auth): status '1' accepts, '0' rejects;
 * price is the change's price as the screen showed it, '' for none.
 */
export function confirmChange(type: ChangeType, body: ChangeConfirmationBody) {
  return callApi(`POST /api/customer/${CHANGE_CONFIRMATION_CALLS[type]}` as const, {
    body,
    suppressToast: true,
  });
}
