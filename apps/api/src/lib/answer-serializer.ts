import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * Answers written by compiled serializers (decision 046). fastify-type-provider-zod's own
 * serializer safeParses every answer with zod and then JSON.stringifies what zod gave back: a
 * second walk of the whole answer, and the larger part of its cost. Here each answer schema is
 * turned into JSON Schema once (zod's z.toJSONSchema, as the /docs OpenAPI is) and compiled by
 * fast-json-stringify, which writes the answer in one pass.
 *
 * What zod's parse did to an answer the compiled serializer must do too, byte for byte: keep the
 * schema's keys in the schema's order, drop the keys the schema does not name, leave out
 * undefined optional keys, write null for a nullable field. A schema whose output zod would
 * change in a way JSON Schema cannot say (a transform, a trim, a preprocess, a tuple, a
 * passthrough object) is not compiled: its route keeps zod's parse and JSON.stringify
 * (`compiled: false`, with the reason).
 *
 * Outside production (ANSWER_CHECKS, on by default there) every answer is still parsed by zod,
 * and the compiled serializer's text must equal JSON.stringify of zod's output: a mismatch fails
 * the call with a 500 and is kept for the test run to report (takeAnswerMismatches), so the
 * integration suites prove the equivalence on every answer they read.
 */

/** A JSON Schema as z.toJSONSchema writes it, and as fast-json-stringify reads it. */
type JsonSchema = { [keyword: string]: unknown };

export interface AnswerSerializer {
  serialize: (data: unknown) => string;
  /** False when the schema could not be compiled faithfully and zod's parse writes the answer. */
  compiled: boolean;
  /** Why it was not compiled. */
  reason?: string;
}

/** Thrown when an answer's compiled text differs from zod's; outside production only. */
export class AnswerMismatchError extends Error {
  readonly statusCode = 500;
  constructor(
    readonly route: string,
    readonly compiledText: string,
    readonly zodText: string,
  ) {
    const at = firstDifference(compiledText, zodText);
    super(
      `${route}: the compiled serializer wrote ${JSON.stringify(compiledText.slice(at - 40, at + 40))} ` +
        `where zod's parse writes ${JSON.stringify(zodText.slice(at - 40, at + 40))} (offset ${at})`,
    );
  }
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/** Thrown while converting: the reason a schema is left to zod. */
class Unfaithful extends Error {}

const fail = (path: string, why: string): never => {
  throw new Unfaithful(`${path || '(answer)'}: ${why}`);
};

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/**
 * What JSON Schema cannot say about the zod schema: effects on the output (transform, pipe,
 * preprocess, catch, prefault, overwriting checks such as trim or toLowerCase), values JSON has
 * no form for (dates, maps, bigints), and shapes kept out for simplicity (tuples, intersections,
 * objects that pass unknown keys through, records with checked keys). Throws Unfaithful.
 */
function checkZod(schema: unknown, path: string, seen: Set<unknown>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  for (const check of (def.checks as { _zod: { def: { check: string } } }[] | undefined) ?? []) {
    if (check._zod.def.check === 'overwrite') fail(path, 'a check that rewrites the value');
  }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'literal':
    case 'enum':
    case 'unknown':
    case 'any':
      return;
    case 'object': {
      const catchall = def.catchall ? defOf(def.catchall).type : undefined;
      if (catchall !== undefined && catchall !== 'never') fail(path, 'an object that keeps keys');
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        checkZod(value, `${path}.${key}`, seen);
      }
      return;
    }
    case 'array':
      return checkZod(def.element, `${path}[]`, seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return checkZod(def.innerType, path, seen);
    case 'union':
      for (const option of def.options as unknown[]) checkZod(option, path, seen);
      return;
    case 'record': {
      const key = defOf(def.keyType);
      if (key.type !== 'string' || (key.checks as unknown[] | undefined)?.length) {
        fail(path, 'a record whose keys are checked');
      }
      return checkZod(def.valueType, `${path}{}`, seen);
    }
    default:
      return fail(path, `zod type ${def.type}`);
  }
}

/** Keywords that only validate, describe or document: no effect on what is written. */
const IGNORED = new Set([
  '$schema',
  'id',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
  'contentEncoding',
  'contentMediaType',
]);

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

function typeOfConst(value: unknown, path: string): string {
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (value === null) return 'null';
  return fail(path, 'a constant that is not a primitive');
}

/** The one type of a schema made of primitive constants or types ('number' covers 'integer'). */
function primitiveTypes(schema: JsonSchema, path: string): string[] {
  if (schema.anyOf) {
    return (schema.anyOf as JsonSchema[]).flatMap((option) => primitiveTypes(option, path));
  }
  const types = schema.type !== undefined ? [schema.type].flat() : [];
  if ('const' in schema) types.push(typeOfConst(schema.const, path));
  for (const value of (schema.enum as unknown[] | undefined) ?? []) {
    types.push(typeOfConst(value, path));
  }
  if (types.length === 0 || types.some((t) => typeof t !== 'string' || !PRIMITIVES.has(t))) {
    fail(path, 'a union of more than primitive values');
  }
  return types as string[];
}

/**
 * The schema fast-json-stringify is given for one zod-made JSON Schema: only `type`,
 * `properties`, `required`, `items`, `additionalProperties`, `nullable` and `default`, with each
 * of them meaning for fast-json-stringify what zod's parse did. Throws Unfaithful otherwise.
 */
function forSerializer(schema: JsonSchema, path: string): JsonSchema {
  if (schema.anyOf) {
    const options = schema.anyOf as JsonSchema[];
    const nonNull = options.filter((option) => option.type !== 'null');
    if (nonNull.length === 1 && nonNull.length < options.length) {
      // z.nullable(x) as zod writes it: anyOf [x, {type: null}].
      return {
        ...forSerializer({ ...rest(schema, 'anyOf'), ...nonNull[0] }, path),
        nullable: true,
      };
    }
    // A union of literals or primitives: written as the value is, whichever option it is.
    const types = [...new Set(primitiveTypes(schema, path))];
    const nullable = options.length > nonNull.length;
    return withNullable(unionType(types), nullable);
  }
  for (const keyword of Object.keys(schema)) {
    if (
      !IGNORED.has(keyword) &&
      !['type', 'properties', 'required', 'items', 'additionalProperties'].includes(keyword) &&
      !['const', 'enum', 'default'].includes(keyword)
    ) {
      fail(path, `the JSON Schema keyword ${keyword}`);
    }
  }
  let type = schema.type;
  if (type === undefined && ('const' in schema || schema.enum)) {
    type = unionType([...new Set(primitiveTypes(schema, path))]).type;
  }
  const nullable = Array.isArray(type) && type.includes('null');
  if (Array.isArray(type)) {
    const others = type.filter((t) => t !== 'null');
    if (others.length !== 1) fail(path, `the types ${type.join(', ')}`);
    type = others[0];
  }
  const out: JsonSchema = {};
  if (type === undefined) {
    // z.unknown() or z.any(): zod keeps the value as it is, JSON.stringify writes it.
    if (Object.keys(schema).some((k) => !IGNORED.has(k))) fail(path, 'an untyped schema');
    return {};
  }
  out.type = type;
  if ('default' in schema) out.default = schema.default;
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      break;
    case 'array':
      if (schema.items === undefined || Array.isArray(schema.items)) fail(path, 'a tuple');
      out.items = forSerializer(schema.items as JsonSchema, `${path}[]`);
      if (Object.keys(out.items as JsonSchema).length === 0) {
        // fast-json-stringify would write undefined items as `undefined`; JSON.stringify as null.
        fail(`${path}[]`, 'an array of unknown values');
      }
      break;
    case 'object':
      Object.assign(out, objectFor(schema, path));
      break;
    default:
      fail(path, `the type ${String(type)}`);
  }
  return withNullable(out, nullable);
}

