import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes, type ApiRoute } from './routes';
import { stringFieldsOf } from './string-fields';

/** Every body and query schema of the table, by call and part. */
function inputs(): [string, z.ZodType][] {
  return Object.entries(apiRoutes as Record<string, ApiRoute>).flatMap(([call, route]) => [
    ...(route.body ? [[`${call} body`, route.body] as [string, z.ZodType]] : []),
    ...(route.query ? [[`${call} query`, route.query] as [string, z.ZodType]] : []),
  ]);
}

describe('the route table', () => {
  it('holds every string a client sends to the safe-text rule: no NUL, no lone surrogate', () => {
    const open: string[] = [];
    let fields = 0;
    for (const [where, schema] of inputs()) {
      for (const field of stringFieldsOf(schema)) {
        fields += 1;
        for (const [name, value] of [
          ['NUL', 'a\u0000b'],
          ['a lone surrogate', 'a\ud800b'],
        ] as const) {
          if (field.schema.safeParse(value).success) {
            open.push(`${where} ${field.path.join('.') || '(whole)'} takes ${name}`);
          }
        }
      }
    }
    expect(fields).toBeGreaterThan(100);
    expect(open).toEqual([]);
  });
});
