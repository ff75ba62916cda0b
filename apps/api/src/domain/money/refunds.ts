import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { payments } from '../../db/schema';

/**
 * Which charges a refund of `amountCents` goes back through: a provider refunds at most what one
 * charge took less what was refunded from it already (pending refunds count), so a refund larger
 * than any one charge (the escrow of a move whose change was charged apart) is split, newest
 * charge first. Read under the request's lock.
 */
export async function refundAllocation(
  tx: Transaction,
  requestId: number,
  amountCents: number,
): Promise<{ chargePaymentId: number; amountCents: number }[]> {
  const charges = await tx
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      refunded: sql<number>`coalesce((
        select sum(r.amount_cents) from payments r
        where r.charge_payment_id = ${payments.id} and r.status in ('pending', 'succeeded')), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        eq(payments.kind, 'hold'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(desc(payments.id));
  const plan = planRefund(charges, amountCents);
  if (!plan) throw new Error(`request ${requestId}: the refund is covered by no charge`);
  return plan;
}

/**
 * How a refund of `amountCents` is split over charges (newest first): from each, at most what it
 * took less what was refunded from it already. Null when the charges cannot cover it.
 */
export function planRefund(
  charges: readonly { id: number; amountCents: number; refunded: number }[],
  amountCents: number,
): { chargePaymentId: number; amountCents: number }[] | null {
  const plan: { chargePaymentId: number; amountCents: number }[] = [];
  let left = amountCents;
  for (const charge of charges) {
    if (left <= 0) break;
    const take = Math.min(left, charge.amountCents - charge.refunded);
    if (take <= 0) continue;
    plan.push({ chargePaymentId: charge.id, amountCents: take });
    left -= take;
  }
  return left > 0 ? null : plan;
}
