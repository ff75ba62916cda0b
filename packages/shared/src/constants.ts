/** spec/portal.md §9 and spec/request-lifecycle.md §9: constants shared by both sides. */
export const TOAST_MS = 5000;
export const NEW_MESSAGE_SNACK_MS = 2000;
export const PASSWORD_SUCCESS_CLOSE_MS = 1000;
export const RESET_REDIRECT_MS = 2000;
export const COOKIE_NOTICE_DAYS = 150;
/**
 * The cookie that records the consent (value '1'). The server reads it too, to send a
 * prerendered page with the banner only to a visitor who has not accepted it.
 */
export const CONSENT_COOKIE = 'cookie_consent';
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

// Accounts: abuse limits (OWASP ASVS V2, authentication)
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_MINUTE = 1;
export const CODES_PER_HOUR = 5;
/** How long a verified code proves an address for sign-up or a profile change. */
export const VERIFIED_PROOF_MINUTES = 30;
/** Failed logins on one account from one address before that address is refused (429). */
export const LOGIN_FAILURES_MAX = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/**
 * Login attempts of one address a minute, whatever the accounts: well below the general
 * IP_LIMIT_PER_MINUTE, since every attempt costs a password hash.
 */
export const LOGIN_ATTEMPTS_PER_IP_PER_MINUTE = 20;
/**
 * Failures on one account from one address before each further attempt of that address on it
 * waits (docs/decisions/036): the failing address is slowed, never the account, so that its
 * owner signing in from an address of their own is not.
 */
export const LOGIN_BACKOFF_AFTER_FAILURES = 5;
/** Failures of one address on any accounts in the window before its every attempt waits… */
export const LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES = 10;
/** …and before it is refused (429) on every account for the rest of the window. */
export const LOGIN_ADDRESS_FAILURES_MAX = 30;
/**
 * Failed logins a minute, all accounts and addresses together, from which on an address that
 * has failed in the window is refused (429): a guessing attack spread over many addresses gets
 * about one guess an address while it lasts; an address without failures is served as ever.
 */
export const LOGIN_FAILURES_PER_MINUTE = 60;
/** The first wait, doubled with each further failure, and its ceiling. */
export const LOGIN_BACKOFF_BASE_MS = 500;
export const LOGIN_BACKOFF_MAX_MS = 10_000;
export const IP_LIMIT_PER_MINUTE = 300;
export const RESET_TOKEN_TTL_MINUTES = 30;
/** How long the emailed "Is this your request?" link of a direct request can be used (once). */
export const CLAIM_TOKEN_TTL_HOURS = 72;
/** An identical direct submit (link, contact and payload) within this window is the same request. */
export const DIRECT_DEDUPE_MINUTES = 10;
/** A create-request call repeated with its Idempotency-Key within this window gets the first answer. */
export const IDEMPOTENCY_HOURS = 24;
/** The header of the create-request calls that names one submit (a UUID per 'Request Move'). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 16 to 100 URL-safe characters: a UUID fits, and so does any client's random key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{16,100}$/;
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

// Input limits: each keeps a value inside the column it is stored in (see schemas/primitives.ts)
/** PostgreSQL's integer (and serial id) maximum, 2^31 − 1. */
export const INT4_MAX = 2_147_483_647;
/** Flights of stairs at one address; the edit default of 13 (spec §9) fits well inside. */
export const MAX_FLIGHTS = 30;
/** Item lines of one request (each up to 999 pieces, spec §9). */
export const MAX_ITEM_LINES = 300;
/** Pieces of one request, all lines together. */
export const MAX_TOTAL_QUANTITY = 5_000;
/** The largest amount of money a field takes, in dollars (a price, a budget). */
export const MAX_MONEY_DOLLARS = 1_000_000;
/** The estimate never exceeds this, in dollars; see rules/estimate.ts. */
export const MAX_ESTIMATE_DOLLARS = 10_000_000;
/** A request's URL (path and query) longer than this is refused with 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** The longest comment or client comment kept. */
export const MAX_COMMENT_LENGTH = 2000;
