import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { MSG, TimelineStatus, UserType } from '@movehub/shared';
import { GatewayError, withTimeout, type PaymentGateway } from '../src/adapters/payments/gateway';
import type { StripeGateway } from '../src/adapters/payments/stripe-gateway';
import {
  ledgerEntries,
  ledgerTransactions,
  payments,
  requests,
  sandboxOperations,
} from '../src/db/schema';
import { account, balanceOf } from '../src/modules/payments/ledger';
import { STALE_CLAIM_MS } from '../src/modules/payments/payments.service';
import { buildTestApp, createRequest, createUser, loginAs, type TestContext } from './helper';

/*
 * The payment provider failing mid-payment changes nothing, and a provider's notice delivered
 * twice applies once. The provider is faulted at the adapter boundary: a decorator around the
 * real sandbox gateway that throws, never answers (cut by the adapter's own time-out), or
 * charges and then loses the answer. Runs on PGlite and on PostgreSQL.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** How long the faulty provider is given before the adapter's time-out answers for it. */
const PROVIDER_TIMEOUT_MS = 200;

type Fault = 'throws' | 'never answers' | 'charges, answer lost';

/**
 * Replaces the app's gateway charge with a faulty one for one call, the real sandbox behind it:
 * - throws: the provider's error on the way (nothing charged);
 * - never answers: the call hangs, and the adapter's time-out gives up on it;
 * - charges, answer lost: the provider charges, then the answer times out on the way back.
 */
async function withFaultyProvider<T>(fault: Fault, run: () => Promise<T>): Promise<T> {
  const gateway: PaymentGateway = ctx.app.payments;
  const charge = gateway.charge.bind(gateway);
  gateway.charge = (opts) => {
    if (fault === 'throws') {
      return Promise.reject(new GatewayError('unavailable', 'connection reset by the provider'));
    }
    const answer =
      fault === 'never answers'
        ? new Promise<never>(() => undefined)
        : charge(opts).then(() => new Promise<never>(() => undefined));
    return withTimeout(answer, PROVIDER_TIMEOUT_MS);
  };
  try {
    return await run();
  } finally {
    gateway.charge = charge;
  }
}

const CARD = {
  card_holder_name: 'Rosa Diaz',
  exp_date: '12/34',
  cvv: '123',
  address_1: '100 S Main St',
  address_2: '',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90012',
};

/** A signed-in customer with a saved card and a request awaiting payment of $200 (+ fee). */
async function payingCustomer() {
  const user = await createUser(ctx.database);
  const token = await loginAs(ctx.app, user.email);
  const call = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });
  const tokenized = await ctx.app.inject({
    method: 'POST',
    url: '/app_api/sandbox/tokens',
    payload: { ...CARD, card_number: '4242 4242 4242 4242' },
  });
  expect((await call('/api/customer/add_card', { token: tokenized.json().token })).statusCode).toBe(
    200,
  );
  const company = await createUser(ctx.database, { userType: UserType.company });
  const request = await createRequest(ctx.database, {
    customerId: user.id,
    timelineStatus: TimelineStatus.awaitingPayment,
    companyId: company.id,
    finalAmountCents: 20_000,
  });
  // $200 + fee = $206.28, the total the screen shows.
  const pay = () => call('/api/customer/make_payment', { request_id: request.id, price: 206.28 });
  return { user, request, pay };
}

async function stateOf(requestId: number) {
  const [row] = await db().select().from(requests).where(eq(requests.id, requestId));
  const ledger = await db()
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.requestId, requestId));
  const holds = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.kind, 'hold')));
  // What the provider actually charged for this request's holds.
  const charges = await db()
    .select({ amountCents: sandboxOperations.amountCents })
    .from(sandboxOperations)
    .where(
      and(
        like(sandboxOperations.idempotencyKey, `${requestId}:hold:%`),
        eq(sandboxOperations.kind, 'charge'),
      ),
    );
  return {
    timelineStatus: row?.timelineStatus,
    ledgerEntries: ledger.length,
    escrowCents: await balanceOf({ db: db(), account: account.escrow(requestId) }),
    holds: holds.map((h) => h.status),
    charges: charges.map((c) => c.amountCents),
  };
}

async function totalOfAllAccounts(): Promise<number> {
  const [row] = await db()
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries);
  return row?.total ?? -1;
}

