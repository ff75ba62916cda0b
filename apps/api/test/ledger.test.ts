import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { GatewayError, type PaymentGateway } from '../src/adapters/payments/gateway';
import { SandboxGateway } from '../src/adapters/payments/sandbox-gateway';
import {
  ledgerEntries,
  ledgerTransactions,
  payments,
  requests,
  sandboxOperations,
} from '../src/db/schema';
import { account, balanceOf, postLedgerTransaction } from '../src/modules/payments/ledger';
import {
  chargeTip,
  holdInEscrow,
  refundFromEscrow,
  releaseToCompany,
} from '../src/modules/payments/payments.service';
import { addCard } from '../src/modules/cards/cards.service';
import { UserType } from '@movehub/shared';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';

let ctx: TestContext;
let sandbox: SandboxGateway;
beforeAll(async () => {
  ctx = await buildTestApp();
  sandbox = new SandboxGateway(ctx.database.db);
});
afterAll(() => ctx.close());

/** The sandbox, counting the charges it is asked for: the adapter boundary, nothing of ours mocked. */
function counting(gateway: PaymentGateway) {
  const calls = { charge: 0 };
  const wrapped: PaymentGateway = Object.create(gateway);
  wrapped.charge = async (opts) => {
    calls.charge++;
    return gateway.charge(opts);
  };
  return { gateway: wrapped, calls };
}

/** A gateway that fails every charge the given way. */
function failing(kind: 'error' | 'timeout'): PaymentGateway {
  const wrapped: PaymentGateway = Object.create(sandbox);
  wrapped.charge = () =>
    kind === 'error'
      ? Promise.reject(new GatewayError('unavailable', 'connection reset'))
      : new Promise(() => undefined); // never answers
  return wrapped;
}

async function customerWithCard(number = '4242424242424242') {
  const customer = await createUser(ctx.database);
  const { token } = await sandbox.tokenize({
    number,
    holderName: 'Pat Lee',
    expMonth: 12,
    expYear: 2034,
  });
  await addCard({ db: ctx.database.db, gateway: sandbox, userId: customer.id, token });
  const request = await createRequest(ctx.database, { customerId: customer.id, timelineStatus: 2 });
  return { customer, request };
}

async function totalOfAllAccounts(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries);
  return row?.total ?? -1;
}

const markPaid =
  (requestId: number) =>
  async (tx: Parameters<NonNullable<Parameters<typeof holdInEscrow>[0]['apply']>>[0]) => {
    await tx.update(requests).set({ timelineStatus: 3 }).where(eq(requests.id, requestId));
  };