function rest(schema: JsonSchema, without: string): JsonSchema {
  const { [without]: _, ...others } = schema;
  return others;
}

function unionType(types: string[]): JsonSchema {
  // Integers are numbers: a union of 1 and 2.5 is written as numbers.
  const merged = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  return { type: merged.length === 1 ? merged[0] : merged };
}

function withNullable(schema: JsonSchema, nullable: boolean): JsonSchema {
  return nullable ? { ...schema, nullable: true } : schema;
}

function objectFor(schema: JsonSchema, path: string): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const keys = Object.keys(properties);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: JsonSchema = {
    properties: Object.fromEntries(
      keys.map((key) => [key, forSerializer(properties[key]!, `${path}.${key}`)]),
    ),
  };
  // fast-json-stringify writes required keys before optional ones; zod writes the schema's
  // order. Only the required keys that lead the object are declared required (which lets
  // fast-json-stringify take its faster path); the others are written when they are defined,
  // as JSON.stringify does, in the schema's order.
  const leading: string[] = [];
  for (const key of keys) {
    if (!required.has(key)) break;
    leading.push(key);
  }
  if (leading.length > 0) out.required = leading;
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    // A record (z.record(z.string(), value)): every key, each value written by its schema.
    if (keys.length > 0) fail(path, 'an object with both properties and other keys');
    out.additionalProperties =
      extra === true ? {} : forSerializer(extra as JsonSchema, `${path}{}`);
  }
  return out;
}

