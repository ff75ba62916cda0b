import type { z } from 'zod';

/*
 * The string fields of a schema, found by walking its definition (zod 4's `_zod.def`): every
 * place a client may put text. The tests hold each one to the safe-text rule and the fuzz test
 * sends hostile text to each (apps/api/test/string-fields.test.ts).
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * One string field: where it is (array items at index 0) and the schema of the whole field at
 * that place, which is what judges a value there (a number sent as a digit string is a string
 * leaf inside a union with a transform: the field, not the leaf, refuses a NUL).
 */
export interface StringField {
  path: (string | number)[];
  schema: z.ZodType;
}

/** Every string field of `schema`, each path once (a union's options may share one). */
export function stringFieldsOf(schema: z.ZodType): StringField[] {
  const found = new Map<string, StringField>();
  const walk = (node: z.ZodType, path: (string | number)[], field: z.ZodType): void => {
    const def = defOf(node);
    switch (def.type) {
      case 'string':
        found.set(path.join('.'), { path, schema: field });
        return;
      case 'object':
        for (const [key, value] of Object.entries(def.shape ?? {})) {
          walk(value, [...path, key], value);
        }
        return;
      case 'array':
        walk(def.element!, [...path, 0], def.element!);
        return;
      case 'record':
        walk(def.valueType!, [...path, 'key'], def.valueType!);
        return;
      case 'union':
        for (const option of def.options ?? []) walk(option, path, field);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        walk(def.innerType!, path, field);
        return;
      case 'pipe':
        walk(def.in!, path, field);
        return;
      case 'lazy':
        walk(def.getter!(), path, field);
        return;
      default:
        return;
    }
  };
  walk(schema, [], schema);
  return [...found.values()];
}
