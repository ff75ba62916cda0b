import { errorEnvelopeSchema, toDollars } from '@movehub/shared';
import type { z } from 'zod';

/** Response schemas of a route: its success body plus the error envelope for the failures it can give. */
export function responses<T extends z.ZodType>(ok: T, ...failures: number[]) {
  const out: Record<number, z.ZodType> = { 200: ok };
  for (const code of [422, 500, ...failures]) out[code] = errorEnvelopeSchema;
  return out as { 200: T } & Record<number, z.ZodType>;
}

/** Dollars on the wire, integer cents inside. */
export function centsToDollars(cents: number | null): number | null {
  return cents == null ? null : toDollars(cents);
}
