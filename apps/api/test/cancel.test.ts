import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, UserType } from '@movehub/shared';
import { GatewayError } from '../src/adapters/payments/gateway';
import { SandboxGateway } from '../src/adapters/payments/sandbox-gateway';
import {
  companyProfiles,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  payments,
  requests,
  requestStatusHistory,
  requestTimeline,
  sandboxOperations,
} from '../src/db/schema';
import { addCard } from '../src/modules/cards/cards.service';
import { lockRequest, moveRequest } from '../src/domain/request/lifecycle';
import { account, balanceOf } from '../src/modules/payments/ledger';
import { holdInEscrow } from '../src/modules/payments/payments.service';
import {
  buildTestApp,
  createBid,
  createRequest,
  createUser,
  loginAs,
  type TestContext,
} from './helper';

/*
 * delete_request after payment: the Cancellation policy (full refund 72 h or more before the
 * move window, half inside 72 h, none once the move has started), the ledger, the races and a
 * provider failure. The service area's clock is UTC here so that windows are easy to place.
 */

let ctx: TestContext;
let sandbox: SandboxGateway;
beforeAll(async () => {
  ctx = await buildTestApp({ SERVICE_TIME_ZONE: 'UTC' });
  sandbox = new SandboxGateway(ctx.database.db);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const PRICE = 60_000; // $600.00 held in escrow
const FEE = 1_890;

const db = () => ctx.database.db;

const cancel = (token: string, request_id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customer/delete_request',
    headers: { 'x-sh-auth': token },
    payload: { request_id },
  });

/** The move date and window start of a move starting `hours` from now, on the UTC clock. */
function windowIn(hours: number) {
  const start = new Date(Date.now() + hours * HOUR);
  const iso = start.toISOString();
  return { moveDate: iso.slice(0, 10), windowFrom: iso.slice(11, 16), windowTo: '23:59' };
}

async function totalOfAllAccounts(): Promise<number> {
  const [row] = await db()
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries);
  return row?.total ?? -1;
}

async function company() {
  const user = await createUser(ctx.database, { userType: UserType.company });
  await db().insert(companyProfiles).values({ userId: user.id, name: 'Swift Movers' });
  return user;
}

/**
 * A customer with a card, a company whose bid was accepted, and the request paid into escrow
 * (holdInEscrow, as make_payment will) at `status`, its move window starting in `hours`.
 */
async function paidRequest(opts: { hours: number; status?: number }) {
  const customer = await createUser(ctx.database);
  const token = await loginAs(ctx.app, customer.email);
  const { token: cardToken } = await sandbox.tokenize({
    number: '4242424242424242',
    holderName: 'Pat Lee',
    expMonth: 12,
    expYear: 2034,
  });
  await addCard({ db: db(), gateway: sandbox, userId: customer.id, token: cardToken });
  const mover = await company();
  const request = await createRequest(ctx.database, {
    customerId: customer.id,
    ...windowIn(opts.hours),
    timelineStatus: 2,
    companyId: mover.id,
    finalAmountCents: PRICE,
  });
  await createBid(ctx.database, {
    requestId: request.id,
    companyId: mover.id,
    bidAmountCents: PRICE,
    status: 1,
  });
  await holdInEscrow({
    db: db(),
    gateway: sandbox,
    requestId: request.id,
    customerId: customer.id,
    amountCents: PRICE,
    feeCents: FEE,
    attempt: 1,
    apply: async (tx) => {
      await tx
        .update(requests)
        .set({ timelineStatus: opts.status ?? 3 })
        .where(eq(requests.id, request.id));
    },
  });
  return { customer, token, mover, request };
}

async function rowOf(id: number) {
  const [row] = await db().select().from(requests).where(eq(requests.id, id));
  return row!;
}

async function balances(p: Awaited<ReturnType<typeof paidRequest>>) {
  return {
    escrow: await balanceOf({ db: db(), account: account.escrow(p.request.id) }),
    card: await balanceOf({ db: db(), account: account.customerCard(p.customer.id) }),
    company: await balanceOf({ db: db(), account: account.companyPayable(p.mover.id) }),
  };
}

