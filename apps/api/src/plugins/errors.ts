import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, MAX_URL_LENGTH, MSG } from '@movehub/shared';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

interface FieldError {
  path: string;
  message: string;
}

function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '');
    let message = v.message ?? 'Invalid value.';
    if (missing) message = `${field || 'body'} is required.`;
    else if (!field && v.keyword === 'invalid_type')
      message = 'The request body must be a JSON object.';
    return { path: field, message };
  });
}

/**
 * A failed query's error as the log may keep it: the statement, without its parameters (a
 * session token, an email, a password's hash are parameters), and the database's own error.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const message = `Failed query: ${error.query}`;
  const safe = new Error(message, { cause: error.cause });
  safe.name = error.name;
  safe.stack = (error.stack ?? '').replace(error.message, message);
  return safe;
}

/** How soon a client may try again after the database was unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The central error handler: every failure leaves as `{code, message}` with the HTTP status
 * equal to code. Stack traces and 5xx details go to the log, never to the client. A database
 * that cannot be reached answers 503 with Retry-After, not 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const thrown: unknown = err;
    if (thrown instanceof AppError) {
      const error = thrown;
      return reply
        .code(error.code)
        .headers(error.headers)
        .send({ code: error.code, message: error.message, ...error.extra });
    }
    const error = err;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const code = ErrorCode.unprocessable;
      return reply
        .code(code)
        .send({ code, message: errors[0]?.message ?? 'Invalid input.', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: bad JSON, oversize body, wrong content type, bad URL params.
      let message: string = MSG.badRequest;
      let code: ErrorCode = ErrorCode.badRequest;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = MSG.bodyTooLarge;
      else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        message = 'Unsupported content type; send application/json.';
      else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        message = 'The request body is empty; send a JSON object.';
      else if (status === 429) {
        code = ErrorCode.tooManyRequests;
        message = MSG.tooManyRequests;
      } else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
        message = MSG.malformedJson;
      request.log.info({ err: error }, 'request refused');
      return reply.code(code).send({ code, message });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, restarting or out of reach: nothing this call did was committed,
      // and the pool reconnects by itself, so the client is told to come back shortly.
      request.log.warn({ err: withoutQueryParameters(error) }, 'database unavailable');
      const code = ErrorCode.serviceUnavailable;
      return reply
        .code(code)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code, message: MSG.serviceUnavailable });
    }
    request.log.error({ err: withoutQueryParameters(error) }, 'unhandled error');
    return reply.code(ErrorCode.internal).send({ code: ErrorCode.internal, message: MSG.internal });
  });
}

/**
 * Fastify's router refusals (a URL that does not decode, a path parameter over maxParamLength),
 * in the envelope instead of Fastify's own body. Passed as the `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ErrorCode.uriTooLong : ErrorCode.badRequest;
  request.log.info({ err: error }, 'request refused by the router');
  void reply
    .code(code)
    .send({ code, message: code === ErrorCode.uriTooLong ? MSG.urlTooLong : MSG.badRequest });
}

/**
 * Refusals that Node's HTTP parser makes before any route runs: a request line and headers over
 * the header limit (431), a request that does not arrive in time (408), bytes that are not HTTP
 * (400). Written on the socket in the envelope, then the connection closes, as Node itself does.
 * Passed as the `clientErrorHandler` option.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let code: ErrorCode = ErrorCode.badRequest;
  let message: string = MSG.badRequest;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    code = ErrorCode.headersTooLarge;
    message = MSG.headersTooLarge;
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    code = ErrorCode.requestTimeout;
    message = MSG.requestTimeout;
  }
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code, message });
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * A URL (path and query) over MAX_URL_LENGTH is refused with 414 before any route reads it;
 * longer still, Node's header limit answers 431 through clientErrorHandler.
 */
export function registerUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new AppError(ErrorCode.uriTooLong, MSG.urlTooLong);
    }
  });
}
