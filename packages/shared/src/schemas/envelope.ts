import { z } from 'zod';

/** Every response body is `{ code, message, ...payload }`; the HTTP status equals `code`. */
export const envelope = <T extends z.ZodRawShape>(payload: T) =>
  z.object({ code: z.number().int(), message: z.string(), ...payload });

export const errorEnvelopeSchema = z
  .object({
    code: z.number().int(),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const okEnvelopeSchema = envelope({});

/** Form fields often arrive as strings or numbers; this accepts both for a small integer code. */
export const intCode = (values: readonly number[], message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(n) || !values.includes(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
