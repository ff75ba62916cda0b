import { describe, expect, it } from 'vitest';
import { TimelineStatus } from '../enums';
import { canProposeChange, changeNeedsPayment, editNeedsCompanyPrice } from '../rules/changes';
import {
  changeConfirmationBodySchema,
  priceChangeBodySchema,
  proposeChangeBodySchema,
} from './changes';

const T = TimelineStatus;

describe('canProposeChange', () => {
  it('opens a marketplace request from acceptance (2) until the company completes it (6)', () => {
    const at = (s: number) => canProposeChange({ request_timeline_status: s, request_type: 0 });
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 11].filter(at)).toEqual([2, 3, 4, 5]);
  });

  it('opens a direct request from its start, and never a closed one', () => {
    const at = (s: number, request_status = 0) =>
      canProposeChange({ request_timeline_status: s, request_type: 1, request_status });
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 11].filter((s) => at(s))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(at(T.paid, 2)).toBe(false);
  });
});

describe('editNeedsCompanyPrice', () => {
  it('sends the edits of a paid direct request to its company for a price, and no other edit', () => {
    const at = (s: number, request_type: number) =>
      editNeedsCompanyPrice({ request_timeline_status: s, request_type });
    expect([0, 1, 2, 3, 4, 5].filter((s) => at(s, 1))).toEqual([3, 4, 5]);
    expect([0, 1, 2].filter((s) => at(s, 0))).toEqual([]);
  });
});

describe('priceChangeBodySchema', () => {
  it('prices only the kinds of change a customer edits, by the id listed, in signed dollars', () => {
    const body = { request_id: 4, type: 'items', change_id: 9, price: '-12.50' };
    expect(priceChangeBodySchema.parse(body)).toEqual({ ...body, price: -12.5 });
    expect(priceChangeBodySchema.safeParse({ ...body, type: 'request' }).success).toBe(false);
    expect(priceChangeBodySchema.safeParse({ ...body, price: '5$' }).success).toBe(false);
    const { change_id: _listed, ...withoutId } = body;
    expect(priceChangeBodySchema.safeParse(withoutId).success).toBe(false);
  });
});

describe('changeNeedsPayment', () => {
  it('asks for money from status 3 and only for a price other than 0 (spec §9)', () => {
    expect(changeNeedsPayment(T.awaitingPayment, 500)).toBe(false);
    expect(changeNeedsPayment(T.paid, 0)).toBe(false);
    expect(changeNeedsPayment(T.paid, 500)).toBe(true);
    expect(changeNeedsPayment(T.inProgress, -500)).toBe(true);
  });
});

describe('proposeChangeBodySchema', () => {
  it('takes a request change with a window and a negative price as a string', () => {
    const parsed = proposeChangeBodySchema.parse({
      request_id: 3,
      type: 'request',
      s_time: '10:00 - 12:00',
      movers: '4',
      price: '-12.50',
    });
    expect(parsed).toMatchObject({
      type: 'request',
      movers: 4,
      price: -12.5,
      s_time: '10:00 - 12:00',
    });
  });

  it('keeps only extra items with a quantity above 0', () => {
    const parsed = proposeChangeBodySchema.parse({
      request_id: 3,
      type: 'extra-items',
      items_array: [
        { name: 'Tape', type: '2', quantity: 0 },
        { name: 'Boxes', type: '2', quantity: 5 },
      ],
      price: 0,
    });
    expect(parsed.type === 'extra-items' && parsed.items_array.map((l) => l.name)).toEqual([
      'Boxes',
    ]);
  });

  it('refuses a price with more than two decimals and an unknown type', () => {
    expect(
      proposeChangeBodySchema.safeParse({
        request_id: 3,
        type: 'request',
        movers: 3,
        price: '1.005',
      }).success,
    ).toBe(false);
    expect(
      proposeChangeBodySchema.safeParse({ request_id: 3, type: 'roof', price: 1 }).success,
    ).toBe(false);
  });
});

describe('changeConfirmationBodySchema', () => {
  it("reads an empty price as 0 and status '1' / '0' as numbers", () => {
    expect(changeConfirmationBodySchema.parse({ request_id: 1, status: '1', price: '' })).toEqual({
      request_id: 1,
      status: 1,
      price: 0,
    });
    expect(changeConfirmationBodySchema.parse({ request_id: 1, status: '0' }).status).toBe(0);
    expect(changeConfirmationBodySchema.safeParse({ request_id: 1, status: '2' }).success).toBe(
      false,
    );
  });
});
