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
export const DEFAULT_MAP_CENTER = { lat: 33.9679, lng: -118.297 } as const;
export const MAX_ADDRESSES = 6;
export const MAX_ITEM_PHOTOS = 3;
export const CUSTOM_ITEM_CAP = 999;
/** The header that carries the session token on authenticated calls. */
export const AUTH_HEADER = 'x-sh-auth';
/** JSON bodies above this size are refused. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
