import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes, splitCall, stringFieldsOf, UserType, type ApiRoute } from '@movehub/shared';
import { buildTestApp } from './helper';
import { lifecycle } from './lifecycle';
import { arbitraryOf } from './zod-arbitrary';

/*
 * Not a sample: every string field of every call of the route table, in its body or its query,
 * gets each hostile text below, inside an otherwise schema-shaped input, with a session of a
 * user type the route takes (so that validation is reached). No answer may be 500 or more; a
 * NUL in public_access_link was one (issue 30). The count of routes × fields tried is printed.
 */

const HOSTILE: Record<string, string> = {
  NUL: 'ab\u0000cd',
  'a lone surrogate': 'ab\ud800cd',
  'an overlong string': 'x'.repeat(100_000),
};

interface Registered {
  userTypes: readonly number[];
}
const registered = new Map<string, Registered>();
const ctx = await buildTestApp(
  { WEB_DIST_DIR: '/nonexistent', IP_RATE_LIMIT_PER_MINUTE: '1000000' },
  undefined,
  (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      registered.set(`${method} ${route.url}`, {
        userTypes: route.config?.auth?.userTypes ?? [],
      });
    }
  },
);
afterAll(() => ctx.close());

const life = lifecycle(() => ctx);
const customer = await life.customer(null);
const company = await life.company();
const tokens: Record<number, string> = {
  [UserType.customer]: customer.token,
  [UserType.company]: company.token,
  [UserType.foreman]: company.foremen[0]!.token,
};

/** A copy of `root` with `value` at `path`, making the objects and arrays on the way. */
function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const record =
    root && typeof root === 'object' && !Array.isArray(root)
      ? { ...(root as Record<string, unknown>) }
      : {};
  record[head!] = withValueAt(record[head!], rest, value);
  return record;
}

function queryString(query: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (v !== undefined) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('every string field of every route', () => {
  it('answers NUL, a lone surrogate and an overlong string with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    const routes = new Set<string>();
    let fields = 0;
    let calls = 0;
    for (const [call, route] of Object.entries(apiRoutes as Record<string, ApiRoute>)) {
      const served = registered.get(call);
      if (!served) continue;
      const { method, path } = splitCall(call as `POST /${string}`);
      const userType = served.userTypes[0];
      const token = userType === undefined ? undefined : tokens[userType];
      for (const part of ['body', 'query'] as const) {
        const schema: z.ZodType | undefined = route[part];
        if (!schema) continue;
        const [base] = fc.sample(arbitraryOf(schema), { seed: 20_261_207, numRuns: 1 });
        for (const field of stringFieldsOf(schema)) {
          routes.add(call);
          fields += 1;
          for (const [name, text] of Object.entries(HOSTILE)) {
            const input = withValueAt(base, field.path, text);
            calls += 1;
            const res = await ctx.app.inject({
              method,
              url: part === 'query' ? `${path}${queryString(input)}` : path,
              headers: {
                ...(token ? { 'x-sh-auth': token } : {}),
                ...(part === 'body' ? { 'content-type': 'application/json' } : {}),
              },
              ...(part === 'body' ? { payload: JSON.stringify(input) } : {}),
            });
            if (res.statusCode >= 500) {
              failures.push(
                `${call} ${part} ${field.path.join('.')} with ${name} → ${res.statusCode}: ${res.body.slice(0, 200)}`,
              );
            }
          }
        }
      }
    }
    console.warn(
      `string fields: ${routes.size} routes × ${fields} fields × ${Object.keys(HOSTILE).length} texts = ${calls} calls`,
    );
    expect(fields).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 600_000);
});