describe('holding a payment in escrow', () => {
  it('charges the card once and writes balanced entries with the state change', async () => {
    const { customer, request } = await customerWithCard();
    const { gateway, calls } = counting(sandbox);
    const result = await holdInEscrow({
      db: ctx.database.db,
      gateway,
      requestId: request.id,
      customerId: customer.id,
      amountCents: 50_000,
      feeCents: 1_524,
      attempt: 1,
      apply: markPaid(request.id),
    });
    expect(result.replayed).toBe(false);
    expect(calls.charge).toBe(1);
    const db = ctx.database.db;
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(50_000);
    expect(await balanceOf({ db, account: account.customerCard(customer.id) })).toBe(-51_524);
    const [after] = await db.select().from(requests).where(eq(requests.id, request.id));
    expect(after?.timelineStatus).toBe(3);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it('sent twice with one idempotency key, charges once', async () => {
    const { customer, request } = await customerWithCard();
    const { gateway, calls } = counting(sandbox);
    const args = {
      db: ctx.database.db,
      gateway,
      requestId: request.id,
      customerId: customer.id,
      amountCents: 30_000,
      feeCents: 0,
      attempt: 1,
    };
    const first = await holdInEscrow(args);
    const second = await holdInEscrow(args);
    expect(second).toMatchObject({
      replayed: true,
      paymentId: first.paymentId,
      gatewayRef: first.gatewayRef,
    });
    expect(calls.charge).toBe(1);
    expect(await balanceOf({ db: ctx.database.db, account: account.escrow(request.id) })).toBe(
      30_000,
    );
  });

  it('sent 50 times at once with one idempotency key, charges once', async () => {
    const { customer, request } = await customerWithCard();
    const { gateway, calls } = counting(sandbox);
    const args = {
      db: ctx.database.db,
      gateway,
      requestId: request.id,
      customerId: customer.id,
      amountCents: 40_000,
      feeCents: 1_000,
      attempt: 1,
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => holdInEscrow(args)));
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    // The others were told the payment is in progress (409), not charged.
    for (const r of rejected) expect((r.reason as { code: number }).code).toBe(409);
    expect(calls.charge).toBe(1);
    const db = ctx.database.db;
    const key = `${request.id}:hold:1`;
    expect(await db.select().from(payments).where(eq(payments.idempotencyKey, key))).toHaveLength(
      1,
    );
    expect(
      await db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, key)),
    ).toHaveLength(1);
    expect(
      await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key)),
    ).toHaveLength(1);
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(40_000);
    expect(await totalOfAllAccounts()).toBe(0);
  });

  it.each(['error', 'timeout'] as const)(
    'a gateway %s leaves no ledger entries and no state change',
    async (kind) => {
      const { customer, request } = await customerWithCard();
      let applied = false;
      await expect(
        holdInEscrow({
          db: ctx.database.db,
          gateway: failing(kind),
          requestId: request.id,
          customerId: customer.id,
          amountCents: 20_000,
          feeCents: 0,
          attempt: 1,
          timeoutMs: 200,
          apply: async () => {
            applied = true;
          },
        }),
      ).rejects.toMatchObject({
        code: 500,
        message: 'The payment provider did not answer. Nothing was charged; please try again.',
      });
      expect(applied).toBe(false);
      const db = ctx.database.db;
      expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(0);
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, `${request.id}:hold:1`));
      expect(payment?.status).toBe('failed');
      const [after] = await db.select().from(requests).where(eq(requests.id, request.id));
      expect(after?.timelineStatus).toBe(2);

      // A retry with the same key, once the provider answers, charges once and completes.
      const { gateway, calls } = counting(sandbox);
      const retried = await holdInEscrow({
        db,
        gateway,
        requestId: request.id,
        customerId: customer.id,
        amountCents: 20_000,
        feeCents: 0,
        attempt: 1,
      });
      expect(retried.replayed).toBe(false);
      expect(calls.charge).toBe(1);
      expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(20_000);
    },
  );

  it('a card declined at charge time changes nothing and shows the reason', async () => {
    const { customer, request } = await customerWithCard('4000000000000341');
    await expect(
      holdInEscrow({
        db: ctx.database.db,
        gateway: sandbox,
        requestId: request.id,
        customerId: customer.id,
        amountCents: 10_000,
        feeCents: 0,
        attempt: 1,
      }),
    ).rejects.toMatchObject({ code: 400, message: 'Your card was declined.' });
    expect(await balanceOf({ db: ctx.database.db, account: account.escrow(request.id) })).toBe(0);
  });

  it('without a saved card answers with the spec message', async () => {
    const customer = await createUser(ctx.database);
    const request = await createRequest(ctx.database, { customerId: customer.id });
    await expect(
      holdInEscrow({
        db: ctx.database.db,
        gateway: sandbox,
        requestId: request.id,
        customerId: customer.id,
        amountCents: 10_000,
        feeCents: 0,
        attempt: 1,
      }),
    ).rejects.toMatchObject({
      code: 400,
      message: 'Cannot charge a customer that has no active card',
    });
  });

  it('a failing state change after the charge refunds it and writes no entries', async () => {
    const { customer, request } = await customerWithCard();
    await expect(
      holdInEscrow({
        db: ctx.database.db,
        gateway: sandbox,
        requestId: request.id,
        customerId: customer.id,
        amountCents: 12_000,
        feeCents: 0,
        attempt: 1,
        apply: async () => {
          throw new Error('request was cancelled meanwhile');
        },
      }),
    ).rejects.toThrow('request was cancelled meanwhile');
    const db = ctx.database.db;
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(0);
    const refunds = await db
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, `${request.id}:hold:1:compensate`));
    expect(refunds).toHaveLength(1);
  });
});

