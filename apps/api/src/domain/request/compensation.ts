import { and, eq } from 'drizzle-orm';
import { formatUsd } from '@movehub/shared';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { PaymentRow } from '../money/movements';
import type { CommandContext } from './command';

export const COMPENSATION_TEXT = {
  /** The answer to the call whose charge was given back. */
  notApplied:
    'This request changed while your payment was made, so it could not be used: the charge is being refunded to your card.',
  refunded: (amount: string, requestId: number) =>
    `A charge of ${amount} for request #${requestId} could not be used and is being refunded to your card.`,
} as const;

/**
 * A charge that posted when what it was for no longer applied (the customer is never charged for
 * what they did not get): its ledger lines are reversed by a refund of the whole charge, asked of
 * the provider after the commit, and the customer is told.
 */
export async function compensate(ctx: CommandContext, charge: PaymentRow): Promise<void> {
  ctx.gaveBack = true;
  const lines = await ctx.tx
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerTransactions.paymentId, charge.id), eq(ledgerTransactions.status, 'posted')),
    );
  await ctx.reserve({
    kind: 'refund',
    amountCents: charge.amountCents,
    customerId: charge.customerId,
    chargePaymentId: charge.id,
    entries: lines.map((l) => ({ account: l.account, amountCents: -l.amountCents })),
    purpose: { type: 'compensation', chargePaymentId: charge.id },
  });
  if (charge.customerId !== null) {
    ctx.emit({
      type: 'request.payment_failed',
      notices: [
        {
          userId: charge.customerId,
          message: COMPENSATION_TEXT.refunded(formatUsd(charge.amountCents), ctx.request.id),
        },
      ],
    });
  }
}
