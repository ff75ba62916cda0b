import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addLocalDays, MSG, TimelineStatus } from '@movehub/shared';
import { GatewayError } from '../src/adapters/payments/gateway';
import {
  ledgerTransactions,
  notifications,
  payments,
  requests,
  requestStatusHistory,
  requestTimeline,
  sandboxOperations,
} from '../src/db/schema';
import { account, availableOf, balanceOf } from '../src/domain/money/ledger';
import { reconcile } from '../src/domain/request/reconciliation';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle, type Company, type Status } from './lifecycle';
import { brokenInvariants, ledgerTotal } from './money-invariants';

/*
 * delete_request after payment: the Cancellation policy (full refund 72 h or more before the
 * move window, half inside 72 h, none once the move has started), the ledger, the races and a
 * provider failure. The service area's clock is UTC here, and the domain's clock is set so that
 * the move window starts the given number of hours after "now".
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ SERVICE_TIME_ZONE: 'UTC', IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());
const realClock = () => new Date();
afterEach(() => {
  ctx.app.domain.now = realClock;
});

const life = lifecycle(() => ctx);
const HOUR = 3_600_000;
const PRICE = 60_000; // $600.00 held in escrow
const FEE = 1_823; // (600.30 / 0.971 − 600 = 18.23)
const DAYS_AHEAD = 16;

const db = () => ctx.database.db;

const cancel = (token: string, request_id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customer/delete_request',
    headers: { 'x-sh-auth': token },
    payload: { request_id },
  });

/** The move window's start of the fixture's requests (08:00 on the service area's UTC clock). */
function windowStart(): Date {
  const day = addLocalDays(new Date(), DAYS_AHEAD);
  return new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 8, 0));
}

const totalOfAllAccounts = () => ledgerTotal(db());

let mover: Company | undefined;
const company = async () => (mover ??= await life.company());

/**
 * A customer with a card and a request that company won at $600 and the customer paid, brought to
 * `status` through the real calls, with the domain's clock `hours` before its move window.
 */
async function paidRequest(opts: { hours: number; status?: Status }) {
  const customer = await life.customer();
  // A company of its own: its payable balance is this request's alone.
  const company_ = await life.company();
  // The fixture's calls run on that clock too: a move is started in its window (decision 042).
  ctx.app.domain.now = () => new Date(windowStart().getTime() - opts.hours * HOUR);
  const { id } = await life.requestAt({
    status: opts.status ?? TimelineStatus.paid,
    customer,
    company: company_,
    amountCents: PRICE,
    daysAhead: DAYS_AHEAD,
  });
  return { customer: customer.user, token: customer.token, mover: company_.user, request: { id } };
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

/** The timeline entries the cancel wrote (those after the last status before it). */
const titles = async (id: number) => {
  const all = (
    await db().select().from(requestTimeline).where(eq(requestTimeline.requestId, id))
  ).map((t) => t.activityTitle);
  const from = all.lastIndexOf('Request Cancelled');
  return from === -1 ? [] : all.slice(from);
};

const refundPayments = (id: number) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, id), eq(payments.kind, 'refund')));

const noticesOf = async (requestId: number) =>
  db().select().from(notifications).where(eq(notifications.requestId, requestId));

