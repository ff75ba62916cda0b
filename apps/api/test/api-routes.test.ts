import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoutes, splitCall, type ApiCall, type ApiRoute } from '@movehub/shared';
import { ROUTES_OUTSIDE_THE_TABLE } from '../src/lib/api-route';
import { buildTestApp } from './helper';

/*
 * The call table (packages/shared/src/api/routes.ts) is the server's list of its JSON calls, and
 * the web client's calls are typed from it: every route the app registers is in the table or
 * among ROUTES_OUTSIDE_THE_TABLE, every call of the table is served, and with the table's own
 * schemas. The routes come from the app itself (its onRoute hook).
 */

const registered = new Map<string, RouteOptions>();
const ctx = await buildTestApp(
  // No built web app: its files would each be a route. The default adapters register every
  // call of the table (the sandbox gateway's tokeniser, the embedded outbox).
  { WEB_DIST_DIR: '/nonexistent' },
  undefined,
  (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.set(`${method} ${route.url}`, route);
  },
);
afterAll(() => ctx.close());

/** Every route, a HEAD route as its GET (fastify adds a HEAD twin to each GET). */
const served = [...new Set([...registered.keys()].map((key) => key.replace(/^HEAD /, 'GET ')))];
const calls = Object.keys(apiRoutes) as ApiCall[];

function isOutsideTheTable(key: string): boolean {
  return Object.keys(ROUTES_OUTSIDE_THE_TABLE).some((outside) =>
    outside.endsWith('*') ? key.startsWith(outside.slice(0, -1)) : key === outside,
  );
}

describe('the call table', () => {
  it('names every JSON route the server registers', () => {
    expect(served.length).toBeGreaterThan(calls.length);
    expect(served.filter((key) => !(key in apiRoutes) && !isOutsideTheTable(key))).toEqual([]);
  });

  it('names only calls that the server serves', () => {
    expect(calls.filter((call) => !registered.has(call))).toEqual([]);
  });

  it("leaves out only routes that exist (the Stripe webhook is registered with Stripe's keys)", () => {
    const webhook = 'POST /api/payments/stripe/webhook';
    expect(Object.keys(ROUTES_OUTSIDE_THE_TABLE)).toContain(webhook);
    const stale = Object.keys(ROUTES_OUTSIDE_THE_TABLE).filter(
      (outside) =>
        outside !== webhook &&
        !served.some((key) =>
          outside.endsWith('*') ? key.startsWith(outside.slice(0, -1)) : key === outside,
        ),
    );
    expect(stale).toEqual([]);
  });

  it("validates each call's body, query and 200 answer with the table's schemas", () => {
    const differing = calls.filter((call) => {
      const entry: ApiRoute = apiRoutes[call];
      const schema = registered.get(call)?.schema as
        | {
            body?: unknown;
            querystring?: unknown;
            consumes?: string[];
            response?: Record<number, unknown>;
          }
        | undefined;
      if (!schema) return true;
      return (
        schema.body !== entry.body ||
        schema.querystring !== entry.query ||
        schema.response?.[200] !== entry.answer ||
        (schema.consumes?.includes('multipart/form-data') ?? false) !== (entry.multipart ?? false)
      );
    });
    expect(differing).toEqual([]);
  });

  it('documents every call in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const undocumented = calls.filter((call) => {
      const { method, path } = splitCall(call);
      return !paths[path]?.[method.toLowerCase()];
    });
    expect(undocumented).toEqual([]);
  });
});
