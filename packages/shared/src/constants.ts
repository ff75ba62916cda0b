/** spec/portal.md §9 and spec/request-lifecycle.md §9: constants shared by both sides. */
export const TOAST_MS = 5000;
export const NEW_MESSAGE_SNACK_MS = 2000;
export const PASSWORD_SUCCESS_CLOSE_MS = 1000;
export const RESET_REDIRECT_MS = 2000;
export const COOKIE_NOTICE_DAYS = 150;
export const MOBILE_BREAKPOINT_PX = 769;
export const CHAT_SINGLE_PANE_PX = 600;
export const LOGIN_PASSWORD_MIN = 6;
export const PASSWORD_MIN = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const PHONE_PREFIX = '+1';
export const REFERRAL_DISCOUNT_PERCENT = 5;
export const CURRENCY = 'USD';
/** spec/request-lifecycle.md §7: "Country is sent as USA" in the create-request payload. */
export const REQUEST_COUNTRY = 'USA';
export const MAX_ADDRESSES = 6;
export const MAX_ITEM_PHOTOS = 3;
export const CUSTOM_ITEM_CAP = 999;
/** The header that carries the session token on authenticated calls. */
export const AUTH_HEADER = 'x-sh-auth';
/** JSON bodies above this size are refused. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

// Accounts (issue: abuse limits, OWASP ASVS)
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_MINUTE = 1;
export const CODES_PER_HOUR = 5;
/** How long a verified code proves an address for sign-up or a profile change. */
export const VERIFIED_PROOF_MINUTES = 30;
export const LOGIN_FAILURES_MAX = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const IP_LIMIT_PER_MINUTE = 300;
export const RESET_TOKEN_TTL_MINUTES = 30;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const PASSWORD_UPDATED_CLOSE_MS = 1000;
/** spec/portal.md §3: how_found_us options; default facebook. */
export const HOW_FOUND_US = [
  'facebook',
  'google',
  'yelp',
  'Instagram',
  'Friend/Family',
  'Next-door',
  'Repeat-Customer',
  'other',
] as const;
export type HowFoundUs = (typeof HOW_FOUND_US)[number];
/** The settings keys of the About Us page, in the order the page shows them. */
export const SETTING_KEYS = [
  'about',
  'contact_us',
  'faq',
  'how_evom_work',
  'cancellation_policy',
  'legal',
  'terms_of_service',
  'privacy_policy',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
