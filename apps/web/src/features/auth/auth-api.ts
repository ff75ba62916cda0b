import { queryOptions } from '@tanstack/react-query';
import {
  MSG,
  UserType,
  type LoginForm,
  type RegisterBody,
  type UpdatePasswordBody,
} from '@movehub/shared';
import { callApi, type ApiError } from '../../lib/api-client';

/** POST /app_api/login (spec/portal.md §7). The form shows the invalid-pair answer itself. */
export function logIn(form: LoginForm) {
  return callApi('POST /app_api/login', {
    body: { email: form.email, password: form.password, user_type: UserType.customer },
    suppressToast: (error) => error.message === MSG.invalidCredentials,
  });
}

/** POST /app_api/log_out (auth). The session ends locally whatever the answer, so no toast. */
export function logOut() {
  return callApi('POST /app_api/log_out', {
    suppressToast: true,
  });
}

// --- sign-up ---------------------------------------------------------------------------------

/**
 * POST /app_api/validateEmailandPhone: both free before any code is sent (phone '' when none).
 * The sign-up form shows the refusal above itself, so no toast.
 */
export function validateEmailAndPhone(body: { email: string; phone: string }) {
  return callApi('POST /app_api/validateEmailandPhone', {
    body,
    suppressToast: true,
  });
}

/** POST /api/customer/register_customer: answers like login (auth_token and user). */
export function registerCustomer(body: RegisterBody) {
  return callApi('POST /api/customer/register_customer', {
    body,
    suppressToast: true,
  });
}

// --- social sign-in --------------------------------------------------------------------------

export type SocialProvider = 'Google' | 'Facebook';

/** GET /app_api/social_config: the public client ids; null means the provider is off. */
export function getSocialConfig(signal?: AbortSignal) {
  return callApi('GET /app_api/social_config', {
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
  // The refusal's envelope carries phone_required: true (schemas/accounts.ts).
  const body = error.body as { phone_required?: unknown } | null | undefined;
  return body?.phone_required === true;
}

const SOCIAL_LOGIN_CALL = {
  Google: 'POST /api/customer/login_by_google',
  Facebook: 'POST /api/customer/login_by_facebook',
} as const satisfies Record<SocialProvider, string>;

/**
 * POST /api/customer/login_by_google | login_by_facebook: the provider's token and, on the
 * second try, the verified phone ('' first). The phone request is a step, not a failure.
 */
export function socialLogin(
  provider: SocialProvider,
  body: { access_token: string; phone_number: string },
) {
  return callApi(SOCIAL_LOGIN_CALL[provider], {
    body,
    suppressToast: needsPhone,
  });
}

// --- passwords -------------------------------------------------------------------------------

/** POST /app_api/reset_password: emails the reset link; 'Invalid Email' is shown by the form. */
export function resetPassword(email: string) {
  return callApi('POST /app_api/reset_password', {
    body: { email, user_type: UserType.customer },
    suppressToast: (error) => error.message === MSG.invalidEmail,
  });
}

/** POST /app_api/change_password: the new password from the emailed link (its token). */
export function changePassword(body: {
  password: string;
  confirm_password: string;
  jwt_token: string;
}) {
  return callApi('POST /app_api/change_password', {
    body,
    // The page shows the answer (an invalid link included) where the form is.
    suppressToast: true,
  });
}

/**
 * POST /app_api/update_password (auth): the Change Password modal; current_password for an
 * account that has a password (docs/decisions/036).
 */
export function updatePassword(body: UpdatePasswordBody) {
  return callApi('POST /app_api/update_password', {
    body,
  });
}
