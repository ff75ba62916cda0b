import fc from 'fast-check';
import type { z } from 'zod';

/*
 * fast-check arbitraries derived from the shared zod schemas (zod 4), for the fuzz test: values
 * of the schema's input shape (types, enums, lengths, ranges and patterns of the checks), which
 * the hostile mutations below then break. Refinements are not solved: many bodies fail them,
 * which is what a fuzz test wants as well. No maintained package covers zod 4 yet
 * (zod-fast-check reads zod 3), so this is a small walk over the schema definition.
 */

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Def {
  type: string;
  checks?: { _zod: { def: Check } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Longest string or list generated from a schema: enough to cross every field's limits. */
const MAX_GENERATED_LENGTH = 12;

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength: number | undefined;
  let pattern: RegExp | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = c.minimum ?? 0;
    if (c.check === 'max_length') maxLength = c.maximum;
    if (c.check === 'length_equals') minLength = maxLength = c.length ?? 0;
    if (c.check === 'string_format' && c.pattern) pattern ??= c.pattern;
  }
  const plain = fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(maxLength ?? 40, 40)),
    unit: 'grapheme',
  });
  if (!pattern) return plain;
  // Mostly values that match the field's pattern, so that bodies get past it to the handler.
  return fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(pattern, { size: 'xsmall' }) },
    { weight: 1, arbitrary: plain },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than' && c.value !== undefined) {
      min = Math.max(min, c.inclusive ? c.value : c.value + (integer ? 1 : Number.EPSILON));
    }
    if (c.check === 'less_than' && c.value !== undefined) {
      max = Math.min(max, c.inclusive ? c.value : c.value - (integer ? 1 : Number.EPSILON));
    }
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) integer = true;
  }
  const low = Math.ceil(Math.max(min, -(2 ** 31)));
  const whole = fc.integer({ min: low, max: Math.max(low, Math.floor(max)) });
  if (integer) return whole;
  return fc.oneof(whole, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** An arbitrary of values of the schema's input shape. */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((k) => [k, arbitraryOf(shape[k]!)]));
      // A field that may be absent is sometimes left out, as a real client would.
      const requiredKeys = keys.filter(
        (k) => (shape[k] as unknown as { _zod: { optin?: string } })._zod.optin !== 'optional',
      );
      return fc.record(model, { requiredKeys });
    }
    case 'array': {
      let minLength = 0;
      let maxLength = MAX_GENERATED_LENGTH;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') minLength = c.minimum ?? 0;
        if (c.check === 'max_length') maxLength = Math.min(c.maximum ?? maxLength, maxLength);
      }
      return fc.array(arbitraryOf(def.element!), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map(arbitraryOf));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryOf(def.innerType!);
    case 'pipe': {
      // The input side, and sometimes the output side: a number where a digit string goes.
      const out = defOf(def.out!);
      return out.type === 'transform' || out.type === 'pipe'
        ? arbitraryOf(def.in!)
        : fc.oneof({ weight: 3, arbitrary: arbitraryOf(def.in!) }, arbitraryOf(def.out!));
    }
    case 'transform':
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryOf(def.valueType!), {
        maxKeys: 4,
      });
    case 'lazy':
      return arbitraryOf(def.getter!());
    default:
      return fc.constant(undefined);
  }
}

// --- hostile mutations --------------------------------------------------------------------

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\r\n', '\t'];

/** Values that have broken servers before: control bytes, int4 overflow, wrong types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_VALUE,
    -1,
    0,
    1.5,
    '2147483648',
    '99999999999999999999',
    '-0',
    '1e400',
    'NaN',
    '',
    ' ',
    true,
    null,
    [],
    {},
    [null],
    { $gt: '' },
    '__proto__',
    "'; drop table users; --",
    '../../../etc/passwd',
    '\ud800',
  ),
  fc.integer({ min: 1, max: 40_000 }).map((n) => 'x'.repeat(n)),
  // Distinct objects: a later change to one line must not reach them all.
  fc
    .integer({ min: 100, max: 1_200 })
    .map((n) =>
      Array.from({ length: n }, (_, i) => ({ quantity: 999, size: '4', type: '1', name: `C${i}` })),
    ),
);

/** Every path to a value inside a JSON value. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  }
  if (value && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  }
  return [prefix];
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (path.length === 0) return remove ? undefined : value;
  const copy: unknown = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove && Array.isArray(node)) node.splice(Number(last), 1);
  else if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/**
 * A body from the schema, then 0 to 3 hostile changes: a value anywhere replaced (control
 * characters, 2^31, wrong types, huge strings and lists), a field removed, or the whole body
 * swapped for something that is not an object.
 */
export function hostile(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const change = fc.record({ pick: fc.nat(), remove: fc.boolean(), value: hostileValue });
  return fc.tuple(base, fc.array(change, { maxLength: 3 })).map(([body, changes]) => {
    let out: unknown = body === undefined ? {} : body;
    for (const c of changes) {
      const paths = pathsOf(out);
      const path = paths[c.pick % paths.length]!;
      out = setAt(out, path, c.value, c.remove && path.length > 0);
    }
    return out;
  });
}
