import { and, eq, isNull, or } from 'drizzle-orm';
import { REFERRAL_DISCOUNT_PERCENT } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { referrals } from '../../db/schema';

/**
 * The referral discount of a referred customer's first accepted move (spec §9: 5% off a friend's
 * first move). Called by bid acceptance inside its transaction; returns the percent to store on
 * the request: REFERRAL_DISCOUNT_PERCENT when this request gets it, 0 otherwise.
 *
 * One conditional UPDATE decides: it claims the discount only while it is unspent (or already
 * spent on this same request, so a retry gives the same answer). Two requests racing for it
 * serialise on the row lock, and PostgreSQL re-checks the WHERE for the second one, which then
 * matches nothing: exactly one request gets the discount.
 */
export async function claimReferralDiscount(opts: {
  db: Tx;
  customerId: number;
  requestId: number;
}): Promise<number> {
  const claimed = await opts.db
    .update(referrals)
    .set({ discountRequestId: opts.requestId })
    .where(
      and(
        eq(referrals.referredId, opts.customerId),
        or(isNull(referrals.discountRequestId), eq(referrals.discountRequestId, opts.requestId)),
      ),
    )
    .returning({ referredId: referrals.referredId });
  return claimed.length > 0 ? REFERRAL_DISCOUNT_PERCENT : 0;
}
