/**
 * Money rules of spec/portal.md §9 and spec/request-lifecycle.md §9. Amounts inside are integer
 * cents; the wire shows dollars. Every function here is pure and rounds once, at the end.
 */

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** discounted price = final × (1 − discount / 100), in cents. */
export function discountedCents(finalCents: number, discountPercent: number): number {
  if (discountPercent <= 0) return finalCents;
  return Math.round((finalCents * (100 - Math.min(discountPercent, 100))) / 100);
}

/**
 * The card processing fee (2.9% plus 30 cents, passed on so that the net equals the amount):
 * fee = (amount + 0.30) / 0.971 − amount, rounded to 2 decimals, on the amount after the
 * percent discount.
 */
export function processingFeeCents(amountCents: number, discountPercent = 0): number {
  const base = discountedCents(amountCents, discountPercent);
  if (base <= 0) return 0;
  return Math.round((base + 30) / 0.971 - base);
}

/** What the payment screen shows and make_payment charges, all in cents. */
export interface PaymentBreakdown {
  /** The accepted bid's amount (Final Price). */
  finalCents: number;
  discountPercent: number;
  /** After the percent discount (Discounted Price); equal to finalCents without a discount. */
  discountedCents: number;
  /** The processing fee on the discounted amount. */
  feeCents: number;
  /** What the card is charged: the discounted amount plus the fee. */
  totalCents: number;
}

/**
 * The payment of an accepted request (spec §2 Payment, §9): the discounted amount goes into
 * escrow, the processing fee on top of it to the platform; the card is charged their sum.
 */
export function paymentBreakdown(finalCents: number, discountPercent: number): PaymentBreakdown {
  const discounted = discountedCents(finalCents, discountPercent);
  const feeCents = processingFeeCents(finalCents, discountPercent);
  return {
    finalCents,
    discountPercent,
    discountedCents: discounted,
    feeCents,
    totalCents: discounted + feeCents,
  };
}

export const TIP_PERCENTS = [0, 12, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** A tip of 0/12/15/20 % of the discounted final amount, in whole dollars (returned in cents). */
export function tipCents(finalCents: number, discountPercent: number, percent: TipPercent): number {
  const base = discountedCents(finalCents, discountPercent);
  return Math.round((base * percent) / 100 / 100) * 100;
}

/** A custom tip: digits only, no negatives; whole or with cents. Null when not a valid amount. */
export function parseCustomTipCents(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  return toCents(Number(trimmed));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The one money formatter: '$1,234.50'. With `trimZeroCents` a whole amount drops its '.00'
 * ('$1,234'), as the estimate's whole-dollar bounds are shown (spec/portal.md §4).
 */
export function formatUsd(cents: number, options: { trimZeroCents?: boolean } = {}): string {
  const text = usd.format(toDollars(cents));
  return options.trimZeroCents ? text.replace(/\.00$/, '') : text;
}
