import { callApi, type CallSettings } from './api-client';

/*
 * The verification-code calls of spec/portal.md §7. Sign-up, social sign-in and the email and
 * phone change of Edit Profile all prove an address with them, so they live in lib.
 * Each screen decides which failures it shows itself (suppressToast).
 */

type Quiet = Pick<CallSettings, 'suppressToast'>;

/** POST /app_api/send_verification_code_on_email: answers 'Email verification code has been sent.' */
export function sendEmailCode(body: { email: string; name: string }, options: Quiet = {}) {
  return callApi('POST /app_api/send_verification_code_on_email', {
    body,
    ...options,
  });
}

/** POST /app_api/verify_code_send_on_email (no token needed). */
export function verifyEmailCode(body: { email: string; code: string }, options: Quiet = {}) {
  return callApi('POST /app_api/verify_code_send_on_email', {
    body,
    ...options,
  });
}

/** POST /app_api/send_verification_code_on_ph_number, by SMS; phonenumber is '+1##########'. */
export function sendPhoneCode(phonenumber: string, options: Quiet = {}) {
  return callApi('POST /app_api/send_verification_code_on_ph_number', {
    body: { phonenumber, channel: 'sms' },
    ...options,
  });
}

/** POST /app_api/verify_code_send_on_phone_number */
export function verifyPhoneCode(body: { phonenumber: string; code: string }, options: Quiet = {}) {
  return callApi('POST /app_api/verify_code_send_on_phone_number', {
    body,
    ...options,
  });
}
