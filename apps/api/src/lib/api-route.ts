import type { HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { apiRoutes, splitCall, type ApiCall, type ApiRoute, type ApiRoutes } from '@movehub/shared';
import { responses } from './wire';

/*
 * A route of the call table (packages/shared/src/api/routes.ts): its method, path, body, query
 * and answer come from the table, so that the server registers exactly what the web client's
 * calls are typed from. A module spreads it into app.route and adds what is the server's own:
 *
 *   app.route({
 *     ...apiRoute('POST /app_api/login', { tags: ['auth'], summary: '…', failures: [400, 429] }),
 *     config: ipRateLimit,
 *     handler: async (request) => …,
 *   });
 *
 * fastify-type-provider-zod then types request.body and request.query from the table's schemas
 * and checks the handler's return against the 200 answer.
 */

/** What a route says of itself beside its call: its OpenAPI words and the failures it answers. */
export interface CallDocs<Headers extends z.ZodType | undefined = undefined> {
  tags: string[];
  summary: string;
  description?: string;
  /**
   * The failure codes it may answer besides 422 and 500 (every route's), in the error envelope
   * (responses() of ./wire.ts).
   */
  failures?: readonly number[];
  /** A failure whose body says more than the envelope (a social sign-in's phone_required). */
  failureSchemas?: Readonly<Record<number, z.ZodType>>;
  /** Request headers the route reads and validates (an Idempotency-Key). */
  headers?: Headers;
}

type Entry<K extends ApiCall> = ApiRoutes[K];

/**
 * The route's schema as fastify's types see it. Its response names the 200 answer only: a
 * handler returns that answer and throws its failures (AppError), which the error handler writes
 * in their envelope; the failure schemas are in the runtime object, for serialisation and
 * OpenAPI, and a type naming them would let a handler return an envelope in place of its answer.
 */
export type CallSchema<K extends ApiCall, Headers extends z.ZodType | undefined = undefined> = {
  tags: string[];
  summary: string;
  description?: string;
  response: { 200: Entry<K>['answer'] };
} & (Entry<K> extends { body: infer B extends z.ZodType } ? { body: B } : unknown) &
  (Entry<K> extends { query: infer Q extends z.ZodType } ? { querystring: Q } : unknown) &
  (Entry<K> extends { multipart: true } ? { consumes: string[] } : unknown) &
  (Headers extends z.ZodType ? { headers: Headers } : unknown);

/** The options of app.route that a call fixes: method, path and schema. */
export interface CallRoute<K extends ApiCall, Headers extends z.ZodType | undefined = undefined> {
  method: HTTPMethods;
  url: string;
  schema: CallSchema<K, Headers>;
}

/** Method, path and schema of a call of the table, with the route's docs. */
export function apiRoute<K extends ApiCall, Headers extends z.ZodType | undefined = undefined>(
  call: K,
  docs: CallDocs<Headers>,
): CallRoute<K, Headers> {
  const { method, path } = splitCall(call);
  const entry: ApiRoute = apiRoutes[call];
  const schema = {
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description !== undefined ? { description: docs.description } : {}),
    ...(docs.headers ? { headers: docs.headers } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: { ...responses(entry.answer, ...(docs.failures ?? [])), ...docs.failureSchemas },
  };
  return { method, url: path, schema: schema as CallSchema<K, Headers> };
}

/**
 * The routes the server serves outside the table, each with why: what a body, query and answer
 * schema cannot describe. apps/api/test/api-routes.test.ts holds every other route to the table.
 * Keys are 'METHOD url' as fastify registers them; a key ending in '*' stands for its prefix.
 */
export const ROUTES_OUTSIDE_THE_TABLE: Readonly<Record<string, string>> = {
  'POST /api/payments/stripe/webhook':
    "Stripe's notices, not a client's call: reads the raw body that the signature covers; registered only with Stripe and a signing secret",
  'GET /api/company/payouts_csv': 'a download: answers text/csv',
  'GET /api/customer/request_calendar': 'a download: answers text/calendar',
  'GET /api/customer/request_receipt': 'a download: answers application/pdf',
  'GET /uploads/*': 'the stored images themselves (@fastify/static, disk storage only)',
  'GET /docs*': 'the OpenAPI document and its UI (@fastify/swagger-ui)',
};
