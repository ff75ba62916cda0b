import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, TimelineStatus } from '@movehub/shared';
import { GatewayError, withTimeout, type PaymentGateway } from '../src/adapters/payments/gateway';
import type { StripeGateway } from '../src/adapters/payments/stripe-gateway';
import {
  ledgerEntries,
  ledgerTransactions,
  paymentCustomers,
  payments,
  requests,
  sandboxOperations,
} from '../src/db/schema';
import { account, balanceOf } from '../src/domain/money/ledger';
import type { Domain } from '../src/domain/context';
import { runRequestCommand } from '../src/domain/request/command';
import { reconcile } from '../src/domain/request/reconciliation';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle, type Company } from './lifecycle';
import { brokenInvariants, ledgerTotal } from './money-invariants';

/*
 * The payment provider failing mid-payment leaves the request unpaid and its charge pending, to be
 * asked about again under the same key, so that a retry (or the reconciliation) records what the
 * provider did, once; a provider's notice delivered twice applies once. The provider is faulted at
 * the adapter boundary: a decorator around the real sandbox gateway that throws, never answers
 * (cut by the adapter's own time-out), or charges and then loses the answer. Runs on PGlite and
 * on PostgreSQL.
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

const life = lifecycle(() => ctx);
let mover: Company | undefined;

/** A customer with a saved card and a request awaiting payment of $200 (+ fee), through the real calls. */
async function payingCustomer() {
  mover ??= await life.company();
  const me = await life.customer();
  const { id } = await life.requestAt({
    status: TimelineStatus.awaitingPayment,
    customer: me,
    company: mover,
    amountCents: 20_000,
  });
  // $200 + fee = $206.28, the total the screen shows.
  const pay = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/customer/make_payment',
      headers: { 'x-sh-auth': me.token },
      payload: { request_id: id, price: 206.28 },
    });
  return { user: me.user, request: { id }, pay };
}

async function stateOf(requestId: number) {
  const [row] = await db().select().from(requests).where(eq(requests.id, requestId));
  const ledger = await db()
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerTransactions.requestId, requestId), eq(ledgerTransactions.status, 'posted')),
    );
  const holds = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.kind, 'hold')));
  // What the provider actually charged for this request.
  const charges = await db()
    .select({ amountCents: sandboxOperations.amountCents })
    .from(sandboxOperations)
    .where(
      and(eq(sandboxOperations.reference, String(requestId)), eq(sandboxOperations.kind, 'charge')),
    );
  return {
    timelineStatus: row?.timelineStatus,
    ledgerEntries: ledger.length,
    escrowCents: await balanceOf({ db: db(), account: account.escrow(requestId) }),
    holds: holds.map((h) => h.status),
    charges: charges.map((c) => c.amountCents),
  };
}

const totalOfAllAccounts = () => ledgerTotal(db());

