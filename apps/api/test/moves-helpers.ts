import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { processingFeeCents, TimelineStatus, UserType } from '@movehub/shared';
import type { SandboxGateway } from '../src/adapters/payments/sandbox-gateway';
import {
  companyForemen,
  companyProfiles,
  companyTrucks,
  ledgerEntries,
  notifications,
  requests,
  sessions,
} from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';
import { addCard } from '../src/modules/cards/cards.service';
import { holdInEscrow } from '../src/modules/payments/payments.service';
import { createRequest, createUser, type TestContext } from './helper';

/*
 * Fixtures of move day and after: a company with a profile, foremen and trucks; a customer with
 * a saved sandbox card; a request that company won, paid into escrow through the real payments
 * service (status 3).
 */

export function moveFixtures(ctx: () => TestContext) {
  const db = () => ctx().database.db;
  const sandbox = () => ctx().app.payments as SandboxGateway;

  /** A live session for a user (login is rate limited and tested elsewhere). */
  async function tokenOf(userId: number): Promise<string> {
    const token = newToken();
    await db()
      .insert(sessions)
      .values({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      });
    return token;
  }

  async function company(opts: { rating?: number; completedMoves?: number } = {}) {
    const user = await createUser(ctx().database, {
      userType: UserType.company,
      email: `company-${randomUUID()}@example.com`,
    });
    const name = `Movers ${user.id}`;
    await db()
      .insert(companyProfiles)
      .values({
        userId: user.id,
        name,
        truckCount: 2,
        rating: opts.rating ?? 0,
        completedMoves: opts.completedMoves ?? 0,
      });
    const foremen = [];
    for (const first of ['Carla', 'Dev']) {
      const foreman = await createUser(ctx().database, {
        userType: UserType.foreman,
        email: `foreman-${randomUUID()}@example.com`,
        firstName: first,
        lastName: 'Crew',
      });
      await db().insert(companyForemen).values({ userId: foreman.id, companyId: user.id });
      foremen.push({ user: foreman, token: await tokenOf(foreman.id) });
    }
    const trucks = await db()
      .insert(companyTrucks)
      .values([
        { companyId: user.id, name: '26 ft box truck' },
        { companyId: user.id, name: 'Cargo van' },
        { companyId: user.id, name: 'Retired truck', isActive: false },
      ])
      .returning();
    return { user, name, token: await tokenOf(user.id), foremen, trucks };
  }

  async function customer(cardNumber = '4242424242424242') {
    const user = await createUser(ctx().database, {
      firstName: 'Robin',
      lastName: 'Hart',
      email: `customer-${randomUUID()}@example.com`,
    });
    const { token: cardToken } = await sandbox().tokenize({
      number: cardNumber,
      holderName: 'Robin Hart',
      expMonth: 12,
      expYear: 2034,
    });
    await addCard({ db: db(), gateway: sandbox(), userId: user.id, token: cardToken });
    return { user, token: await tokenOf(user.id) };
  }

  /**
   * A request the company won at `amountCents` (discount applied), paid into escrow: status 3.
   * `status` moves it further directly in the database (the steps before are tested on their own).
   */
  async function paidRequest(opts: {
    customerId: number;
    companyId: number;
    amountCents?: number;
    discountPercent?: number;
    status?: TimelineStatus;
    overrides?: Omit<Partial<typeof requests.$inferInsert>, 'customerId'>;
  }) {
    const amount = opts.amountCents ?? 50_000;
    const discount = opts.discountPercent ?? 0;
    const request = await createRequest(ctx().database, {
      customerId: opts.customerId,
      companyId: opts.companyId,
      finalAmountCents: amount,
      discountPercent: discount,
      timelineStatus: TimelineStatus.awaitingPayment,
      ...opts.overrides,
    });
    const held = Math.round((amount * (100 - discount)) / 100);
    await holdInEscrow({
      db: db(),
      gateway: sandbox(),
      requestId: request.id,
      customerId: opts.customerId,
      amountCents: held,
      feeCents: processingFeeCents(held),
      attempt: 1,
      apply: async (tx) => {
        await tx
          .update(requests)
          .set({ timelineStatus: opts.status ?? TimelineStatus.paid })
          .where(eq(requests.id, request.id));
      },
    });
    return { ...request, heldCents: held };
  }

  const call = (url: string, token: string | undefined, payload: object) =>
    ctx().app.inject({
      method: 'POST',
      url,
      headers: token ? { 'x-sh-auth': token } : {},
      payload,
    });

  const requestRow = async (id: number) =>
    (await db().select().from(requests).where(eq(requests.id, id)))[0]!;

  const noticesOf = async (userId: number, requestId: number) =>
    (
      await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.id))
    )
      .filter((n) => n.requestId === requestId)
      .map((n) => n.messageBody);

  /** Every ledger account together: always zero. */
  async function ledgerTotal(): Promise<number> {
    const [row] = await db()
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries);
    return row?.total ?? -1;
  }

  return {
    db,
    sandbox,
    tokenOf,
    company,
    customer,
    paidRequest,
    call,
    requestRow,
    noticesOf,
    ledgerTotal,
  };
}
