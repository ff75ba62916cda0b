import { describe, expect, it } from 'vitest';
import { assertBalanced, UnbalancedError } from './ledger';

describe('assertBalanced', () => {
  it('takes non-zero whole cents that sum to zero, two lines at least', () => {
    expect(() =>
      assertBalanced([
        { account: 'customer_card:1', amountCents: -51_524 },
        { account: 'escrow:1', amountCents: 50_000 },
        { account: 'platform_fees', amountCents: 1_524 },
      ]),
    ).not.toThrow();
  });

  it.each([
    ['one line', [{ account: 'a', amountCents: 0 }]],
    [
      'a sum other than zero',
      [
        { account: 'a', amountCents: 5 },
        { account: 'b', amountCents: -4 },
      ],
    ],
    [
      'a fraction of a cent',
      [
        { account: 'a', amountCents: 0.5 },
        { account: 'b', amountCents: -0.5 },
      ],
    ],
    [
      'a zero line',
      [
        { account: 'a', amountCents: 0 },
        { account: 'b', amountCents: 0 },
      ],
    ],
  ])('refuses %s', (_what, entries) => {
    expect(() => assertBalanced(entries)).toThrow(UnbalancedError);
  });
});