describe('the provider failing mid-payment', () => {
  it.each<[Fault, number[]]>([
    ['throws', []],
    ['never answers', []],
    // The provider did charge: the retry must find that charge, not make a second one.
    ['charges, answer lost', [20_628]],
  ])(
    'when it %s: the request stays unpaid, nothing posted; the retry asks again under the same key and pays once',
    async (fault, chargedMeanwhile) => {
      const me = await payingCustomer();
      const started = Date.now();
      const failed = await withFaultyProvider(fault, me.pay);
      // The adapter's time-out bounds the wait; the customer is told plainly, in the envelope.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ code: 500, message: MSG.gatewayUnknown });
      expect(await stateOf(me.request.id)).toEqual({
        timelineStatus: TimelineStatus.awaitingPayment,
        ledgerEntries: 0,
        escrowCents: 0,
        holds: ['pending'],
        charges: chargedMeanwhile,
      });

      // The customer pays again: the same movement, asked about again under its key.
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
      expect(await brokenInvariants(db(), me.request.id)).toEqual([]);
    },
  );

  it('a retry sent while the charge is at the provider charges nothing twice', async () => {
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
      // The first call is at the provider with the movement; the double-click meets it there.
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
 * Leaves the request's charge as a process that died while asking the provider leaves it:
 * pending, marked in flight until `untilMs` from now (negative: that long ago).
 */
async function leftInFlight(requestId: number, untilMs: number) {
  await db()
    .update(payments)
    .set({ status: 'pending', inFlightUntil: new Date(Date.now() + untilMs) })
    .where(and(eq(payments.requestId, requestId), eq(payments.kind, 'hold')));
}

describe('a charge left in flight by a call that died', () => {
  it.each<[Fault, number[]]>([
    ['never answers', []],
    // The provider charged before the process died: the takeover finds that charge.
    ['charges, answer lost', [20_628]],
  ])(
    'when the provider %s and the process dies: while it may still answer a retry gets 409; after, it is taken over and paid once',
    async (fault, chargedMeanwhile) => {
      const me = await payingCustomer();
      expect((await withFaultyProvider(fault, me.pay)).statusCode).toBe(500);
      await leftInFlight(me.request.id, 10_000);
      expect((await stateOf(me.request.id)).charges).toEqual(chargedMeanwhile);

      // Still within the dead call's time: it might yet be answered.
      const young = await me.pay();
      expect(young.statusCode).toBe(409);
      expect(young.json()).toEqual({ code: 409, message: MSG.paymentInProgress });
      expect(await stateOf(me.request.id)).toMatchObject({
        timelineStatus: TimelineStatus.awaitingPayment,
        holds: ['pending'],
        charges: chargedMeanwhile,
      });

      // Past it: no live call holds the movement any more.
      await leftInFlight(me.request.id, -1_000);
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

  it('three retries at once take it over once and charge once', async () => {
    const me = await payingCustomer();
    expect((await withFaultyProvider('charges, answer lost', me.pay)).statusCode).toBe(500);
    await leftInFlight(me.request.id, -1_000);
    const answers = await Promise.all([me.pay(), me.pay(), me.pay()]);
    const codes = answers.map((a) => a.statusCode);
    // One takes it over; the others meet it in progress (409) or find it paid (200).
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

  /** make_payment's charge of $206.28 for a $200 bid, reserved on the request and then asked for. */
  function reservePayment(domain: Domain, customerId: number, requestId: number) {
    return runRequestCommand(domain, {
      requestId,
      actor: { type: 'customer', userId: customerId },
      run: (c) =>
        c.reserve({
          kind: 'hold',
          amountCents: 20_628,
          customerId,
          targetRef: 'pm_offline',
          entries: [
            { account: account.customerCard(customerId), amountCents: -20_628 },
            { account: account.escrow(requestId), amountCents: 20_000 },
            { account: account.platformFees, amountCents: 628 },
          ],
          purpose: { type: 'pay', totalCents: 20_628, discountedCents: 20_000, feeCents: 628 },
        }),
    });
  }

  /**
   * A payment of ours whose charge went out and whose answer never came back: make_payment's
   * movement, reserved under the request's lock on a request awaiting payment, never settled.
   */
  async function pendingPayment() {
    const sdb = stripeCtx.database.db;
    const slife = lifecycle(() => stripeCtx);
    const customer = await slife.customer(null);
    const { id } = await slife.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer,
      company: await slife.company(),
      amountCents: 20_000,
    });
    // Reserved as make_payment does, with nobody left to ask the provider afterwards.
    const { value: movement } = await reservePayment(
      {
        ...stripeCtx.app.domain,
        executeMovement: async (paymentId) => ({ state: 'busy' as const, paymentId }),
      },
      customer.user.id,
      id,
    );
    // The call that reserved it died before asking: nobody holds it in flight any more.
    await sdb.update(payments).set({ inFlightUntil: null }).where(eq(payments.id, movement.id));
    const read = async () => {
      const rows = await sdb
        .select({ status: payments.status, ref: payments.gatewayRef, error: payments.error })
        .from(payments)
        .where(eq(payments.requestId, id));
      const ledger = await sdb
        .select({ status: ledgerTransactions.status })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.requestId, id));
      const [req] = await sdb.select().from(requests).where(eq(requests.id, id));
      return {
        payments: rows,
        ledger: ledger.map((l) => l.status),
        timeline: req?.timelineStatus,
      };
    };
    return { idempotencyKey: movement.idempotencyKey, read };
  }

  it('a success notice sent twice, one after the other, settles the payment once', async () => {
    const p = await pendingPayment();
    intents.set('pi_seq', { status: 'succeeded', key: p.idempotencyKey });
    expect((await deliver('pi_seq', 'payment_intent.succeeded')).statusCode).toBe(200);
    const once = await p.read();
    expect((await deliver('pi_seq', 'payment_intent.succeeded')).statusCode).toBe(200);
    expect(await p.read()).toEqual(once);
    // What the provider says now settles the movement: posted, and the request paid.
    expect(once).toEqual({
      payments: [{ status: 'succeeded', ref: 'pi_seq', error: null }],
      ledger: ['posted'],
      timeline: TimelineStatus.paid,
    });
  });

  it('the same notice delivered twice at once applies once', async () => {
    const p = await pendingPayment();
    intents.set('pi_concurrent', { status: 'canceled', key: p.idempotencyKey });
    const answers = await Promise.all([
      deliver('pi_concurrent', 'payment_intent.canceled'),
      deliver('pi_concurrent', 'payment_intent.canceled'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await p.read()).toEqual({
      payments: [{ status: 'failed', ref: null, error: 'provider: canceled' }],
      ledger: ['voided'],
      timeline: TimelineStatus.awaitingPayment,
    });
  });

  it('a late failure notice does not undo a payment that succeeded', async () => {
    const p = await pendingPayment();
    intents.set('pi_late', { status: 'succeeded', key: p.idempotencyKey });
    await deliver('pi_late', 'payment_intent.succeeded');
    intents.set('pi_late', { status: 'canceled', key: p.idempotencyKey });
    await Promise.all([
      deliver('pi_late', 'payment_intent.canceled'),
      deliver('pi_late', 'payment_intent.canceled'),
    ]);
    expect(await p.read()).toEqual({
      payments: [{ status: 'succeeded', ref: 'pi_late', error: null }],
      ledger: ['posted'],
      timeline: TimelineStatus.paid,
    });
  });

  it('a charge Stripe is still processing stays pending, and is settled once Stripe has decided', async () => {
    const sdb = stripeCtx.database.db;
    const slife = lifecycle(() => stripeCtx);
    const customer = await slife.customer(null);
    await sdb
      .insert(paymentCustomers)
      .values({ userId: customer.user.id, gateway: 'stripe', customerRef: 'cus_offline' });
    const { id } = await slife.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer,
      company: await slife.company(),
      amountCents: 20_000,
    });
    const stripe = (stripeCtx.app.payments as StripeGateway).stripe;
    /** Stripe's intents of this customer, as its list answers them. */
    const held: {
      id: string;
      status: string;
      amount: number;
      amount_received: number;
      metadata: Record<string, string>;
    }[] = [];
    stripe.paymentIntents.create = (async (params: {
      amount: number;
      metadata: Record<string, string>;
    }) => {
      const intent = {
        id: 'pi_processing',
        status: 'processing',
        amount: params.amount,
        amount_received: 0,
        metadata: params.metadata,
      };
      held.push(intent);
      return intent;
    }) as unknown as typeof stripe.paymentIntents.create;
    stripe.paymentIntents.list = ((params: { customer: string }) => ({
      autoPagingToArray: async () => (params.customer === 'cus_offline' ? held : []),
    })) as unknown as typeof stripe.paymentIntents.list;

    const { movements } = await reservePayment(stripeCtx.app.domain, customer.user.id, id);
    // Not a decline: nothing is known yet.
    expect(movements).toMatchObject([{ state: 'unknown' }]);
    const [waiting] = await sdb.select().from(payments).where(eq(payments.requestId, id));
    expect(waiting).toMatchObject({ status: 'pending' });

    const at = Date.now() + 10 * 60_000;
    // The comparison of whole requests reads Stripe's search, out of reach here: nothing there.
    const gateway = Object.assign(Object.create(stripeCtx.app.domain.gateway) as PaymentGateway, {
      operationsFor: async () => [],
    });
    const domain = { ...stripeCtx.app.domain, gateway, now: () => new Date(at) };
    await reconcile(domain);
    // Still processing at Stripe: still pending.
    expect(await sdb.select().from(payments).where(eq(payments.requestId, id))).toMatchObject([
      { status: 'pending' },
    ]);
    held[0]!.status = 'succeeded';
    held[0]!.amount_received = held[0]!.amount;
    await sdb.update(payments).set({ inFlightUntil: null }).where(eq(payments.requestId, id));
    await reconcile(domain);
    expect(await sdb.select().from(payments).where(eq(payments.requestId, id))).toMatchObject([
      { status: 'succeeded', gatewayRef: 'pi_processing' },
    ]);
    const [row] = await sdb.select().from(requests).where(eq(requests.id, id));
    expect(row!.timelineStatus).toBe(TimelineStatus.paid);
  });
});
