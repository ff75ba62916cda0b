import { z } from 'zod';
import { safeString } from './primitives';

/*
 * Field readers for payloads that the web app sends as form values: numbers may arrive as
 * strings, flags as 0/1 or 'true'. One definition each, used by every wire schema; the bounded
 * ones (ids, quantities, flights, text, money) are in primitives.ts.
 */

/** A code that the web app may send as a string or a number; read as its string form. */
export const stringCode = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .pipe(z.enum(values, { error: message }));

/** A yes/no field that the web app may send as a boolean, 0/1 or '0'/'1'/'true'/'false'. */
export const flag = z
  .union([z.boolean(), z.number(), safeString(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A coordinate sent as a number or a numeric string; empty reads as unknown (null). */
export const coordinate = (max: number, message: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v == null || v === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n) || Math.abs(n) > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
