import { describe, expect, it } from 'vitest';
import { planRefund } from './refunds';

describe('planRefund', () => {
  const payment = { id: 1, amountCents: 51_524, refunded: 0 };
  const change = { id: 2, amountCents: 10_000, refunded: 0 };

  it('gives a refund back through the newest charge that covers it', () => {
    expect(planRefund([change, payment], 5_000)).toEqual([
      { chargePaymentId: 2, amountCents: 5_000 },
    ]);
  });

  it('splits a refund larger than any one charge, newest first', () => {
    expect(planRefund([change, payment], 60_000)).toEqual([
      { chargePaymentId: 2, amountCents: 10_000 },
      { chargePaymentId: 1, amountCents: 50_000 },
    ]);
  });

  it('takes from a charge only what was not refunded from it already', () => {
    expect(planRefund([{ ...change, refunded: 10_000 }, payment], 20_000)).toEqual([
      { chargePaymentId: 1, amountCents: 20_000 },
    ]);
  });

  it('refuses a refund the charges cannot cover', () => {
    expect(planRefund([change, { ...payment, refunded: 50_000 }], 12_000)).toBeNull();
    expect(planRefund([], 1)).toBeNull();
  });
});
