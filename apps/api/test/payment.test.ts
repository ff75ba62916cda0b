import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHANGE_CONFIRMATION_CALLS, MSG, TimelineStatus, UserType } from '@movehub/shared';
import { GatewayError, type PaymentGateway } from '../src/adapters/payments/gateway';
import {
  ledgerEntries,
  ledgerTransactions,
  notifications,
  payments,
  requests,
  requestStatusHistory,
  requestTimeline,
  sandboxOperations,
} from '../src/db/schema';
import { createDomain } from '../src/domain/create-domain';
import { account, balanceOf } from '../src/domain/money/ledger';
import { runRequestCommand } from '../src/domain/request/command';
import { makePayment } from '../src/domain/request/pay';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';
import { lifecycle, type Company } from './lifecycle';
import { ledgerTotal } from './money-invariants';

/*
 * make_payment through the real server on the sandbox gateway ("Bad input,
 * races and faults"): 2 → 3 with balanced ledger entries, charged once however often it is
 * sent, nothing changed by a decline, a provider failure or an out-of-order call.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

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

/** A signed-in customer; with a card number, that card saved through the real calls. */
async function customer(cardNumber: string | null = '4242 4242 4242 4242') {
  const user = await createUser(ctx.database);
  const token = await loginAs(ctx.app, user.email);
  const call = (url: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });
  const addCard = async (number: string) => {
    const tokenized = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/sandbox/tokens',
      payload: { ...CARD, card_number: number },
    });
    return call('/api/customer/add_card', { token: tokenized.json().token });
  };
  if (cardNumber) expect((await addCard(cardNumber)).statusCode).toBe(200);
  return { user, token, call, addCard };
}

const life = lifecycle(() => ctx);
let mover: Company | undefined;
/** The company whose bid the requests accepted. */
const company = async () => (mover ??= await life.company());

/** A request whose bid of `finalCents` the customer accepted (status 2), through the real calls. */
async function accepted(
  me: { user: { id: number }; token: string },
  finalCents = 50_000,
  discountPercent = 0,
) {
  const { id } = await life.requestAt({
    status: TimelineStatus.awaitingPayment,
    customer: me as Parameters<typeof life.requestAt>[0]['customer'],
    company: await company(),
    amountCents: finalCents,
    discountPercent,
  });
  return { id };
}

type Customer = Awaited<ReturnType<typeof customer>>;
const pay = (c: Customer) => (requestId: number, price: number | string) =>
  c.call('/api/customer/make_payment', { request_id: requestId, price });

async function statusOf(requestId: number) {
  const [row] = await db().select().from(requests).where(eq(requests.id, requestId));
  return row?.timelineStatus;
}

/** The provider's charges for a request. */
async function chargesOf(requestId: number) {
  return db()
    .select()
    .from(sandboxOperations)
    .where(
      and(eq(sandboxOperations.reference, String(requestId)), eq(sandboxOperations.kind, 'charge')),
    );
}

/** The request's posted ledger lines: what money really moved. */
async function ledgerOf(requestId: number) {
  return db()
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerTransactions.requestId, requestId), eq(ledgerTransactions.status, 'posted')),
    );
}

const totalOfAllAccounts = () => ledgerTotal(db());

async function noticesOf(userId: number, requestId: number) {
  const rows = await db()
    .select({ message: notifications.messageBody })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.requestId, requestId)));
  return rows.map((r) => r.message);
}

