import type { z } from 'zod';
import { AUTH_HEADER, errorEnvelopeSchema, type ErrorEnvelope } from '@movehub/shared';
import { clearSession, getToken, readString, writeString, type SessionKind } from './storage';
import { showToast } from './toast';

/**
 * The one api client. Every call goes through `callApi`, which
 * - sends JSON (or a FormData as multipart) to the same origin and adds the session token in
 *   x-sh-auth unless the call goes without it (uploads, spec/portal.md §7),
 * - reads the `{ code, message, ...payload }` envelope (the HTTP status equals `code`),
 * - on any code but 200 shows the red toast with the server message (spec/portal.md §8) unless
 *   the caller suppresses it, and throws an ApiError carrying code and message,
 * - on 401 clears the stored session and reloads the page (spec/portal.md §4 "Session end"):
 *   only the session the call was made with, the customer's unless it says `session: 'partner'`
 *   (decision 022),
 * - validates a 200 body with the call's shared zod schema and returns it parsed,
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

export interface CallApiOptions<TSchema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body, or a FormData sent as multipart/form-data. */
  body?: unknown;
  /** false sends the call without the session token (uploads go without one). */
  withToken?: boolean;
  /** Whose token goes with the call, and which session a 401 ends (decision 022). */
  session?: SessionKind;
  /** The shared response schema of the call; a 200 body is parsed with it. */
  schema: TSchema;
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

export async function callApi<TSchema extends z.ZodType>(
  path: string,
  options: CallApiOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const {
    method = 'GET',
    body,
    schema,
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

  const envelope = errorEnvelopeSchema.safeParse(payload);
  const code = envelope.success ? envelope.data.code : status;

  if (code === 401 || status === 401) {
    clearSession(session);
    // Reload only when a session was sent: a public page whose call answers 401 would
    // otherwise reload forever.
    if (token) page.reload();
    throw new ApiError(401, envelope.success ? envelope.data.message : 'Unauthorized');
  }

  if (code !== 200 || status < 200 || status > 299) {
    const message =
      envelope.success && envelope.data.message
        ? envelope.data.message
        : UNEXPECTED_RESPONSE_MESSAGE;
    return fail(
      new ApiError(code, message, envelope.success ? envelope.data.errors : undefined, payload),
    );
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Response of ${method} ${path} does not match its schema`, parsed.error.issues);
    return fail(new ApiError(0, UNEXPECTED_RESPONSE_MESSAGE));
  }
  const etag = unchanged ? null : response.headers.get('etag');
  if (revalidate && etag) {
    writeString(keptKey, JSON.stringify({ etag, body: payload } satisfies KeptAnswer));
  }
  return parsed.data;
}
