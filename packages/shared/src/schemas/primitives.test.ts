import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INT4_MAX,
  MAX_FLIGHTS,
  MAX_ITEM_LINES,
  MAX_MONEY_DOLLARS,
  MAX_TOTAL_QUANTITY,
} from '../constants';
import {
  dollarsSchema,
  flightsSchema,
  hasControlCharacters,
  idSchema,
  itemLines,
  quantitySchema,
  safeString,
  safeText,
  totalQuantityMessage,
} from './primitives';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('text without control characters', () => {
  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t'])(
    'refuses %j in a single-line field, naming the field',
    (char) => {
      const schema = z.object({ address: z.object({ city: safeText(100) }) });
      const result = schema.safeParse({ address: { city: `Los${char}Angeles` } });
      expect(result.success).toBe(false);
      expect(messages(result)).toContain('address.city must not contain control characters.');
    },
  );

  it('keeps line breaks and tabs in multi-line text, but not NUL', () => {
    const comment = safeText(2000, { multiline: true });
    expect(comment.parse('First line\r\n\tsecond line')).toBe('First line\r\n\tsecond line');
    expect(comment.safeParse('a\u0000b').success).toBe(false);
  });

  it('accepts ordinary text, accents and emoji', () => {
    expect(safeString().parse('Zoë’s café 🚚 #2')).toBe('Zoë’s café 🚚 #2');
    expect(hasControlCharacters('plain text')).toBe(false);
  });

  it('puts the control-character message first, before the field rules', () => {
    const schema = z.object({ zip: safeString().regex(/^\d{5}$/, 'Zip!') });
    expect(messages(schema.safeParse({ zip: '9\u000012' }))[0]).toBe(
      'zip must not contain control characters.',
    );
  });

  it('names the limit when the text is too long', () => {
    const schema = z.object({ name: safeText(3) });
    expect(messages(schema.safeParse({ name: 'abcd' }))).toEqual([
      'name must be at most 3 characters.',
    ]);
  });
});

describe('ids within PostgreSQL integer range', () => {
  const schema = z.object({ id: idSchema() });
  it.each([1, '42', INT4_MAX, String(INT4_MAX)])('accepts %j', (id) => {
    expect(schema.parse({ id }).id).toBe(Number(id));
  });
  it.each([0, -1, 2 ** 31, '2147483648', 2 ** 53, '99999999999999999999', 1.5, '1e3', true])(
    'refuses %j with the range',
    (id) => {
      expect(messages(schema.safeParse({ id }))).toEqual([
        `id must be a whole number from 1 to ${INT4_MAX}.`,
      ]);
    },
  );
  it('refuses a digit string with a NUL', () => {
    expect(messages(schema.safeParse({ id: '1\u00002' }))[0]).toBe(
      'id must not contain control characters.',
    );
  });
  it('uses the field message when given', () => {
    expect(messages(idSchema('Pick one.').safeParse(2 ** 31))).toEqual(['Pick one.']);
  });
});

describe('bounded quantities, flights and money', () => {
  it('takes quantities from 0 to 999', () => {
    expect(quantitySchema().parse('999')).toBe(999);
    expect(quantitySchema().safeParse(1000).success).toBe(false);
    expect(quantitySchema().safeParse(-1).success).toBe(false);
  });

  it(`takes flights from 0 to ${MAX_FLIGHTS}`, () => {
    expect(flightsSchema().parse(MAX_FLIGHTS)).toBe(MAX_FLIGHTS);
    expect(messages(z.object({ f: flightsSchema() }).safeParse({ f: MAX_FLIGHTS + 1 }))).toEqual([
      `f must be a whole number from 0 to ${MAX_FLIGHTS}.`,
    ]);
  });

  it('takes money up to the ceiling, with at most two decimals', () => {
    const money = dollarsSchema('Bad amount.');
    expect(money.parse('12.50')).toBe(12.5);
    expect(money.parse(MAX_MONEY_DOLLARS)).toBe(MAX_MONEY_DOLLARS);
    expect(money.safeParse(MAX_MONEY_DOLLARS + 0.01).success).toBe(false);
    expect(money.safeParse('1.234').success).toBe(false);
    // The ceiling in cents fits the integer columns.
    expect(MAX_MONEY_DOLLARS * 100).toBeLessThanOrEqual(INT4_MAX);
  });

  it('bounds the item lines and the pieces of a request', () => {
    const lines = itemLines(z.object({ quantity: quantitySchema() }));
    const full = Array.from({ length: MAX_TOTAL_QUANTITY / 500 }, () => ({ quantity: 500 }));
    expect(lines.safeParse(full).success).toBe(true);
    expect(messages(lines.safeParse([...full, { quantity: 1 }]))).toEqual([totalQuantityMessage]);
    const tooMany = Array.from({ length: MAX_ITEM_LINES + 1 }, () => ({ quantity: 0 }));
    expect(messages(lines.safeParse(tooMany))[0]).toMatch(`at most ${MAX_ITEM_LINES} items`);
  });
});
