import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, TimelineStatus } from '@movehub/shared';
import { GatewayError } from '../src/adapters/payments/gateway';
import {
  ledgerEntries,
  ledgerTransactions,
  moneyDiscrepancies,
  payments,
  requests,
  sandboxOperations,
} from '../src/db/schema';
import {
  account,
  availableOf,
  balanceOf,
  settleLedgerTransaction,
  writeLedgerTransaction,
} from '../src/domain/money/ledger';
import { executeMovement, settleFromNotice } from '../src/domain/request/settlement';
import { LEFT_PENDING_BEFORE_TWO_PHASES, reconcile } from '../src/domain/request/reconciliation';
import { runRequestCommand } from '../src/domain/request/command';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle, type Company, type Party, type Status } from './lifecycle';
import { brokenInvariants, ledgerTotal, moneyFacts } from './money-invariants';

/*
 * The ledger in two phases and the movements through the provider (docs/decisions/033): pending
 * then posted or voided, once; an escrow that never gives what it does not hold, refused by the
 * database itself; one call to the provider however many callers; and the reconciliation, which
 * settles what a crash or a silent provider left, with no customer action.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());
const realClock = () => new Date();
afterEach(() => {
  ctx.app.domain.now = realClock;
});

const life = lifecycle(() => ctx);
const db = () => ctx.database.db;
let mover: Company | undefined;
const company = async () => (mover ??= await life.company());

/** The domain's clock moved on by `ms`, as if that much time had passed. */
function later(ms: number) {
  const at = Date.now() + ms;
  ctx.app.domain.now = () => new Date(at);
}

/** The movements of a request, oldest first. */
const movementsOf = (requestId: number) =>
  db().select().from(payments).where(eq(payments.requestId, requestId)).orderBy(payments.id);

const ledgerTxOf = (paymentId: number) =>
  db().select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId));

/** A request of a $500 bid at `status` (awaiting payment unless said), for a customer with a card. */
async function moveAt(
  status: Status = TimelineStatus.awaitingPayment,
  daysAhead?: number,
): Promise<{ me: Party; id: number }> {
  const me = await life.customer();
  const { id } = await life.requestAt({
    status,
    customer: me,
    company: await company(),
    amountCents: 50_000,
    ...(daysAhead !== undefined ? { daysAhead } : {}),
  });
  return { me, id };
}

/** make_payment with the charge made at the provider but its answer lost: the movement waits. */
async function chargedButUnanswered() {
  const { me, id } = await moveAt();
  const gateway = ctx.app.payments;
  const charge = gateway.charge.bind(gateway);
  const spy = vi.spyOn(gateway, 'charge').mockImplementationOnce(async (opts) => {
    await charge(opts);
    throw new GatewayError('unavailable', 'the answer was lost');
  });
  try {
    const res = await life.call('POST', '/api/customer/make_payment', me.token, {
      request_id: id,
      price: 515.24,
    });
    expect(res.statusCode).toBe(500);
  } finally {
    spy.mockRestore();
  }
  const [movement] = await movementsOf(id);
  return { me, id, movement: movement! };
}