const titles = async (id: number) =>
  (await db().select().from(requestTimeline).where(eq(requestTimeline.requestId, id))).map(
    (t) => t.activityTitle,
  );

const refundPayments = (id: number) =>
  db()
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, `${id}:refund-cancel:1`));

describe('POST /api/customer/delete_request before payment', () => {
  it('cancels with nothing refunded, nothing in the ledger, and tells the customer', async () => {
    const customer = await createUser(ctx.database);
    const token = await loginAs(ctx.app, customer.email);
    const mover = await company();
    const request = await createRequest(ctx.database, {
      customerId: customer.id,
      timelineStatus: 2,
      companyId: mover.id,
      finalAmountCents: PRICE,
    });
    const res = await cancel(token, request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      request_id: request.id,
      request_status: 2,
      request_timeline_status: 11,
      refund_amount: 0,
      kept_amount: 0,
    });
    const entries = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.requestId, request.id));
    expect(entries).toEqual([]);
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.requestId, request.id));
    expect(told.map((n) => n.userId).sort()).toEqual([customer.id, mover.id].sort());
  });
});

describe('POST /api/customer/delete_request after payment', () => {
  it('refunds the whole escrow 72 hours or more before the move window starts', async () => {
    const p = await paidRequest({ hours: 24 * 10 });
    const res = await cancel(p.token, p.request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Your request has been cancelled.',
      data: { request_timeline_status: 11, request_status: 2, refund_amount: 600, kept_amount: 0 },
    });
    // The fee paid with the escrow went to the card network: it is not part of the refund.
    expect(await balances(p)).toEqual({ escrow: 0, card: -FEE, company: 0 });
    expect(await totalOfAllAccounts()).toBe(0);
    const row = await rowOf(p.request.id);
    expect(row).toMatchObject({ timelineStatus: 11, requestStatus: 2 });
    expect(await titles(p.request.id)).toEqual(['Request Cancelled', 'Refund of $600.00']);
    const [history] = await db()
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestId, p.request.id));
    expect(history).toMatchObject({ fromStatus: 3, toStatus: 11, actorType: 'customer' });
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.requestId, p.request.id));
    expect(told.find((n) => n.userId === p.customer.id)?.messageBody).toBe(
      `Request #${p.request.id} has been cancelled. $600.00 is refunded to your card.`,
    );
    expect(told.find((n) => n.userId === p.mover.id)?.messageBody).toBe(
      `Request #${p.request.id} was cancelled by the customer.`,
    );
    const [refund] = await refundPayments(p.request.id);
    expect(refund).toMatchObject({ kind: 'refund', status: 'succeeded', amountCents: PRICE });
  });

  it('refunds half inside 72 hours; the company keeps the other half, itemised', async () => {
    const p = await paidRequest({ hours: 30, status: 4 });
    const res = await cancel(p.token, p.request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ refund_amount: 300, kept_amount: 300 });
    expect(await balances(p)).toEqual({ escrow: 0, card: -(PRICE / 2 + FEE), company: PRICE / 2 });
    expect(await totalOfAllAccounts()).toBe(0);
    const kinds = await db()
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.requestId, p.request.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['cancellation_fee', 'hold', 'refund']);
    expect(await titles(p.request.id)).toEqual([
      'Request Cancelled',
      'Refund of $300.00',
      'Cancellation fee of $300.00',
    ]);
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.requestId, p.request.id));
    expect(told.find((n) => n.userId === p.mover.id)?.messageBody).toBe(
      `Request #${p.request.id} was cancelled by the customer. $300.00 of its escrow is yours as the cancellation fee.`,
    );
  });

  it.each([5, 6])(
    'refunds nothing once the move has started (status %i): the company keeps the escrow',
    async (status) => {
      const p = await paidRequest({ hours: 24 * 10, status });
      const operationsBefore = await db().select().from(sandboxOperations);
      const res = await cancel(p.token, p.request.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        request_timeline_status: 11,
        refund_amount: 0,
        kept_amount: 600,
      });
      expect(await balances(p)).toEqual({ escrow: 0, card: -(PRICE + FEE), company: PRICE });
      expect(await totalOfAllAccounts()).toBe(0);
      // No call to the provider: nothing goes back to the card.
      expect(await db().select().from(sandboxOperations)).toHaveLength(operationsBefore.length);
      expect(await titles(p.request.id)).toEqual([
        'Request Cancelled',
        'Cancellation fee of $600.00',
      ]);
    },
  );

  it('refuses at 7 and later with 409 and moves no money', async () => {
    const p = await paidRequest({ hours: 24 * 10, status: 7 });
    const res = await cancel(p.token, p.request.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This request can no longer be cancelled.');
    expect(await balances(p)).toEqual({ escrow: PRICE, card: -(PRICE + FEE), company: 0 });
  });

  it('announces the refund on the detail before the cancel, and nothing once cancelled', async () => {
    const p = await paidRequest({ hours: 30 });
    const detail = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/customer/customer_request_detail',
          headers: { 'x-sh-auth': p.token },
          payload: { request_id: p.request.id },
        })
      ).json().data.cancellation_refund;
    expect(await detail()).toEqual({ refund_amount: 300, kept_amount: 300 });
    expect((await cancel(p.token, p.request.id)).statusCode).toBe(200);
    expect(await detail()).toBeNull();
  });
});

