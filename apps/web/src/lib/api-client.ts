import {
  AUTH_HEADER,
  splitCall,
  type ApiAnswer,
  type ApiBody,
  type ApiCall,
  type ApiQuery,
  type ErrorEnvelope,
} from '@movehub/shared';
import { clearSession, getToken, readString, writeString, type SessionKind } from './storage';
import { showToast } from './toast';

/**
 * The one api client. Every call goes through `callApi`, named as the shared route table names
 * it ('POST /app_api/login'), which
 * - takes the call's body and query as the table types them, and answers with its typed answer,
 * - sends JSON (or a FormData as multipart) to the same origin and adds the session token in
 *   x-sh-auth unless the call goes without it (uploads, spec/portal.md §7),
 * - reads the `{ code, message, ...payload }` envelope (the HTTP status equals `code`),
 * - on any code but 200 shows the red toast with the server message (spec/portal.md §8) unless
 *   the caller suppresses it, and throws an ApiError carrying code and message,
 * - on 401 clears the stored session and reloads the page (spec/portal.md §4 "Session end"):
 *   only the session the call was made with, the customer's unless it says `session: 'partner'`
 *   (decision 022),
 * - returns a 200 body as the call's answer: the server has checked it against the table's
 *   answer schema before sending it (its serializer parses every answer), so the browser does
 *   not load the schemas to check it twice (decision 034),
 * - for a `revalidate` call, keeps the body with its ETag in browser storage and asks with
 *   If-None-Match next time, so an unchanged answer (304) costs no download.
 */

export const NETWORK_ERROR_MESSAGE =
  'We could not reach the MoveHub server. Check your connection and try again.';
export const UNEXPECTED_RESPONSE_MESSAGE =
  'The server sent a response we could not read. Please try again.';

export class ApiError extends Error {
  /** The envelope code (equal to the HTTP status); 0 when no envelope arrived at all. */
  readonly code: number;
  readonly errors: ErrorEnvelope['errors'];
  /** The whole answer, for the few calls whose failure carries more than a message. */
  readonly body: unknown;

  constructor(code: number, message: string, errors?: ErrorEnvelope['errors'], body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The one way a failure becomes the text a person reads: the server's message (the spec's words,
 * or our own envelope's), else the screen's fallback. Anything not an ApiError (a bug, a dropped
 * promise) has no message fit to show, so it never prints `String(error)`.
 */
export function errorMessage(error: unknown, fallback = UNEXPECTED_RESPONSE_MESSAGE): string {
  return isApiError(error) ? error.message : fallback;
}

/** How a call goes, whatever it sends. */
export interface CallSettings {
  /** false sends the call without the session token (uploads go without one). */
  withToken?: boolean;
  /** Whose token goes with the call, and which session a 401 ends (decision 022). */
  session?: SessionKind;
  /** true, or a predicate, to keep the toast away for failures the screen shows itself. */
  suppressToast?: boolean | ((error: ApiError) => boolean);
  signal?: AbortSignal;
  /** Extra request headers (the Idempotency-Key of a submit). */
  headers?: Record<string, string>;
  /**
   * The call is a read that every visitor gets alike and the server answers with an ETag (the
   * catalogue). Browsers revalidate a GET by themselves; they never keep a POST, which is why
   * the spec's POST reads set this.
   */
  revalidate?: boolean;
}

/** A call's options: its settings, and its body and query exactly when the table has them. */
export type CallOptions<K extends ApiCall> = CallSettings &
  ([ApiBody<K>] extends [undefined] ? { body?: undefined } : { body: ApiBody<K> }) &
  ([ApiQuery<K>] extends [undefined] ? { query?: undefined } : { query: ApiQuery<K> });

/** The options may be left out when the call sends neither body nor query. */
export type CallArgs<K extends ApiCall> = [ApiBody<K>, ApiQuery<K>] extends [undefined, undefined]
  ? [options?: CallOptions<K>]
  : [options: CallOptions<K>];

/** A revalidated answer as stored: its ETag and its body. */
interface KeptAnswer {
  etag: string;
  body: unknown;
}

const KEPT_PREFIX = 'movehub.kept:';

function readKept(key: string): KeptAnswer | null {
  const raw = readString(key);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Partial<KeptAnswer>;
    return typeof kept.etag === 'string' ? { etag: kept.etag, body: kept.body } : null;
  } catch {
    return null;
  }
}

/** Indirection so that tests can observe the reload that jsdom cannot perform. */
export const page = {
  reload(): void {
    window.location.reload();
  },
};

/** An error envelope, read by hand: `{ code, message, errors? }` (schemas/envelope.ts). */
export function readEnvelope(payload: unknown): ErrorEnvelope | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { code, message, errors } = payload as Record<string, unknown>;
  if (!Number.isInteger(code) || typeof message !== 'string') return null;
  const listed =
    Array.isArray(errors) &&
    errors.every(
      (e: unknown) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as Record<string, unknown>).path === 'string' &&
        typeof (e as Record<string, unknown>).message === 'string',
    );
  return {
    code: code as number,
    message,
    ...(listed ? { errors: errors as ErrorEnvelope['errors'] } : {}),
  };
}

