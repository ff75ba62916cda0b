import { queryOptions } from '@tanstack/react-query';
import {
  MSG,
  UserType,
  loginResponseSchema,
  okEnvelopeSchema,
  phoneRequiredEnvelopeSchema,
  sessionResponseSchema,
  socialConfigResponseSchema,
  type LoginForm,
  type RegisterBody,
} from '@movehub/shared';
import { callApi, type ApiError } from '../../lib/api-client';

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

// --- sign-up ---------------------------------------------------------------------------------

/**
 * POST /app_api/validateEmailandPhone: both free before any code is sent (phone '' when none).
 * The sign-up form shows the refusal above itself, so no toast.
 */
export function validateEmailAndPhone(body: { email: string; phone: string }) {
  return callApi('/app_api/validateEmailandPhone', {
    method: 'POST',
    body,
    schema: okEnvelopeSchema,
    suppressToast: true,
  });
}

/** POST /api/customer/register_customer: answers like login (auth_token and user). */
export function registerCustomer(body: RegisterBody) {
  return callApi('/api/customer/register_customer', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
    suppressToast: true,
  });
}

// --- social sign-in --------------------------------------------------------------------------

export type SocialProvider = 'Google' | 'Facebook';

/** GET /app_api/social_config: the public client ids; null means the provider is off. */
export function getSocialConfig(signal?: AbortSignal) {
  return callApi('/app_api/social_config', {
    schema: socialConfigResponseSchema,
    signal,
    // Without an answer the buttons simply say the provider is not configured.
    suppressToast: true,
  });
}

export const authKeys = {
  socialConfig: ['auth', 'social-config'] as const,
};

export const socialConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.socialConfig,
    queryFn: ({ signal }) => getSocialConfig(signal),
    staleTime: Infinity,
  });

/** True when a social login answered that the account needs a verified phone first. */
export function needsPhone(error: ApiError): boolean {
  return phoneRequiredEnvelopeSchema.safeParse(error.body).success;
}

const SOCIAL_LOGIN_PATH: Record<SocialProvider, string> = {
  Google: '/api/customer/login_by_google',
  Facebook: '/api/customer/login_by_facebook',
};

/**
 * POST /api/customer/login_by_google | login_by_facebook: the provider's token and, on the
 * second try, the verified phone ('' first). The phone request is a step, not a failure.
 */
export function socialLogin(
  provider: SocialProvider,
  body: { access_token: string; phone_number: string },
) {
  return callApi(SOCIAL_LOGIN_PATH[provider], {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
    suppressToast: needsPhone,
  });
}

// --- passwords -------------------------------------------------------------------------------

/** POST /app_api/reset_password: emails the reset link; 'Invalid Email' is shown by the form. */
export function resetPassword(email: string) {
  return callApi('/app_api/reset_password', {
    method: 'POST',
    body: { email, user_type: UserType.customer },
    schema: okEnvelopeSchema,
    suppressToast: (error) => error.message === MSG.invalidEmail,
  });
}

/** POST /app_api/change_password: the new password from the emailed link (its token). */
export function changePassword(body: {
  password: string;
  confirm_password: string;
  jwt_token: string;
}) {
  return callApi('/app_api/change_password', {
    method: 'POST',
    body,
    schema: okEnvelopeSchema,
    // The page shows the answer (an invalid link included) where the form is.
    suppressToast: true,
  });
}

/** POST /app_api/update_password (auth): the Change Password modal. */
export function updatePassword(body: { password: string; confirm_password: string }) {
  return callApi('/app_api/update_password', {
    method: 'POST',
    body,
    schema: okEnvelopeSchema,
  });
}