describe('the ledger in two phases', () => {
  it('counts a pending movement in what the escrow can give, and only a posted one in its balance', async () => {
    const { me, id } = await moveAt();
    // A paid request's escrow holds $500: paid through the real call.
    await life.ok('POST', '/api/customer/make_payment', me.token, {
      request_id: id,
      price: 515.24,
    });
    const escrow = account.escrow(id);
    expect(await balanceOf({ db: db(), account: escrow })).toBe(50_000);

    // A refund of $200 reserved under the request's lock, not yet made by the provider.
    const reserved = await runRequestCommand(
      { ...ctx.app.domain, executeMovement: async (paymentId) => ({ state: 'busy', paymentId }) },
      {
        requestId: id,
        actor: { type: 'system', userId: null },
        run: async (ctx_) => {
          const [hold] = await ctx_.tx
            .select()
            .from(payments)
            .where(and(eq(payments.requestId, id), eq(payments.kind, 'hold')));
          return ctx_.reserve({
            kind: 'refund',
            amountCents: 20_000,
            customerId: me.user.id,
            chargePaymentId: hold!.id,
            entries: [
              { account: escrow, amountCents: -20_000 },
              { account: account.customerCard(me.user.id), amountCents: 20_000 },
            ],
            purpose: { type: 'compensation', chargePaymentId: hold!.id },
          });
        },
      },
    );
    expect(await balanceOf({ db: db(), account: escrow })).toBe(50_000);
    expect(await availableOf({ db: db(), account: escrow })).toBe(30_000);

    // Settled by the provider's answer: posted once (asked as the reserving call asks).
    const outcome = await executeMovement(ctx.app.domain, reserved.value.id, {
      payment: reserved.value,
    });
    expect(outcome.state).toBe('posted');
    expect(await balanceOf({ db: db(), account: escrow })).toBe(30_000);
    expect(await availableOf({ db: db(), account: escrow })).toBe(30_000);
    expect(await ledgerTotal(db())).toBe(0);
  });

  it('settles a ledger transaction once, from pending only, and never deletes one', async () => {
    const { movement } = await chargedButUnanswered();
    const [pending] = await ledgerTxOf(movement.id);
    expect(pending).toMatchObject({ status: 'pending' });
    await db().transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', error: 'refused', inFlightUntil: null })
        .where(eq(payments.id, movement.id));
      await settleLedgerTransaction({ tx, paymentId: movement.id, status: 'voided' });
    });
    await expect(
      db()
        .update(ledgerTransactions)
        .set({ status: 'posted' })
        .where(eq(ledgerTransactions.id, pending!.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(ledgerTransactions)
        .set({ status: 'pending' })
        .where(eq(ledgerTransactions.id, pending!.id)),
    ).rejects.toThrow();
    await expect(
      db().delete(ledgerTransactions).where(eq(ledgerTransactions.id, pending!.id)),
    ).rejects.toThrow();
    expect((await ledgerTxOf(movement.id))[0]).toMatchObject({ status: 'voided' });
  });

  it('refuses, at commit, a debit that would take an escrow below what it holds', async () => {
    const escrow = account.escrow(2_000_000_000);
    await expect(
      db().transaction((tx) =>
        writeLedgerTransaction({
          tx,
          idempotencyKey: 'manual:overdraw',
          kind: 'refund',
          requestId: null,
          paymentId: null,
          status: 'pending',
          entries: [
            { account: escrow, amountCents: -100 },
            { account: 'customer_card:1', amountCents: 100 },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, 'manual:overdraw')),
    ).toEqual([]);
  });

  it('refuses an unbalanced transaction at commit', async () => {
    await expect(
      db().transaction(async (tx) => {
        const [t] = await tx
          .insert(ledgerTransactions)
          .values({ idempotencyKey: 'manual:unbalanced', kind: 'hold' })
          .returning();
        await tx.insert(ledgerEntries).values([
          { transactionId: t!.id, account: 'a', amountCents: 100 },
          { transactionId: t!.id, account: 'b', amountCents: -99 },
        ]);
      }),
    ).rejects.toThrow();
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, 'manual:unbalanced')),
    ).toHaveLength(0);
  });

  it('refuses to change or delete an entry', async () => {
    await db().transaction((tx) =>
      writeLedgerTransaction({
        tx,
        idempotencyKey: 'manual:balanced',
        kind: 'hold',
        requestId: null,
        paymentId: null,
        status: 'posted',
        entries: [
          { account: 'x', amountCents: 5 },
          { account: 'y', amountCents: -5 },
        ],
      }),
    );
    await expect(
      db().update(ledgerEntries).set({ amountCents: 6 }).where(eq(ledgerEntries.account, 'x')),
    ).rejects.toThrow();
    await expect(
      db().delete(ledgerEntries).where(eq(ledgerEntries.account, 'x')),
    ).rejects.toThrow();
  });

  it('refuses what no movement may be: a zero or negative amount, an unknown kind or status', async () => {
    const base = { requestId: null, kind: 'hold' as const, status: 'pending' as const };
    for (const values of [
      { ...base, idempotencyKey: 'bad:zero', amountCents: 0 },
      { ...base, idempotencyKey: 'bad:negative', amountCents: -5 },
      { ...base, idempotencyKey: 'bad:kind', amountCents: 5, kind: 'gift' },
      { ...base, idempotencyKey: 'bad:status', amountCents: 5, status: 'maybe' },
      // A refund names the charge it gives back.
      { ...base, idempotencyKey: 'bad:refund', amountCents: 5, kind: 'refund' },
    ]) {
      await expect(
        db()
          .insert(payments)
          .values(values as typeof payments.$inferInsert),
        values.idempotencyKey,
      ).rejects.toThrow();
    }
  });
});