/** The path with the call's query string, leaving out what is unset. */
function withQuery(path: string, query: unknown): string {
  if (typeof query !== 'object' || query === null) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function callApi<K extends ApiCall>(
  call: K,
  ...[options = {} as CallOptions<K>]: CallArgs<K>
): Promise<ApiAnswer<K>> {
  const { method, path: route } = splitCall(call);
  const path = withQuery(route, options.query);
  const {
    body,
    suppressToast = false,
    signal,
    withToken = true,
    revalidate = false,
    session = 'customer',
  } = options;
  const token = withToken ? getToken(session) : null;
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // The browser writes the multipart Content-Type itself, with its boundary.
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers[AUTH_HEADER] = token;
  const keptKey = revalidate
    ? `${KEPT_PREFIX}${method} ${path} ${JSON.stringify(body ?? null)}`
    : '';
  const kept = revalidate ? readKept(keptKey) : null;
  if (kept) headers['If-None-Match'] = kept.etag;

  const fail = (error: ApiError): never => {
    const quiet = typeof suppressToast === 'function' ? suppressToast(error) : suppressToast;
    if (!quiet) showToast(error.message, 'error');
    throw error;
  };

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    // A cancelled query is not a failure the user needs to hear about.
    if (signal?.aborted) throw cause;
    return fail(new ApiError(0, NETWORK_ERROR_MESSAGE));
  }

  // Unchanged since it was kept: the stored body (a 200 envelope) stands for the one not sent.
  const unchanged = kept !== null && response.status === 304;
  let payload: unknown;
  if (unchanged) {
    payload = kept.body;
  } else {
    try {
      payload = await response.json();
    } catch (cause) {
      // Cancelled while the body was arriving (a refetch replaced the query): not a bad answer.
      if (signal?.aborted) throw cause;
      payload = undefined;
    }
  }
  const status = unchanged ? 200 : response.status;

  const envelope = readEnvelope(payload);
  const code = envelope ? envelope.code : status;

  if (code === 401 || status === 401) {
    clearSession(session);
    // Reload only when a session was sent: a public page whose call answers 401 would
    // otherwise reload forever.
    if (token) page.reload();
    throw new ApiError(401, envelope ? envelope.message : 'Unauthorized');
  }

  if (code !== 200 || status < 200 || status > 299) {
    const message = envelope?.message || UNEXPECTED_RESPONSE_MESSAGE;
    return fail(new ApiError(code, message, envelope?.errors, payload));
  }
  // A 200 without an envelope is no answer of this server's (a proxy's page, a cut body).
  if (!envelope) return fail(new ApiError(0, UNEXPECTED_RESPONSE_MESSAGE));

  const etag = unchanged ? null : response.headers.get('etag');
  if (revalidate && etag) {
    writeString(keptKey, JSON.stringify({ etag, body: payload } satisfies KeptAnswer));
  }
  return payload as ApiAnswer<K>;
}