/**
 * The JSON Schema fast-json-stringify compiles for a zod answer schema, or the reason it cannot
 * be compiled faithfully.
 */
export function serializerSchemaOf(schema: unknown): { schema: JsonSchema } | { reason: string } {
  try {
    checkZod(schema, '', new Set());
    const json = z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      // Descriptions and ids (.meta) change nothing in the text: every schema inline.
      metadata: z.registry<Record<string, unknown>>(),
      reused: 'inline',
      cycles: 'throw',
      unrepresentable: 'throw',
    }) as JsonSchema;
    return { schema: forSerializer(json, '') };
  } catch (error) {
    if (error instanceof Unfaithful) return { reason: error.message };
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

const zodWay = (schema: unknown) => (data: unknown) => {
  const result = z.safeParse(schema as z.ZodType, data);
  if (!result.success) throw result.error;
  return JSON.stringify(result.data);
};

/** Answer schemas are shared by many routes (the error envelope by all): compiled once each. */
const compiledSerializers = new WeakMap<object, AnswerSerializer>();

/** The serializer of one zod answer schema: compiled when faithful, zod's parse otherwise. */
export function compileAnswerSerializer(schema: unknown): AnswerSerializer {
  const known = compiledSerializers.get(schema as object);
  if (known) return known;
  const made = serializerSchemaOf(schema);
  const serializer: AnswerSerializer =
    'schema' in made
      ? { serialize: fastJsonStringify(made.schema) as (data: unknown) => string, compiled: true }
      : { serialize: zodWay(schema), compiled: false, reason: made.reason };
  compiledSerializers.set(schema as object, serializer);
  return serializer;
}

const mismatches: string[] = [];

/** The mismatches met since the last call (the API test setup fails a file that has any). */
export function takeAnswerMismatches(): string[] {
  return mismatches.splice(0);
}

/**
 * The app's serializer compiler: the compiled serializer of each zod answer schema, and with
 * `checkAnswers` zod's parse beside it, whose text it must equal.
 */
export function answerSerializerCompiler(opts: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    if (!(route.schema instanceof z.core.$ZodType)) return serializerCompiler(route as never);
    const schema = route.schema;
    const serializer = compileAnswerSerializer(schema);
    // A schema left to zod: today's serializer, parse then JSON.stringify.
    if (!serializer.compiled) return serializerCompiler(route as never);
    if (!opts.checkAnswers) return serializer.serialize;
    const name = `${route.method} ${route.url} ${route.httpStatus}`;
    return (data) => {
      const parsed = z.safeParse(schema, data);
      if (!parsed.success) {
        throw new ResponseSerializationError(route.method, route.url, { cause: parsed.error });
      }
      const expected = JSON.stringify(parsed.data);
      const text = serializer.serialize(data);
      if (text !== expected) {
        const error = new AnswerMismatchError(name, text, expected);
        mismatches.push(error.message);
        throw error;
      }
      return text;
    };
  };
}