describe('delete_request races and faults', () => {
  it('sent twice at once, refunds once: one 200, the other 409', async () => {
    const p = await paidRequest({ hours: 24 * 10 });
    const results = await Promise.all([
      cancel(p.token, p.request.id),
      cancel(p.token, p.request.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await refundPayments(p.request.id)).toHaveLength(1);
    const refunds = await db()
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, `${p.request.id}:refund-cancel:1`));
    expect(refunds).toHaveLength(1);
    expect(await balances(p)).toEqual({ escrow: 0, card: -FEE, company: 0 });
    expect(await totalOfAllAccounts()).toBe(0);
    expect((await titles(p.request.id)).filter((t) => t === 'Request Cancelled')).toHaveLength(1);
  });

  it('racing the confirmation of the move, one wins and the ledger stays whole', async () => {
    const p = await paidRequest({ hours: 24 * 10, status: 6 });
    // The confirmation's state change as end_move_confirmation makes it: the locked row, moved
    // by the shared lifecycle table.
    const confirm = () =>
      db().transaction(async (tx) => {
        const row = await lockRequest(tx, p.request.id);
        await moveRequest(tx, {
          request: row!,
          action: 'confirmComplete',
          actor: { type: 'customer', userId: p.customer.id },
        });
      });
    const [cancelled, confirmed] = await Promise.allSettled([
      cancel(p.token, p.request.id),
      confirm(),
    ]);
    const cancelWon = cancelled.status === 'fulfilled' && cancelled.value.statusCode === 200;
    const confirmWon = confirmed.status === 'fulfilled';
    expect(cancelWon !== confirmWon).toBe(true);
    const row = await rowOf(p.request.id);
    expect(row.timelineStatus).toBe(cancelWon ? 11 : 7);
    if (!cancelWon && cancelled.status === 'fulfilled') {
      expect(cancelled.value.statusCode).toBe(409);
    }
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('a provider failure during the refund changes nothing and says so', async () => {
    const p = await paidRequest({ hours: 24 * 10 });
    const spy = vi
      .spyOn(ctx.app.payments, 'refund')
      .mockRejectedValueOnce(new GatewayError('unavailable', 'connection reset'));
    try {
      const res = await cancel(p.token, p.request.id);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, message: MSG.refundUnavailable });
    } finally {
      spy.mockRestore();
    }
    const row = await rowOf(p.request.id);
    expect(row).toMatchObject({ timelineStatus: 3, requestStatus: 0 });
    expect(await balances(p)).toEqual({ escrow: PRICE, card: -(PRICE + FEE), company: 0 });
    expect(await titles(p.request.id)).toEqual([]);
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.requestId, p.request.id));
    expect(told).toEqual([]);
    expect(await totalOfAllAccounts()).toBe(0);

    // Once the provider answers again, the same cancel refunds once and completes.
    const retry = await cancel(p.token, p.request.id);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ refund_amount: 600, kept_amount: 0 });
    expect(await refundPayments(p.request.id)).toHaveLength(1);
    expect(await balances(p)).toEqual({ escrow: 0, card: -FEE, company: 0 });
  });
});
