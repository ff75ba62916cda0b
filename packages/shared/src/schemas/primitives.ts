import { z } from 'zod';
import {
  INT4_MAX,
  MAX_FLIGHTS,
  MAX_ITEM_LINES,
  MAX_MONEY_DOLLARS,
  MAX_TOTAL_QUANTITY,
} from '../constants';
import { QUANTITY_MAX } from '../rules/wizard-items';

/*
 * The building blocks of every wire schema. Each one refuses, with a 422 that names the field,
 * a value that the database would otherwise refuse as a fault: text with a NUL or another
 * control character, an id outside PostgreSQL's integer, a count or amount whose product
 * overflows a column. The limits are the constants in ../constants.ts, which the web app shows.
 */

/** 'address_array.0.city' for an issue's path; 'value' at the top. */
export function fieldName(path: readonly PropertyKey[] | undefined): string {
  const parts = (path ?? []).map(String);
  return parts.length > 0 ? parts.join('.') : 'value';
}

/**
 * C0 controls, DEL and C1 controls. PostgreSQL refuses NUL in text outright; the others are never
 * typed, only injected. Multi-line fields (comments, details) keep tab, line feed and return.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(text);
}

export const controlCharactersMessage = (path?: readonly PropertyKey[]) =>
  `${fieldName(path)} must not contain control characters.`;

/**
 * Half of a surrogate pair without the other: not a character, and not storable as UTF-8 (the
 * database would keep a replacement character in its place), so never text a person typed.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * A string without control characters: the base of every text field on the wire. Chain the
 * field's own rules after it (trim, max, regex); this check runs first, so its message wins.
 */
export const safeString = (opts: { multiline?: boolean; error?: string } = {}) =>
  z
    .string(opts.error ? { error: opts.error } : undefined)
    .refine((v) => !hasControlCharacters(v, opts.multiline), {
      error: (issue) => controlCharactersMessage(issue.path),
    })
    .refine((v) => !hasLoneSurrogate(v), {
      error: (issue) => `${fieldName(issue.path)} must be valid text.`,
    });

/** Free text, trimmed, at most `max` characters: names of things, addresses, comments. */
export const safeText = (max: number, opts: { multiline?: boolean } = {}) =>
  safeString(opts)
    .trim()
    .max(max, { error: (issue) => `${fieldName(issue.path)} must be at most ${max} characters.` });

/**
 * A whole number from `min` to `max`, sent as a number or a digit string (the web app sends form
 * values). `message` is the field's own text when it has one; otherwise the range is named.
 */
export const boundedInt = (min: number, max: number, message?: string) => {
  const error = (issue: { path?: PropertyKey[] }) =>
    message ?? `${fieldName(issue.path)} must be a whole number from ${min} to ${max}.`;
  return z
    .union(
      [
        z.number(),
        safeString()
          .trim()
          .regex(/^-?\d+$/, { error }),
      ],
      { error },
    )
    .transform(Number)
    .pipe(
      z
        .number({ error })
        .int({ error, abort: true })
        .min(min, { error, abort: true })
        .max(max, { error }),
    );
};

/**
 * A row id: 1 to 2^31 − 1, PostgreSQL's integer (serial) range. A larger id cannot name a row,
 * and would otherwise reach the database as an out-of-range fault.
 */
export const idSchema = (message?: string) => boundedInt(1, INT4_MAX, message);

/** spec §5 quantities: whole, 0 (the search list's minimum) to 999. */
export const quantitySchema = (message?: string) => boundedInt(0, QUANTITY_MAX, message);

/** Flights of stairs at one address (spec §5 step 1: not below 0), at most MAX_FLIGHTS. */
export const flightsSchema = (message?: string) => boundedInt(0, MAX_FLIGHTS, message);

/** A list of at most `max` entries, with a message that names the field and the limit. */
export const boundedArray = <T extends z.ZodType>(element: T, max: number, what = 'entries') =>
  z.array(element).max(max, {
    error: (issue) => `${fieldName(issue.path)} may hold at most ${max} ${what}.`,
  });

/**
 * The items of one request: at most MAX_ITEM_LINES lines and MAX_TOTAL_QUANTITY pieces in all.
 * With QUANTITY_MAX a line, these keep the estimate (and the recommended amount stored in
 * integer cents) far inside the column's range; see rules/estimate.ts.
 */
export const itemLines = <T extends z.ZodType<{ quantity: number }, unknown>>(element: T) =>
  boundedArray(element, MAX_ITEM_LINES, 'items').refine(
    (lines) => lines.reduce((sum, line) => sum + line.quantity, 0) <= MAX_TOTAL_QUANTITY,
    { error: () => totalQuantityMessage },
  );
export const totalQuantityMessage = `A move may hold at most ${MAX_TOTAL_QUANTITY.toLocaleString('en-US')} items in all.`;

/**
 * Dollars sent as a number or a numeric string with at most 2 decimals, 0 to MAX_MONEY_DOLLARS:
 * stored as integer cents, which then stay inside the column's range.
 */
export const dollarsSchema = (message: string) =>
  z
    .union(
      [
        z.number(),
        safeString()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number({ error: message }).min(0, message).max(MAX_MONEY_DOLLARS, message));
