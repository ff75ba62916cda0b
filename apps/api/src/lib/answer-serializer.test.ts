import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { apiRoutes, errorEnvelopeSchema } from '@movehub/shared';
import {
  AnswerMismatchError,
  answerSerializerCompiler,
  compileAnswerSerializer,
  takeAnswerMismatches,
} from './answer-serializer';

/** What zod's serializer wrote: its parse's output, JSON.stringified. */
const zodText = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

function expectSame(schema: z.ZodType, ...answers: unknown[]) {
  const serializer = compileAnswerSerializer(schema);
  expect(serializer.compiled, serializer.reason).toBe(true);
  for (const answer of answers) expect(serializer.serialize(answer)).toBe(zodText(schema, answer));
}

describe('compiled answer serializers write what zod parse + JSON.stringify wrote', () => {
  it("writes the schema's keys in the schema's order, whatever the answer's order, optional keys before required ones included", () => {
    const schema = z.object({
      code: z.number().int(),
      note: z.string().optional(),
      message: z.string(),
      data: z.object({ b: z.number(), a: z.string().optional(), c: z.boolean() }),
    });
    expectSame(
      schema,
      { data: { c: true, b: 1, a: 'x' }, message: 'OK', note: 'n', code: 200 },
      { message: 'OK', code: 200, data: { c: false, b: 2 } },
      { code: 200, note: undefined, message: 'OK', data: { a: undefined, b: 0, c: true } },
    );
  });

  it('drops the keys the schema does not name, at every depth', () => {
    expectSame(z.object({ id: z.number(), rows: z.array(z.object({ name: z.string() })) }), {
      id: 1,
      secret: 'hash',
      rows: [{ name: 'a', password: 'x' }],
      extra: { a: 1 },
    });
  });

  it('writes null for nullable fields of every kind, and the value otherwise', () => {
    const schema = z.object({
      text: z.string().nullable(),
      count: z.number().int().nullable(),
      price: z.number().nullable(),
      flag: z.boolean().nullable(),
      company: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
      list: z.array(z.string()).nullable(),
      maybe: z.string().nullable().optional(),
    });
    expectSame(
      schema,
      { text: null, count: null, price: null, flag: null, company: null, list: null, maybe: null },
      {
        text: 'a',
        count: 3,
        price: 4.5,
        flag: false,
        company: { id: 1, name: null },
        list: ['x'],
      },
    );
  });

  it('writes unions of literals, enums and literals as the value', () => {
    const schema = z.object({
      type: z.union([z.literal(0), z.literal(2)]),
      mixed: z.union([z.literal(1), z.literal('1')]),
      size: z.enum(['0', '1', '2']),
      currency: z.literal('USD'),
      maybe: z.union([z.literal(0), z.literal(1)]).nullable(),
    });
    expectSame(
      schema,
      { type: 2, mixed: '1', size: '1', currency: 'USD', maybe: null },
      { type: 0, mixed: 1, size: '2', currency: 'USD', maybe: 1 },
    );
  });

  it('writes a record of unknown values as JSON.stringify does, undefined values left out', () => {
    const schema = z.object({ asked: z.record(z.string(), z.unknown()) });
    expectSame(
      schema,
      { asked: {} },
      { asked: { b: 1, a: { deep: [1, null, 'x'] }, gone: undefined, n: null, '2': true } },
    );
  });

  it("writes a default where the answer has none, as zod's parse fills it", () => {
    expectSame(z.object({ a: z.string().default('x'), b: z.number() }), { b: 1 }, { a: 'y', b: 2 });
  });

  it('writes any string and any number exactly as JSON.stringify does', () => {
    const schema = z.object({ s: z.string(), n: z.number(), list: z.array(z.string()) });
    const anyChar = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    const text = fc.oneof(
      fc.string({ unit: anyChar, maxLength: 60 }),
      fc.string({ unit: anyChar, minLength: 40, maxLength: 6000 }),
    );
    const number = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(text, number, fc.array(text, { maxLength: 5 }), (s, n, list) => {
        expect(compileAnswerSerializer(schema).serialize({ s, n, list })).toBe(
          zodText(schema, { s, n, list }),
        );
      }),
    );
    expectSame(
      schema,
      { s: '"quoted" \\ \n\t\u0000 \ud800 é 😀 \u2028', n: -0, list: [] },
      { s: 'x'.repeat(5001), n: 1e21, list: ['a"b'] },
      { s: '', n: 0.1 + 0.2, list: [''] },
    );
  });

  it('leaves to zod the schemas whose output JSON Schema cannot describe', () => {
    const left = {
      transform: z.object({ a: z.string().transform((v) => v.length) }),
      trim: z.object({ a: z.string().trim() }),
      lowercase: z.object({ a: z.string().toLowerCase() }),
      preprocess: z.object({ a: z.preprocess((v) => String(v), z.string()) }),
      pipe: z.object({ a: z.string().pipe(z.coerce.number()) }),
      tuple: z.object({ a: z.tuple([z.string(), z.number()]) }),
      loose: z.looseObject({ a: z.string() }),
      objects: z.object({ a: z.union([z.object({ x: z.string() }), z.object({ y: z.number() })]) }),
      date: z.object({ a: z.date() }),
      catch: z.object({ a: z.string().catch('x') }),
      unknownItems: z.object({ a: z.array(z.unknown()) }),
    };
    for (const [name, schema] of Object.entries(left)) {
      const serializer = compileAnswerSerializer(schema);
      expect(serializer.compiled, name).toBe(false);
      expect(serializer.reason, name).toBeTruthy();
    }
    // Such a route keeps zod's parse: the transform and the trim still apply.
    expect(compileAnswerSerializer(left.transform).serialize({ a: 'abc' })).toBe('{"a":3}');
    expect(compileAnswerSerializer(left.trim).serialize({ a: ' x ' })).toBe('{"a":"x"}');
  });

  it('compiles every answer of the route table and the error envelope', () => {
    const left = Object.entries(apiRoutes)
      .map(([call, route]) => [call, compileAnswerSerializer(route.answer)] as const)
      .filter(([, serializer]) => !serializer.compiled)
      .map(([call, serializer]) => `${call}: ${serializer.reason}`);
    expect(left).toEqual([]);
    expect(compileAnswerSerializer(errorEnvelopeSchema).compiled).toBe(true);
  });
});

describe('the answer checks (outside production)', () => {
  const schema = z.object({ a: z.string() });
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;

  it("refuses an answer zod's schema refuses, as zod's serializer did", () => {
    const serialize = answerSerializerCompiler({ checkAnswers: true })(route);
    expect(() => serialize({ a: 1 })).toThrow(/doesn't match the schema/);
    // Production does not parse: the compiled serializer writes what it is given.
    expect(answerSerializerCompiler({ checkAnswers: false })(route)({ a: 'x' })).toBe('{"a":"x"}');
  });

  it('fails a call whose compiled text differs from zod, and keeps it for the test run', () => {
    const serialize = answerSerializerCompiler({ checkAnswers: true })(route);
    // JSON.stringify's toJSON hook: fast-json-stringify calls it, zod's parse reads the keys.
    const answer = { a: 'x', toJSON: () => ({ a: 'y' }) };
    expect(() => serialize(answer)).toThrow(AnswerMismatchError);
    const [mismatch, ...others] = takeAnswerMismatches();
    expect(others).toEqual([]);
    expect(mismatch).toContain('GET /x 200');
    expect(takeAnswerMismatches()).toEqual([]);
  });
});