describe('the provider failing mid-payment', () => {
  it.each<[Fault, number[]]>([
    ['throws', []],
    ['never answers', []],
    // The provider did charge: the retry must find that charge, not make a second one.
    ['charges, answer lost', [20_628]],
  ])(
    'when it %s: the request stays unpaid with no ledger rows and no escrow; the retry pays once',
    async (fault, chargedMeanwhile) => {
      const me = await payingCustomer();
      const started = Date.now();
      const failed = await withFaultyProvider(fault, me.pay);
      // The adapter's time-out bounds the wait; the customer is told plainly, in the envelope.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ code: 500, message: MSG.gatewayUnavailable });
      expect(await stateOf(me.request.id)).toEqual({
        timelineStatus: TimelineStatus.awaitingPayment,
        ledgerEntries: 0,
        escrowCents: 0,
        holds: ['failed'],
        charges: chargedMeanwhile,
      });

      // The customer pays again (same request, same card, same price: the same idempotency key).
      const retried = await me.pay();
      expect(retried.statusCode).toBe(200);
      expect(retried.json().data.request_timeline_status).toBe(TimelineStatus.paid);
      expect(await stateOf(me.request.id)).toEqual({
        timelineStatus: TimelineStatus.paid,
        ledgerEntries: 3,
        escrowCents: 20_000,
        holds: ['succeeded'],
        charges: [20_628],
      });
      // And once more: the answer of a lost reply, nothing charged again.
      const again = await me.pay();
      expect(again.statusCode).toBe(200);
      expect((await stateOf(me.request.id)).charges).toEqual([20_628]);
      expect(await totalOfAllAccounts()).toBe(0);
    },
  );

  it('a retry sent while the lost charge is still being asked about charges nothing twice', async () => {
    const me = await payingCustomer();
    const gateway: PaymentGateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    gateway.charge = async (opts) => {
      await held;
      return charge(opts);
    };
    try {
      const first = me.pay();
      // The first call holds the key at the provider; the double-click meets it there.
      await expect
        .poll(async () => (await stateOf(me.request.id)).holds, { timeout: 10_000 })
        .toEqual(['pending']);
      const second = await me.pay();
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ code: 409, message: MSG.paymentInProgress });
      release();
      expect((await first).statusCode).toBe(200);
    } finally {
      gateway.charge = charge;
    }
    expect(await stateOf(me.request.id)).toMatchObject({ charges: [20_628], escrowCents: 20_000 });
  });
});

/**
 * Leaves the request's hold as a process that died between claiming the key and recording the
 * provider's answer leaves it: pending, last touched `ageMs` ago.
 */
async function claimLeftPending(requestId: number, ageMs: number) {
  await db()
    .update(payments)
    .set({ status: 'pending', error: null, updatedAt: new Date(Date.now() - ageMs) })
    .where(and(eq(payments.requestId, requestId), eq(payments.kind, 'hold')));
}

describe('a claim left pending by a call that died', () => {
  it.each<[Fault, number[]]>([
    ['never answers', []],
    // The provider charged before the process died: the takeover finds that charge.
    ['charges, answer lost', [20_628]],
  ])(
    'when the provider %s and the process dies: a young claim answers 409, an old one is taken over and paid once',
    async (fault, chargedMeanwhile) => {
      const me = await payingCustomer();
      expect((await withFaultyProvider(fault, me.pay)).statusCode).toBe(500);
      await claimLeftPending(me.request.id, 1_000);
      expect((await stateOf(me.request.id)).charges).toEqual(chargedMeanwhile);

      // Still within the provider's time-out: the first call may yet answer.
      const young = await me.pay();
      expect(young.statusCode).toBe(409);
      expect(young.json()).toEqual({ code: 409, message: MSG.paymentInProgress });
      expect(await stateOf(me.request.id)).toMatchObject({
        timelineStatus: TimelineStatus.awaitingPayment,
        holds: ['pending'],
        charges: chargedMeanwhile,
      });

      // Past the provider's time-out (and its margin): no live call holds the key any more.
      await claimLeftPending(me.request.id, STALE_CLAIM_MS + 1_000);
      const retried = await me.pay();
      expect(retried.statusCode).toBe(200);
      expect(retried.json().data.request_timeline_status).toBe(TimelineStatus.paid);
      expect(await stateOf(me.request.id)).toEqual({
        timelineStatus: TimelineStatus.paid,
        ledgerEntries: 3,
        escrowCents: 20_000,
        holds: ['succeeded'],
        charges: [20_628],
      });
      expect(await totalOfAllAccounts()).toBe(0);
    },
  );

  it('two retries at once take an old claim over once and charge once', async () => {
    const me = await payingCustomer();
    expect((await withFaultyProvider('charges, answer lost', me.pay)).statusCode).toBe(500);
    await claimLeftPending(me.request.id, STALE_CLAIM_MS + 1_000);
    const answers = await Promise.all([me.pay(), me.pay(), me.pay()]);
    const codes = answers.map((a) => a.statusCode);
    // One takes the claim over; the others meet it in progress (409) or find it paid (200).
    expect(codes).toContain(200);
    for (const code of codes) expect([200, 409]).toContain(code);
    expect(await stateOf(me.request.id)).toEqual({
      timelineStatus: TimelineStatus.paid,
      ledgerEntries: 3,
      escrowCents: 20_000,
      holds: ['succeeded'],
      charges: [20_628],
    });
    expect(await totalOfAllAccounts()).toBe(0);
  });
});