describe('POST /api/customer/delete_request before payment', () => {
  it('cancels with nothing refunded, nothing in the ledger, and tells the customer', async () => {
    const customer = await life.customer();
    const mover_ = await company();
    const { id } = await life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer,
      company: mover_,
      amountCents: PRICE,
    });
    const res = await cancel(customer.token, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      request_id: id,
      request_status: 2,
      request_timeline_status: 11,
      refund_amount: 0,
      kept_amount: 0,
    });
    const entries = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.requestId, id));
    expect(entries).toEqual([]);
    const told = (await noticesOf(id)).filter((n) => n.messageBody.includes('cancelled'));
    expect(told.map((n) => n.userId).sort()).toEqual([customer.user.id, mover_.user.id].sort());
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
    const history = await db()
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestId, p.request.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 3, toStatus: 11, actorType: 'customer' });
    const told = await noticesOf(p.request.id);
    expect(told.filter((n) => n.userId === p.customer.id).at(-1)?.messageBody).toBe(
      `Request #${p.request.id} has been cancelled. $600.00 is refunded to your card.`,
    );
    expect(told.filter((n) => n.userId === p.mover.id).at(-1)?.messageBody).toBe(
      `Request #${p.request.id} was cancelled by the customer.`,
    );
    const [refund] = await refundPayments(p.request.id);
    expect(refund).toMatchObject({ kind: 'refund', status: 'succeeded', amountCents: PRICE });
  });

  it('refunds half inside 72 hours; the company keeps the other half, itemised', async () => {
    const p = await paidRequest({ hours: 30, status: TimelineStatus.truckAssigned });
    const res = await cancel(p.token, p.request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ refund_amount: 300, kept_amount: 300 });
    expect(await balances(p)).toEqual({ escrow: 0, card: -(PRICE / 2 + FEE), company: PRICE / 2 });
    expect(await totalOfAllAccounts()).toBe(0);
    const kinds = await db()
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.requestId, p.request.id),
          eq(ledgerTransactions.status, 'posted'),
        ),
      );
    expect(kinds.map((k) => k.kind).sort()).toEqual(['cancellation_fee', 'hold', 'refund']);
    expect(await titles(p.request.id)).toEqual([
      'Request Cancelled',
      'Refund of $300.00',
      'Cancellation fee of $300.00',
    ]);
    const told = await noticesOf(p.request.id);
    expect(told.filter((n) => n.userId === p.mover.id).at(-1)?.messageBody).toBe(
      `Request #${p.request.id} was cancelled by the customer. $300.00 of its escrow is yours as the cancellation fee.`,
    );
  });

  it.each([TimelineStatus.inProgress, TimelineStatus.completedByCompany] as const)(
    'refunds nothing once the move has started (status %i): the company keeps the escrow',
    async (status) => {
      // The eve of the move: its crew has started it.
      const p = await paidRequest({ hours: 2, status });
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
    const p = await paidRequest({ hours: 2, status: TimelineStatus.completed });
    const before = await balances(p);
    const res = await cancel(p.token, p.request.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This request can no longer be cancelled.');
    // Confirmed: the escrow was released to the company, and stays so.
    expect(before).toEqual({ escrow: 0, card: -(PRICE + FEE), company: PRICE });
    expect(await balances(p)).toEqual(before);
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
      .where(
        and(
          eq(sandboxOperations.reference, String(p.request.id)),
          eq(sandboxOperations.kind, 'refund'),
        ),
      );
    expect(refunds).toHaveLength(1);
    expect(await balances(p)).toEqual({ escrow: 0, card: -FEE, company: 0 });
    expect(await totalOfAllAccounts()).toBe(0);
    expect((await titles(p.request.id)).filter((t) => t === 'Request Cancelled')).toHaveLength(1);
  });

  it('racing the confirmation of the move, one wins and the ledger stays whole', async () => {
    for (let round = 0; round < 3; round += 1) {
      const p = await paidRequest({ hours: 2, status: TimelineStatus.completedByCompany });
      const [cancelled, confirmed] = await Promise.all([
        cancel(p.token, p.request.id),
        life.call('POST', '/api/customer/end_move_confirmation', p.token, {
          request_id: p.request.id,
        }),
      ]);
      const label = `cancel ${cancelled.statusCode} ${cancelled.body} / confirm ${confirmed.statusCode} ${confirmed.body}`;
      expect([cancelled.statusCode, confirmed.statusCode].sort(), label).toEqual([200, 409]);
      const row = await rowOf(p.request.id);
      expect(row.timelineStatus, label).toBe(
        cancelled.statusCode === 200 ? TimelineStatus.cancelled : TimelineStatus.completed,
      );
      // Either way the whole escrow went to the company: the move had been completed.
      expect(await balances(p), label).toEqual({ escrow: 0, card: -(PRICE + FEE), company: PRICE });
      expect(await brokenInvariants(db(), p.request.id), label).toEqual([]);
    }
  });

  it('a provider failure during the refund keeps the cancel, and the refund is made later, once', async () => {
    const p = await paidRequest({ hours: 24 * 10 });
    const spy = vi
      .spyOn(ctx.app.payments, 'refund')
      .mockRejectedValueOnce(new GatewayError('unavailable', 'connection reset'));
    try {
      const res = await cancel(p.token, p.request.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ refund_amount: 600, kept_amount: 0 });
    } finally {
      spy.mockRestore();
    }
    // Cancelled, the refund owed: pending, so the escrow can give nothing else meanwhile.
    expect(await rowOf(p.request.id)).toMatchObject({ timelineStatus: 11, requestStatus: 2 });
    expect(await refundPayments(p.request.id)).toMatchObject([{ status: 'pending' }]);
    expect(await balances(p)).toEqual({ escrow: PRICE, card: -(PRICE + FEE), company: 0 });
    expect(await availableOf({ db: db(), account: account.escrow(p.request.id) })).toBe(0);
    expect(await totalOfAllAccounts()).toBe(0);

    // The reconciliation asks the provider again under the same key: refunded once.
    const report = await reconcile(ctx.app.domain);
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await refundPayments(p.request.id)).toMatchObject([{ status: 'succeeded' }]);
    expect(await balances(p)).toEqual({ escrow: 0, card: -FEE, company: 0 });
    expect(await brokenInvariants(db(), p.request.id)).toEqual([]);
    expect(MSG.moneyPending).toBeTruthy();
  });
});
