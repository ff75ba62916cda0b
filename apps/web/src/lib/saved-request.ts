import { IDEMPOTENCY_HEADER, type GenerateRequestBody } from '@movehub/shared';
import { callApi } from './api-client';
import { readString, removeKey, writeString } from './storage';

/*
 * The saved request (spec/request-lifecycle.md §2 step 7, §7; spec/portal.md §2 and §4 Login and
 * Sign-up): a visitor's 'Request Move' keeps the create-request payload here and hands it to
 * /login or /register in the page state; after login (or sign-up, on arrival at /create-request)
 * it is sent through generate_request, then /dashboard/congratulations. It lives in lib/ because
 * the login page and the wizard both send it (features do not import each other).
 */

export const SAVED_REQUEST_KEY = 'savedRequest';
/**
 * The marketplace wizard's draft key (features/wizard/draft.ts draftStorageKey() without a link):
 * a request sent from the login page clears the draft it was built from.
 */
export const WIZARD_DRAFT_KEY = 'createRequestDraft';

/** The page state that carries a saved request to /login, /register and /create-request. */
export interface SavedRequestState {
  savedRequest?: unknown;
}

/**
 * `value` when it is a request as the wizard saves it (its addresses and its budget), else null.
 * The wizard built it from a draft its steps had checked; the server checks it whole when it is
 * sent, and its refusal leads back to the wizard (decision 034: the first screens load no schema).
 */
export function asSavedRequest(value: unknown): GenerateRequestBody | null {
  if (value == null || typeof value !== 'object') return null;
  const { address_array: addresses, customer_budget: budget } = value as Record<string, unknown>;
  const looksSaved =
    Array.isArray(addresses) &&
    addresses.length >= 2 &&
    (typeof budget === 'number' || typeof budget === 'string');
  return looksSaved ? (value as GenerateRequestBody) : null;
}

export function saveRequest(payload: GenerateRequestBody): void {
  writeString(SAVED_REQUEST_KEY, JSON.stringify(payload));
}

/** The stored saved request; one that cannot be read any more is dropped. */
export function readSavedRequest(): GenerateRequestBody | null {
  const raw = readString(SAVED_REQUEST_KEY);
  if (!raw) return null;
  try {
    const saved = asSavedRequest(JSON.parse(raw));
    if (saved) return saved;
  } catch {
    // fall through: unreadable
  }
  removeKey(SAVED_REQUEST_KEY);
  return null;
}

export function clearSavedRequest(): void {
  removeKey(SAVED_REQUEST_KEY);
}

/** spec §4: the draft is cleared after a successful submit. */
export function clearWizardDraft(): void {
  removeKey(WIZARD_DRAFT_KEY);
}

/** The saved request of the page state, else the stored one, else null. */
export function findSavedRequest(pageState: unknown): GenerateRequestBody | null {
  const fromState = asSavedRequest((pageState as SavedRequestState | null)?.savedRequest);
  return fromState ?? readSavedRequest();
}

/**
 * A random Idempotency-Key for one submit (decision 007). getRandomValues, not randomUUID: the
 * latter exists only on secure origins, and the app may be opened over plain http on a LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/customer/generate_request (token): the marketplace request, from the wizard's step 7
 * or a saved request. The one place this call is made. With an idempotency key, a repeat of the
 * same submit (a retry after a lost answer) gets the first answer instead of a second request.
 */
export function generateRequest(
  body: GenerateRequestBody,
  options: { suppressToast?: boolean; idempotencyKey?: string } = {},
) {
  return callApi('POST /api/customer/generate_request', {
    body,
    suppressToast: options.suppressToast ?? false,
    headers: options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {},
  });
}

/**
 * Sends a saved request after login or sign-up. It is forgotten either way, so that a failure
 * is not sent again on the next page; on success the draft it came from goes too, and on a
 * failure the draft stays (at step 7) for the customer to fix and send again. A failure shows
 * the server message in the error toast unless the caller shows it itself.
 */
export async function submitSavedRequest(
  payload: GenerateRequestBody,
  options: { suppressToast?: boolean } = {},
) {
  clearSavedRequest();
  const response = await generateRequest(payload, options);
  clearWizardDraft();
  return response;
}
