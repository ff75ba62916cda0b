import {
  MSG,
  UserType,
  loginResponseSchema,
  okEnvelopeSchema,
  type LoginForm,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';

/** POST /app_api/login (spec/portal.md §7). The form shows the invalid-pair answer itself. */
export function logIn(form: LoginForm) {
  return callApi('/app_api/login', {
    method: 'POST',
    body: { email: form.email, password: form.password, user_type: UserType.customer },
    schema: loginResponseSchema,
    suppressToast: (error) => error.message === MSG.invalidCredentials,
  });
}

/** POST /app_api/log_out (auth). The session ends locally whatever the answer, so no toast. */
export function logOut() {
  return callApi('/app_api/log_out', {
    method: 'POST',
    schema: okEnvelopeSchema,
    suppressToast: true,
  });
}
