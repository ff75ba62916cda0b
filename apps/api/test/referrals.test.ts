import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REFERRAL_DISCOUNT_PERCENT } from '@movehub/shared';
import { referrals } from '../src/db/schema';
import { claimReferralDiscount } from '../src/modules/referrals/referrals.service';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/** A customer who signed up with a friend's code, and `count` requests of theirs. */
async function referredCustomer(count = 2) {
  const referrer = await createUser(ctx.database);
  const customer = await createUser(ctx.database, { referredById: referrer.id });
  await ctx.database.db.insert(referrals).values({
    referredId: customer.id,
    referrerId: referrer.id,
    code: referrer.inviteFriendCode!,
  });
  const requests = [];
  for (let i = 0; i < count; i++) {
    requests.push(await createRequest(ctx.database, { customerId: customer.id }));
  }
  return { customer, requests };
}

async function spentOn(customerId: number) {
  const [row] = await ctx.database.db
    .select({ requestId: referrals.discountRequestId })
    .from(referrals)
    .where(eq(referrals.referredId, customerId));
  return row?.requestId;
}

const claim = (customerId: number, requestId: number) =>
  ctx.database.db.transaction((tx) => claimReferralDiscount({ db: tx, customerId, requestId }));

describe('claimReferralDiscount', () => {
  it('gives a referred customer 5% once, on the first request that claims it', async () => {
    const { customer, requests } = await referredCustomer(2);
    const [first, second] = requests;
    expect(await claim(customer.id, first!.id)).toBe(REFERRAL_DISCOUNT_PERCENT);
    expect(REFERRAL_DISCOUNT_PERCENT).toBe(5);
    expect(await spentOn(customer.id)).toBe(first!.id);
    expect(await claim(customer.id, second!.id)).toBe(0);
    expect(await spentOn(customer.id)).toBe(first!.id);
  });

  it('is idempotent for the same request (a retried acceptance gets the same answer)', async () => {
    const { customer, requests } = await referredCustomer(1);
    expect(await claim(customer.id, requests[0]!.id)).toBe(5);
    expect(await claim(customer.id, requests[0]!.id)).toBe(5);
    expect(await spentOn(customer.id)).toBe(requests[0]!.id);
  });

  it('gives 0 to a customer who was not referred', async () => {
    const customer = await createUser(ctx.database);
    const request = await createRequest(ctx.database, { customerId: customer.id });
    expect(await claim(customer.id, request.id)).toBe(0);
  });

  it('gives 0 to the referrer: the discount is the invited friend’s', async () => {
    const referrer = await createUser(ctx.database);
    const friend = await createUser(ctx.database, { referredById: referrer.id });
    await ctx.database.db
      .insert(referrals)
      .values({ referredId: friend.id, referrerId: referrer.id, code: referrer.inviteFriendCode! });
    const request = await createRequest(ctx.database, { customerId: referrer.id });
    expect(await claim(referrer.id, request.id)).toBe(0);
  });

  it('leaves the discount unspent when the acceptance that claimed it rolls back', async () => {
    const { customer, requests } = await referredCustomer(2);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        expect(
          await claimReferralDiscount({
            db: tx,
            customerId: customer.id,
            requestId: requests[0]!.id,
          }),
        ).toBe(5);
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    expect(await spentOn(customer.id)).toBeNull();
    expect(await claim(customer.id, requests[1]!.id)).toBe(5);
  });

  it('makes a second claim wait for the first one’s transaction and then gives it 0', async () => {
    const { customer, requests } = await referredCustomer(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstClaimed!: () => void;
    const claimedInFirst = new Promise<void>((resolve) => (firstClaimed = resolve));
    const first = ctx.database.db.transaction(async (tx) => {
      const percent = await claimReferralDiscount({
        db: tx,
        customerId: customer.id,
        requestId: requests[0]!.id,
      });
      firstClaimed();
      await held; // the row stays locked, the claim uncommitted
      return percent;
    });
    await claimedInFirst;
    const second = claim(customer.id, requests[1]!.id);
    setTimeout(release, 150);
    expect(await first).toBe(5);
    expect(await second).toBe(0);
    expect(await spentOn(customer.id)).toBe(requests[0]!.id);
  });

  it('gives exactly one 5 when several acceptances race for it', async () => {
    const { customer, requests } = await referredCustomer(6);
    const results = await Promise.all(requests.map((r) => claim(customer.id, r.id)));
    expect(results.filter((p) => p === 5)).toHaveLength(1);
    expect(results.filter((p) => p === 0)).toHaveLength(5);
    const winner = requests[results.indexOf(5)]!;
    expect(await spentOn(customer.id)).toBe(winner.id);
  });
});
