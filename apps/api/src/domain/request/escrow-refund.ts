import { account } from '../money/ledger';
import type { MovementPurpose } from '../money/movements';
import { refundAllocation } from '../money/refunds';
import type { CommandContext } from './command';

/**
 * Reserves the refunds of `amountCents` from the request's escrow to its customer's card, one
 * movement per charge it goes back through (refundAllocation).
 */
export async function reserveEscrowRefund(
  ctx: CommandContext,
  opts: { customerId: number; amountCents: number; purpose: MovementPurpose },
): Promise<void> {
  const plan = await refundAllocation(ctx.tx, ctx.request.id, opts.amountCents);
  for (const part of plan) {
    await ctx.reserve({
      kind: 'refund',
      amountCents: part.amountCents,
      customerId: opts.customerId,
      chargePaymentId: part.chargePaymentId,
      entries: [
        { account: account.escrow(ctx.request.id), amountCents: -part.amountCents },
        { account: account.customerCard(opts.customerId), amountCents: part.amountCents },
      ],
      purpose: opts.purpose,
    });
  }
}
