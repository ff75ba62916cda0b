import { AUTH_HEADER, partnerLoginFormSchema, type PartnerLoginForm } from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';

/*
 * The partner console's session calls (decision 022): the same /app_api/login and
 * log_out as the customer's, as a company or a foreman, into the partner session slot.
 */

/** POST /app_api/login as a company (2) or a foreman (3). The page shows every refusal itself. */
export function logInPartner(form: PartnerLoginForm) {
  const body = partnerLoginFormSchema.parse(form);
  return callPartnerApi('POST /app_api/login', {
    body,
    withToken: false,
    suppressToast: true,
  });
}

/**
 * POST /app_api/log_out with the partner's token, or with `token` when the session was never
 * stored. Ends locally whatever the answer.
 */
export function logOutPartner(token?: string) {
  return callPartnerApi('POST /app_api/log_out', {
    suppressToast: true,
    ...(token ? { withToken: false, headers: { [AUTH_HEADER]: token } } : {}),
  });
}
