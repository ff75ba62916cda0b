/*
 * Whether an error means "the database cannot be reached right now" rather than "this call is
 * wrong": the server stopped or restarting, the network cut, a connection or a query that ran
 * out of time. Such a call is answered 503 with Retry-After (plugins/errors.ts), and the pool
 * opens fresh connections by itself once the database is back.
 */

/** Node's socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's SQLSTATEs of a server going away, not accepting yet, or a statement timed out. */
const SERVER_CODES = new Set([
  '57P01', // admin_shutdown (a restart, a terminated backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
]);

/** node-postgres and pg-pool say these in words, without a code. */
const MESSAGES = [
  /connection terminated/i, // "Connection terminated unexpectedly", "... due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg-pool's connectionTimeoutMillis
  /query read timeout/i, // pg's query_timeout
  /not queryable/i, // a client whose connection already broke
  /connection ended/i,
];

/** True when err, or an error it wraps (drizzle wraps the driver's as `cause`), is one of those. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
    }
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    e = cause;
  }
  return false;
}
