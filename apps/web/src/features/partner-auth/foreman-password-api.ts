import { setForemanPasswordBodySchema, type SetForemanPasswordBody } from '@movehub/shared';
import { callPartnerApi } from '../../lib/partner-api';

/**
 * POST /app_api/set_foreman_password: the invited foreman's password, from the emailed link's
 * token. It answers like /app_api/login. The page shows every refusal itself.
 */
export function setForemanPassword(body: SetForemanPasswordBody) {
  return callPartnerApi('POST /app_api/set_foreman_password', {
    body: setForemanPasswordBodySchema.parse(body),
    withToken: false,
    suppressToast: true,
  });
}
