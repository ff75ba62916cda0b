import type { FastifyInstance } from 'fastify';
import {
  apiRoutes,
  CHANGE_CONFIRMATION_CALLS,
  ErrorCode,
  MSG,
  type ApiCall,
} from '@movehub/shared';
import { AppError } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';

/**
 * Every call of the API answers within REQUEST_TIME_LIMIT_MS: past it, 503 with Retry-After in the
 * {code, message} envelope, whatever the handler still waits for (a slow database, a pool with
 * no free connection). The handler's work is not cancelled: its statements end by their own
 * limits (statement_timeout, the pool's connect timeout), and what it answers later is dropped.
 * Uploads are exempt: their time is the client's network, not the server's load. The calls that
 * wait for the payment provider get its own time and a little more: answered 503 while the
 * charge goes on, the customer would retry into a movement still pending (409) for nothing.
 */
export const PROVIDER_CALLS: readonly ApiCall[] = [
  'POST /api/customer/make_payment',
  'POST /api/customer/add_card',
  'POST /api/customer/delete_request',
  'POST /api/customer/end_move_confirmation',
  'POST /app_api/add_feedback',
  ...Object.values(CHANGE_CONFIRMATION_CALLS).map((call) => `POST /api/customer/${call}` as const),
];

export function registerRequestTimeLimit(app: FastifyInstance): void {
  const baseMs = app.config.requestTimeLimitMs;
  const providerMs = Math.max(baseMs, app.config.paymentProviderTimeoutMs + 5_000);
  const providerCalls = new Set<string>(PROVIDER_CALLS);
  // The API's calls only: a static file, a download or the docs stream at the client's pace,
  // and their replies are not JSON that a late 503 could replace.
  const calls = new Set<string>(Object.keys(apiRoutes));
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['content-type']?.startsWith('multipart/')) return;
    const call = `${request.method} ${request.routeOptions.url}`;
    if (!calls.has(call)) return;
    const limitMs = providerCalls.has(call) ? providerMs : baseMs;
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ limitMs }, 'request time limit reached');
      void reply.send(
        new AppError(
          ErrorCode.serviceUnavailable,
          MSG.serviceUnavailable,
          {},
          { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        ),
      );
    }, limitMs);
    timer.unref();
    timers.set(request, timer);
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(timers.get(request));
  });
}