describe('asking the provider', () => {
  it('asks once however many callers settle the same movement at once', async () => {
    const { movement } = await chargedButUnanswered();
    const before = await db()
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, movement.idempotencyKey));
    expect(before).toHaveLength(1);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => executeMovement(ctx.app.domain, movement.id)),
    );
    expect(outcomes.filter((o) => o.state === 'posted').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o.state === 'posted' || o.state === 'busy')).toBe(true);
    // Still one operation at the provider: the key was the same every time.
    expect(
      await db()
        .select()
        .from(sandboxOperations)
        .where(eq(sandboxOperations.idempotencyKey, movement.idempotencyKey)),
    ).toHaveLength(1);
    const [row] = await db().select().from(requests).where(eq(requests.id, movement.requestId!));
    expect(row!.timelineStatus).toBe(TimelineStatus.paid);
    expect(await brokenInvariants(db(), movement.requestId!)).toEqual([]);
  });

  it("settles a pending charge by the provider's signed notice", async () => {
    const { id, movement } = await chargedButUnanswered();
    const [op] = await db()
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, movement.idempotencyKey));
    await settleFromNotice(ctx.app.domain, {
      idempotencyKey: movement.idempotencyKey,
      ref: op!.ref,
      outcome: 'succeeded',
      status: 'succeeded',
    });
    expect((await movementsOf(id))[0]).toMatchObject({ status: 'succeeded', gatewayRef: op!.ref });
    // A second notice of the same payment changes nothing.
    await settleFromNotice(ctx.app.domain, {
      idempotencyKey: movement.idempotencyKey,
      ref: op!.ref,
      outcome: 'succeeded',
      status: 'succeeded',
    });
    expect(await brokenInvariants(db(), id)).toEqual([]);
    expect((await moneyFacts(db(), id)).escrowPosted).toBe(50_000);
  });
});