describe('make_payment', () => {
  it('charges the final amount plus the fee, holds it in escrow and moves the request 2 → 3', async () => {
    const me = await customer();
    const req = await accepted(me, 50_000);
    // $500 + (500.30 / 0.971 − 500 = 15.24) = $515.24
    const res = await pay(me)(req.id, 515.24);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'Your payment is held in escrow until you confirm the move.',
      data: {
        request_id: req.id,
        request_timeline_status: TimelineStatus.paid,
        final_amount: 500,
        discount: 0,
        discounted_amount: 500,
        processing_fee: 15.24,
        price: 515.24,
      },
    });
    expect(await statusOf(req.id)).toBe(TimelineStatus.paid);

    // The ledger: the card paid the total, escrow holds the amount, the platform the fee.
    expect(await ledgerOf(req.id)).toEqual(
      expect.arrayContaining([
        { account: account.customerCard(me.user.id), amountCents: -51_524 },
        { account: account.escrow(req.id), amountCents: 50_000 },
        { account: account.platformFees, amountCents: 1_524 },
      ]),
    );
    expect(await ledgerOf(req.id)).toHaveLength(3);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(50_000);
    expect(await totalOfAllAccounts()).toBe(0);
    expect(await chargesOf(req.id)).toHaveLength(1);

    // History, timeline and both parties told, in the same transaction.
    const history = await db()
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestId, req.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 2,
      toStatus: 3,
      actorType: 'customer',
      actorId: me.user.id,
    });
    const timeline = await db()
      .select()
      .from(requestTimeline)
      .where(eq(requestTimeline.requestId, req.id));
    expect(timeline.at(-1)?.activityTitle).toBe('Paid and waiting for move');
    expect((await noticesOf((await company()).user.id, req.id)).at(-1)).toBe(
      `Request #${req.id} was paid: $500.00 is held in escrow for the move.`,
    );
    expect((await noticesOf(me.user.id, req.id)).at(-1)).toBe(
      `Your payment of $515.24 for request #${req.id} is held in escrow until you confirm the move.`,
    );

    // The detail now shows the paid request.
    const detail = await me.call('/api/customer/customer_request_detail', { request_id: req.id });
    expect(detail.json().data.request.request_timeline_status).toBe(TimelineStatus.paid);
  });

  it('holds the discounted amount, with the fee on it, when the request has a discount', async () => {
    const me = await customer();
    const req = await accepted(me, 50_000, 5);
    // $475 after 5%; fee (475.30 / 0.971 − 475 = 14.50): $489.50, sent as a string too.
    const res = await pay(me)(req.id, '489.50');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      final_amount: 500,
      discount: 5,
      discounted_amount: 475,
      processing_fee: 14.5,
      price: 489.5,
    });
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(47_500);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('sent again after it succeeded, answers with the same payment and charges nothing more', async () => {
    const me = await customer();
    const req = await accepted(me, 30_000);
    const first = await pay(me)(req.id, 309.27);
    expect(first.statusCode).toBe(200);
    const second = await pay(me)(req.id, 309.27);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await chargesOf(req.id)).toHaveLength(1);
    expect(await ledgerOf(req.id)).toHaveLength(3);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(30_000);
  });

  it('sent 20 times at once, charges once; the others answer the same payment or 409', async () => {
    const me = await customer();
    const req = await accepted(me, 40_000);
    const price = 412.26; // 400 + (400.30 / 0.971 − 400 = 12.2554… → 12.26)
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(me)(req.id, price)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes).toContain(200);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    for (const lost of answers.filter((r) => r.statusCode === 409)) {
      expect(lost.json()).toEqual({ code: 409, message: MSG.paymentInProgress });
    }
    for (const won of answers.filter((r) => r.statusCode === 200)) {
      expect(won.json().data).toMatchObject({ price, request_timeline_status: 3 });
    }
    expect(await chargesOf(req.id)).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.requestId, req.id))).toMatchObject([
      { kind: 'hold', status: 'succeeded', amountCents: 41_226 },
    ]);
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(
          and(eq(ledgerTransactions.requestId, req.id), eq(ledgerTransactions.status, 'posted')),
        ),
    ).toHaveLength(1);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(40_000);
    expect(
      await db()
        .select()
        .from(requestStatusHistory)
        .where(
          and(eq(requestStatusHistory.requestId, req.id), eq(requestStatusHistory.toStatus, 3)),
        ),
    ).toHaveLength(1);
    expect(
      (await noticesOf(me.user.id, req.id)).filter((n) => n.startsWith('Your payment')),
    ).toHaveLength(1);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('with a card declined at charge time shows the reason and changes nothing; another card then pays', async () => {
    // 4000 0000 0000 0341: saved fine, declined when charged. (4000 0000 0000 0002 is declined
    // already when it is saved, so it never reaches a payment.)
    const me = await customer('4000 0000 0000 0341');
    const req = await accepted(me, 20_000);
    const declined = await pay(me)(req.id, 206.28);
    expect(declined.statusCode).toBe(400);
    // card_declined: the screen offers another card (decision 041).
    expect(declined.json()).toEqual({
      code: 400,
      message: 'Your card was declined.',
      card_declined: true,
    });
    expect(await statusOf(req.id)).toBe(TimelineStatus.awaitingPayment);
    expect(await ledgerOf(req.id)).toEqual([]);
    expect(
      (await noticesOf(me.user.id, req.id)).filter((n) => n.startsWith('Your payment')),
    ).toEqual([]);
    // The same card again: the same answer, still nothing written.
    expect((await pay(me)(req.id, 206.28)).json().message).toBe('Your card was declined.');
    expect(await ledgerOf(req.id)).toEqual([]);

    expect((await me.call('/api/customer/delete_card')).statusCode).toBe(200);
    expect((await me.addCard('4242 4242 4242 4242')).statusCode).toBe(200);
    const paid = await pay(me)(req.id, 206.28);
    expect(paid.statusCode).toBe(200);
    expect(await statusOf(req.id)).toBe(TimelineStatus.paid);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(20_000);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('with no saved card answers the spec message and changes nothing', async () => {
    const me = await customer(null);
    const req = await accepted(me, 20_000);
    const res = await pay(me)(req.id, 206.28);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'Cannot charge a customer that has no active card',
    });
    expect(await statusOf(req.id)).toBe(TimelineStatus.awaitingPayment);
    expect(await db().select().from(payments).where(eq(payments.requestId, req.id))).toEqual([]);
  });

  it('when the provider fails, leaves status 2 and nothing posted; a retry asks again under the same key', async () => {
    const me = await customer();
    const req = await accepted(me, 20_000);
    const gateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);
    gateway.charge = () => Promise.reject(new GatewayError('unavailable', 'connection reset'));
    try {
      const res = await pay(me)(req.id, 206.28);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, message: MSG.gatewayUnknown });
    } finally {
      gateway.charge = charge;
    }
    expect(await statusOf(req.id)).toBe(TimelineStatus.awaitingPayment);
    expect(await ledgerOf(req.id)).toEqual([]);
    expect(await chargesOf(req.id)).toEqual([]);
    // The movement waits, pending, for the answer nobody got.
    const [pending] = await db().select().from(payments).where(eq(payments.requestId, req.id));
    expect(pending).toMatchObject({ status: 'pending', kind: 'hold', amountCents: 20_628 });

    const retried = await pay(me)(req.id, 206.28);
    expect(retried.statusCode).toBe(200);
    expect(await chargesOf(req.id)).toMatchObject([{ idempotencyKey: pending!.idempotencyKey }]);
    expect(await db().select().from(payments).where(eq(payments.requestId, req.id))).toMatchObject([
      { id: pending!.id, status: 'succeeded' },
    ]);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(20_000);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('when the provider charged but its answer was lost, the retry records that charge, once', async () => {
    const me = await customer();
    const req = await accepted(me, 20_000);
    const gateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);
    gateway.charge = async (opts) => {
      await charge(opts);
      throw new GatewayError('unavailable', 'the answer was lost');
    };
    try {
      expect((await pay(me)(req.id, 206.28)).statusCode).toBe(500);
    } finally {
      gateway.charge = charge;
    }
    expect(await chargesOf(req.id)).toHaveLength(1);
    expect(await ledgerOf(req.id)).toEqual([]);
    const retried = await pay(me)(req.id, 206.28);
    expect(retried.statusCode).toBe(200);
    expect(await chargesOf(req.id)).toHaveLength(1);
    expect(await statusOf(req.id)).toBe(TimelineStatus.paid);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(20_000);
  });

  it('when the provider does not answer in time, changes nothing and leaves the movement to be asked about', async () => {
    const me = await customer();
    const req = await accepted(me, 20_000);
    const silent: PaymentGateway = Object.create(ctx.app.payments);
    silent.charge = () => new Promise(() => undefined);
    const domain = createDomain({
      ...ctx.app.domain,
      gateway: silent,
      providerTimeoutMs: 100,
    });
    await expect(
      makePayment({ domain, customerId: me.user.id, requestId: req.id, priceCents: 20_628 }),
    ).rejects.toMatchObject({ code: 500, message: MSG.gatewayUnknown });
    expect(await statusOf(req.id)).toBe(TimelineStatus.awaitingPayment);
    expect(await ledgerOf(req.id)).toEqual([]);
  });

  it('a cancel while the card is being charged waits for the charge, then refunds it', async () => {
    const me = await customer();
    const req = await accepted(me, 20_000);
    const gateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);
    let cancelDuringCharge: { statusCode: number; body: string } | undefined;
    gateway.charge = async (opts) => {
      cancelDuringCharge = await me.call('/api/customer/delete_request', { request_id: req.id });
      return charge(opts);
    };
    try {
      const paid = await pay(me)(req.id, 206.28);
      expect(paid.statusCode).toBe(200);
    } finally {
      gateway.charge = charge;
    }
    expect(cancelDuringCharge?.statusCode).toBe(409);
    expect(JSON.parse(cancelDuringCharge!.body)).toEqual({ code: 409, message: MSG.moneyPending });
    // Once the charge is in, the cancel goes through: ten days out, a full refund.
    const cancelled = await me.call('/api/customer/delete_request', { request_id: req.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.refund_amount).toBe(200);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(0);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('a change of price accepted while the card is being charged waits: the charge is the price shown', async () => {
    const me = await customer();
    const req = await accepted(me, 20_000);
    const mover = await company();
    const proposed = await life.call('POST', '/api/company/propose_change', mover.token, {
      request_id: req.id,
      type: 'request',
      s_date: null,
      s_time: null,
      start_window_from: null,
      start_window_to: null,
      movers: 3,
      price: 100,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const gateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);
    let acceptDuringCharge: { statusCode: number } | undefined;
    gateway.charge = async (opts) => {
      acceptDuringCharge = await me.call(`/api/customer/${CHANGE_CONFIRMATION_CALLS.request}`, {
        request_id: req.id,
        status: '1',
        price: '100',
      });
      return charge(opts);
    };
    try {
      expect((await pay(me)(req.id, 206.28)).statusCode).toBe(200);
    } finally {
      gateway.charge = charge;
    }
    expect(acceptDuringCharge?.statusCode).toBe(409);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(20_000);
    // Accepted afterwards, the change's difference is charged on its own.
    const answered = await me.call(`/api/customer/${CHANGE_CONFIRMATION_CALLS.request}`, {
      request_id: req.id,
      status: '1',
      price: '100',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await chargesOf(req.id)).map((c) => c.amountCents).sort()).toEqual([10_000, 20_628]);
    expect(await balanceOf({ db: db(), account: account.escrow(req.id) })).toBe(30_000);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('refuses a price other than the one the server computes (409) and charges nothing', async () => {
    const me = await customer();
    const req = await accepted(me, 50_000);
    for (const price of [500, 515.23, 1]) {
      const res = await pay(me)(req.id, price);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'The price changed: it is now $515.24. Please look at it again before paying.',
      );
    }
    expect(await statusOf(req.id)).toBe(TimelineStatus.awaitingPayment);
    expect(await db().select().from(payments).where(eq(payments.requestId, req.id))).toEqual([]);
  });

  it('refuses a request that is not awaiting payment with 422 and says why', async () => {
    const me = await customer();
    const mover = await company();
    const bidOn = await life.requestAt({
      status: TimelineStatus.pendingAcceptance,
      customer: me,
      company: mover,
    });
    const cancelled = await life.requestAt({
      status: TimelineStatus.pendingAcceptance,
      customer: me,
      company: mover,
    });
    await life.ok('POST', '/api/customer/delete_request', me.token, { request_id: cancelled.id });
    const cases = [
      [bidOn.id, TimelineStatus.pendingAcceptance, 'Pending Acceptance'],
      [cancelled.id, TimelineStatus.cancelled, 'Request Cancelled'],
    ] as const;
    for (const [id, status, words] of cases) {
      const res = await pay(me)(id, 515.24);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 422,
        message: `This request cannot be paid now: it is ${words}.`,
      });
      expect(await statusOf(id)).toBe(status);
    }
  });

  it('asked again once the move is under way, answers with the payment it made and charges nothing', async () => {
    const me = await customer();
    const assigned = await life.requestAt({
      status: TimelineStatus.truckAssigned,
      customer: me,
      company: await company(),
    });
    const again = await pay(me)(assigned.id, 515.24);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      request_timeline_status: TimelineStatus.truckAssigned,
      price: 515.24,
    });
    expect(await chargesOf(assigned.id)).toHaveLength(1);
  });

  it("answers 404 for another customer's request and for an unknown one", async () => {
    const owner = await customer();
    const req = await accepted(owner, 50_000);
    const stranger = await customer();
    for (const id of [req.id, 2_000_000_000]) {
      const res = await pay(stranger)(id, 515.24);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Request not found.' });
    }
    expect(await statusOf(req.id)).toBe(TimelineStatus.awaitingPayment);
    expect(await chargesOf(req.id)).toEqual([]);
  });

  it('validates its input (422) and refuses a company (403)', async () => {
    const me = await customer();
    const req = await accepted(me, 50_000);
    for (const body of [
      {},
      { request_id: req.id },
      { request_id: req.id, price: -5 },
      { request_id: req.id, price: 0 },
      { request_id: req.id, price: '12.345' },
      { request_id: 'x', price: 10 },
    ]) {
      const res = await me.call('/api/customer/make_payment', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const other = await life.company();
    const companyToken = await loginAs(ctx.app, other.user.email, undefined, UserType.company);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/make_payment',
      headers: { 'x-sh-auth': companyToken },
      payload: { request_id: req.id, price: 515.24 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the lifecycle service', () => {
  it('refuses a move out of order with 422 and the status in words', async () => {
    const me = await customer(null);
    const req = await life.requestAt({
      status: TimelineStatus.pendingAcceptance,
      customer: me,
      company: await company(),
    });
    await expect(
      runRequestCommand(ctx.app.domain, {
        requestId: req.id,
        actor: { type: 'customer', userId: me.user.id },
        run: (command) => command.move('pay'),
      }),
    ).rejects.toMatchObject({
      code: 422,
      message: 'This request cannot be changed this way now: it is Pending Acceptance.',
    });
    expect(await statusOf(req.id)).toBe(TimelineStatus.pendingAcceptance);
  });
});
