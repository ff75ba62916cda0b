import {
  setForemanPasswordBodySchema,
  setForemanPasswordResponseSchema,
  type SetForemanPasswordBody,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/**
 * POST /app_api/set_foreman_password: the invited foreman's password, from the emailed link's
 * token. It answers like /app_api/login. The page shows every refusal itself.
 */
export function setForemanPassword(body: SetForemanPasswordBody) {
  return callApi('/app_api/set_foreman_password', {
    method: 'POST',
    body: setForemanPasswordBodySchema.parse(body),
    schema: setForemanPasswordResponseSchema,
    withToken: false,
    suppressToast: true,
  });
}