describe('the reconciliation', () => {
  it('posts a charge the provider made but nobody recorded, and finishes the payment', async () => {
    const { id, movement } = await chargedButUnanswered();
    expect(movement.status).toBe('pending');
    // Not yet: the provider may still be answering the call that timed out.
    await reconcile(ctx.app.domain);
    expect((await movementsOf(id))[0]).toMatchObject({ status: 'pending' });
    later(60_000);
    expect((await reconcile(ctx.app.domain)).settled).toBeGreaterThanOrEqual(1);
    expect((await movementsOf(id))[0]).toMatchObject({ status: 'succeeded' });
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.timelineStatus).toBe(TimelineStatus.paid);
    expect(await brokenInvariants(db(), id)).toEqual([]);
  });

  it('voids a pending charge the provider never made: nothing charged, the request still unpaid', async () => {
    const { me, id } = await moveAt();
    const spy = vi
      .spyOn(ctx.app.payments, 'charge')
      .mockRejectedValueOnce(new GatewayError('unavailable', 'connection reset'));
    try {
      const res = await life.call('POST', '/api/customer/make_payment', me.token, {
        request_id: id,
        price: 515.24,
      });
      expect(res.json()).toEqual({ code: 500, message: MSG.gatewayUnknown });
    } finally {
      spy.mockRestore();
    }
    later(60_000);
    await reconcile(ctx.app.domain);
    expect(await movementsOf(id)).toMatchObject([{ status: 'failed' }]);
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.timelineStatus).toBe(TimelineStatus.awaitingPayment);
    expect(await brokenInvariants(db(), id)).toEqual([]);
    // The customer pays afresh: a new movement, a new key.
    const paid = await life.call('POST', '/api/customer/make_payment', me.token, {
      request_id: id,
      price: 515.24,
    });
    expect(paid.statusCode).toBe(200);
    expect((await movementsOf(id)).map((m) => m.status)).toEqual(['failed', 'succeeded']);
  });

  it('records a charge the provider made under a key the ledger had voided, and gives it back', async () => {
    const { id, movement } = await chargedButUnanswered();
    // The ledger gave up on the charge (as a lookup that came too early could have).
    await db().transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', error: 'given up', inFlightUntil: null })
        .where(eq(payments.id, movement.id));
      await settleLedgerTransaction({ tx, paymentId: movement.id, status: 'voided' });
    });
    expect((await reconcile(ctx.app.domain)).adopted).toBeGreaterThanOrEqual(1);
    const facts = await moneyFacts(db(), id);
    // Charged $515.24 and refunded $515.24 at the provider; the ledger says the same.
    expect(facts.providerNet).toBe(0);
    expect(facts.ledgerNet).toBe(0);
    expect(await brokenInvariants(db(), id)).toEqual([]);
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row!.timelineStatus).toBe(TimelineStatus.awaitingPayment);
  });

  it('flags an operation the ledger never heard of, once', async () => {
    const { me, id } = await moveAt();
    await life.ok('POST', '/api/customer/make_payment', me.token, {
      request_id: id,
      price: 515.24,
    });
    await db()
      .insert(sandboxOperations)
      .values({
        idempotencyKey: `stray-${id}`,
        kind: 'charge',
        ref: `pi_stray_${id}`,
        amountCents: 1_234,
        outcome: 'succeeded',
        reference: String(id),
      });
    await reconcile(ctx.app.domain);
    await reconcile(ctx.app.domain);
    const flags = await db()
      .select()
      .from(moneyDiscrepancies)
      .where(eq(moneyDiscrepancies.requestId, id));
    expect(flags).toMatchObject([{ kind: 'unknown_operation', providerRef: `pi_stray_${id}` }]);
  });

  /** A paid request whose cancellation's refund the provider could not make: it waits. */
  async function refundWaiting() {
    const { me, id } = await moveAt(TimelineStatus.paid, 10);
    const spy = vi
      .spyOn(ctx.app.payments, 'refund')
      .mockRejectedValueOnce(new GatewayError('unavailable', 'connection reset'));
    try {
      await life.ok('POST', '/api/customer/delete_request', me.token, { request_id: id });
    } finally {
      spy.mockRestore();
    }
    return { id, refund: (await movementsOf(id)).find((m) => m.kind === 'refund')! };
  }

  it('makes a refund the provider could not make when it was decided, under the same key', async () => {
    const { id, refund } = await refundWaiting();
    expect(refund.status).toBe('pending');
    // A refund is owed: asked for again at once, not after a wait.
    await reconcile(ctx.app.domain);
    expect(await db().select().from(payments).where(eq(payments.id, refund.id))).toMatchObject([
      { status: 'succeeded' },
    ]);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxOperations)
        .where(eq(sandboxOperations.idempotencyKey, refund.idempotencyKey)),
    ).toEqual([{ n: 1 }]);
    expect(await brokenInvariants(db(), id)).toEqual([]);
  });

  it('stops asking a provider that answers nothing three times in a row, and goes on next run', async () => {
    const waiting = [];
    for (let i = 0; i < 4; i++) waiting.push((await refundWaiting()).refund);
    const down = vi
      .spyOn(ctx.app.payments, 'refund')
      .mockRejectedValue(new GatewayError('unavailable', 'provider down'));
    try {
      const report = await reconcile(ctx.app.domain);
      // Each unknown may have waited the whole time-out: the fourth is not asked.
      expect(down).toHaveBeenCalledTimes(3);
      expect(report.stillPending).toBe(3);
    } finally {
      down.mockRestore();
    }
    const ids = waiting.map((w) => w.id);
    const after = await db()
      .select()
      .from(payments)
      .where(sql`${payments.id} in ${ids}`);
    expect(after.map((p) => p.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    await reconcile(ctx.app.domain);
    const healed = await db()
      .select()
      .from(payments)
      .where(sql`${payments.id} in ${ids}`);
    expect(healed.map((p) => p.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  it('flags for an operator a refund the one-phase ledger left pending and the provider never made', async () => {
    const { me, id } = await moveAt(TimelineStatus.paid);
    const [hold] = await movementsOf(id);
    // As the migration to two phases left it: closed as failed, to be looked up once.
    const [legacy] = await db()
      .insert(payments)
      .values({
        idempotencyKey: `legacy-refund-${id}`,
        requestId: id,
        kind: 'refund',
        amountCents: 20_000,
        status: 'failed',
        error: LEFT_PENDING_BEFORE_TWO_PHASES,
        purpose: { type: 'cancel-refund' },
        customerId: me.user.id,
        chargePaymentId: hold!.id,
      })
      .returning();
    await reconcile(ctx.app.domain);
    await reconcile(ctx.app.domain);
    const [row] = await db().select().from(payments).where(eq(payments.id, legacy!.id));
    expect(row!.status).toBe('failed');
    expect(row!.error).toContain('never made at the provider');
    const flags = await db()
      .select()
      .from(moneyDiscrepancies)
      .where(eq(moneyDiscrepancies.paymentId, legacy!.id));
    expect(flags).toMatchObject([{ kind: 'missing_at_provider', amountCents: 20_000 }]);
    expect(flags[0]!.detail).toContain('still owed');
  });

  it("never settles a movement on a provider's operation of another amount under its key", async () => {
    const { id, movement } = await chargedButUnanswered();
    // The provider holds another operation under this key (another database's movement).
    await db()
      .update(sandboxOperations)
      .set({ amountCents: 1_00 })
      .where(eq(sandboxOperations.idempotencyKey, movement.idempotencyKey));
    later(120_000);
    const report = await reconcile(ctx.app.domain);
    expect(report.stillPending).toBeGreaterThanOrEqual(1);
    const [row] = await movementsOf(id);
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.error).toContain('is for 100 cents, not 51524');
    // Let the next tests' reconciliations not meet it.
    await db()
      .update(sandboxOperations)
      .set({ amountCents: movement.amountCents })
      .where(eq(sandboxOperations.idempotencyKey, movement.idempotencyKey));
    await reconcile(ctx.app.domain);
    expect(await movementsOf(id)).toMatchObject([{ status: 'succeeded' }]);
  });
});
