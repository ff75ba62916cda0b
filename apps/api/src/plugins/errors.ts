import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, MSG } from '@movehub/shared';
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
 * The central error handler: every failure leaves as `{code, message}` with the HTTP status
 * equal to code. Stack traces and 5xx details go to the log, never to the client.
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
      let message = 'The request could not be understood.';
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(ErrorCode.internal).send({ code: ErrorCode.internal, message: MSG.internal });
  });
}