describe('release, refund and tip', () => {
  it('moves escrow to the company and back to the customer, and keeps every account set at zero', async () => {
    const { customer, request } = await customerWithCard();
    const company = await createUser(ctx.database, { userType: UserType.company });
    const db = ctx.database.db;
    await holdInEscrow({
      db,
      gateway: sandbox,
      requestId: request.id,
      customerId: customer.id,
      amountCents: 60_000,
      feeCents: 1_830,
      attempt: 1,
    });

    await refundFromEscrow({
      db,
      gateway: sandbox,
      requestId: request.id,
      customerId: customer.id,
      amountCents: 10_000,
      attempt: 1,
    });
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(50_000);

    await expect(
      refundFromEscrow({
        db,
        gateway: sandbox,
        requestId: request.id,
        customerId: customer.id,
        amountCents: 60_000,
        attempt: 2,
      }),
    ).rejects.toMatchObject({ code: 400 });

    await releaseToCompany({
      db,
      gateway: sandbox,
      requestId: request.id,
      companyId: company.id,
      amountCents: 50_000,
      destination: null,
    });
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(0);
    expect(await balanceOf({ db, account: account.companyPayable(company.id) })).toBe(50_000);

    await chargeTip({
      db,
      gateway: sandbox,
      requestId: request.id,
      customerId: customer.id,
      companyId: company.id,
      amountCents: 7_500,
      attempt: 1,
    });
    expect(await balanceOf({ db, account: account.tipsPayable(company.id) })).toBe(7_500);
    expect(await balanceOf({ db, account: account.customerCard(customer.id) })).toBe(
      -61_830 + 10_000 - 7_500,
    );
    expect(await totalOfAllAccounts()).toBe(0);
  });
});

describe('a movement whose state change fails', () => {
  it('leaves a release and a refund retryable under the same key, recorded once', async () => {
    const { customer, request } = await customerWithCard();
    const company = await createUser(ctx.database, { userType: UserType.company });
    const db = ctx.database.db;
    await holdInEscrow({
      db,
      gateway: sandbox,
      requestId: request.id,
      customerId: customer.id,
      amountCents: 30_000,
      feeCents: 0,
      attempt: 1,
    });
    const failOnce = async () => {
      throw new Error('the database went away');
    };
    const refund = (apply?: () => Promise<void>) =>
      refundFromEscrow({
        db,
        gateway: sandbox,
        requestId: request.id,
        customerId: customer.id,
        amountCents: 10_000,
        attempt: 1,
        apply,
      });
    await expect(refund(failOnce)).rejects.toThrow('the database went away');
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(30_000);
    await refund();
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(20_000);

    const release = (apply?: () => Promise<void>) =>
      releaseToCompany({
        db,
        gateway: sandbox,
        requestId: request.id,
        companyId: company.id,
        amountCents: 20_000,
        destination: null,
        apply,
      });
    await expect(release(failOnce)).rejects.toThrow('the database went away');
    await release();
    expect(await balanceOf({ db, account: account.escrow(request.id) })).toBe(0);
    expect(await balanceOf({ db, account: account.companyPayable(company.id) })).toBe(20_000);
    expect(await totalOfAllAccounts()).toBe(0);
  });
});

describe('the database guards the ledger', () => {
  it('refuses an unbalanced transaction at commit', async () => {
    const db = ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        const [t] = await tx
          .insert(ledgerTransactions)
          .values({ idempotencyKey: 'manual:unbalanced', kind: 'manual' })
          .returning();
        await tx.insert(ledgerEntries).values([
          { transactionId: t!.id, account: 'a', amountCents: 100 },
          { transactionId: t!.id, account: 'b', amountCents: -99 },
        ]);
      }),
    ).rejects.toThrow();
    expect(
      await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, 'manual:unbalanced')),
    ).toHaveLength(0);
  });

  it('refuses to change or delete an entry', async () => {
    const db = ctx.database.db;
    await db.transaction((tx) =>
      postLedgerTransaction({
        db: tx,
        idempotencyKey: 'manual:balanced',
        kind: 'manual',
        requestId: null,
        paymentId: null,
        entries: [
          { account: 'x', amountCents: 5 },
          { account: 'y', amountCents: -5 },
        ],
      }),
    );
    await expect(
      db.update(ledgerEntries).set({ amountCents: 6 }).where(eq(ledgerEntries.account, 'x')),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.account, 'x'))).rejects.toThrow();
  });
});