describe("the provider's notice delivered twice (Stripe webhook)", () => {
  let stripeCtx: TestContext;
  const SECRET = 'whsec_test_faults';
  /** The provider's side: its payment intents by id, as the notice reads them back. */
  const intents = new Map<string, { status: string; key: string }>();

  beforeAll(async () => {
    stripeCtx = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
    const stripe = (stripeCtx.app.payments as StripeGateway).stripe;
    // Stripe's API, offline: the intent the gateway fetches back before believing the notice.
    stripe.paymentIntents.retrieve = (async (id: string) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      return { id, status: intent.status, metadata: { idempotency_key: intent.key } };
    }) as unknown as typeof stripe.paymentIntents.retrieve;
  });
  afterAll(() => stripeCtx.close());

  /** Sends one signed payment_intent event about `intentId`. */
  function deliver(intentId: string, type: string) {
    const payload = JSON.stringify({
      id: `evt_${intentId}`,
      object: 'event',
      type,
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    const stripe = (stripeCtx.app.payments as StripeGateway).stripe;
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return stripeCtx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  /** A payment of ours whose charge went out and whose answer never came back. */
  async function pendingPayment(key: string) {
    const sdb = stripeCtx.database.db;
    const customer = await createUser(stripeCtx.database);
    const request = await createRequest(stripeCtx.database, {
      customerId: customer.id,
      timelineStatus: TimelineStatus.awaitingPayment,
      finalAmountCents: 20_000,
    });
    const idempotencyKey = `${request.id}:hold:${key}`;
    await sdb.insert(payments).values({
      idempotencyKey,
      kind: 'hold',
      requestId: request.id,
      amountCents: 20_628,
      status: 'pending',
    });
    const read = async () => {
      const rows = await sdb
        .select({ status: payments.status, ref: payments.gatewayRef, error: payments.error })
        .from(payments)
        .where(eq(payments.requestId, request.id));
      const ledger = await sdb
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.requestId, request.id));
      const [req] = await sdb.select().from(requests).where(eq(requests.id, request.id));
      return { payments: rows, ledgerTransactions: ledger.length, timeline: req?.timelineStatus };
    };
    return { idempotencyKey, read };
  }

  it('a success notice sent twice, one after the other, records the charge once and moves no money', async () => {
    const p = await pendingPayment('seq');
    intents.set('pi_seq', { status: 'succeeded', key: p.idempotencyKey });
    expect((await deliver('pi_seq', 'payment_intent.succeeded')).statusCode).toBe(200);
    const once = await p.read();
    expect((await deliver('pi_seq', 'payment_intent.succeeded')).statusCode).toBe(200);
    expect(await p.read()).toEqual(once);
    // The provider's charge is remembered for the customer's retry to complete; the notice
    // itself writes no ledger entry and changes no request.
    expect(once).toEqual({
      payments: [{ status: 'pending', ref: 'pi_seq', error: null }],
      ledgerTransactions: 0,
      timeline: TimelineStatus.awaitingPayment,
    });
  });

  it('the same notice delivered twice at once applies once', async () => {
    const p = await pendingPayment('concurrent');
    intents.set('pi_concurrent', { status: 'canceled', key: p.idempotencyKey });
    const answers = await Promise.all([
      deliver('pi_concurrent', 'payment_intent.canceled'),
      deliver('pi_concurrent', 'payment_intent.canceled'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await p.read()).toEqual({
      payments: [{ status: 'failed', ref: null, error: 'provider: canceled' }],
      ledgerTransactions: 0,
      timeline: TimelineStatus.awaitingPayment,
    });
  });

  it('a late failure notice does not undo a payment that succeeded', async () => {
    const p = await pendingPayment('late');
    await stripeCtx.database.db
      .update(payments)
      .set({ status: 'succeeded', gatewayRef: 'pi_late' })
      .where(eq(payments.idempotencyKey, p.idempotencyKey));
    intents.set('pi_late', { status: 'canceled', key: p.idempotencyKey });
    await Promise.all([
      deliver('pi_late', 'payment_intent.canceled'),
      deliver('pi_late', 'payment_intent.canceled'),
    ]);
    expect((await p.read()).payments).toEqual([
      { status: 'succeeded', ref: 'pi_late', error: null },
    ]);
  });
});
