import { type ClaimRequestBody } from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/**
 * POST /app_api/claim_request: "Is this your request? Yes" from the emailed link of a direct
 * request. Sent without a session: the claim token alone decides whose account it joins.
 * The page shows a refusal itself, so no toast.
 */
export function claimRequest(body: ClaimRequestBody) {
  return callApi('POST /app_api/claim_request', {
    body,
    withToken: false,
    suppressToast: true,
  });
}
