import { asc, eq, sql } from 'drizzle-orm';
import { TimelineStatus } from '@movehub/shared';
import { ledgerEntries, ledgerTransactions, notifications, requests } from '../src/db/schema';
import type { SandboxGateway } from '../src/adapters/payments/sandbox-gateway';
import type { TestContext } from './helper';
import { lifecycle, type Company, type Party, type Status } from './lifecycle';

/*
 * Fixtures of move day and after: a company with a profile, foremen and trucks; a customer with
 * a saved sandbox card; a request that company won and the customer paid, brought to its status
 * through the real calls (test/lifecycle.ts).
 */

export function moveFixtures(ctx: () => TestContext) {
  const life = lifecycle(ctx);
  const db = life.db;
  // The parties this fixture made, by user id: a test names them by id.
  const parties = new Map<number, Party | Company>();

  async function company(opts: { rating?: number; completedMoves?: number } = {}) {
    const made = await life.company(opts);
    parties.set(made.user.id, made);
    return made;
  }

  async function customer(cardNumber = '4242424242424242') {
    const made = await life.customer(cardNumber);
    parties.set(made.user.id, made);
    return made;
  }

  function partyOf<T extends Party>(id: number): T {
    const party = parties.get(id);
    if (!party) throw new Error(`user ${id} was not made by moveFixtures`);
    return party as T;
  }

  /**
   * A request the company won at `amountCents` (discount applied), paid into escrow through
   * make_payment, and brought further to `status` by the company's, the foreman's and the
   * customer's calls. `foremanId` names which of the company's foremen is assigned. `overrides`
   * sets data columns that no call sets the way a test needs them (never a status).
   */
  async function paidRequest(opts: {
    customerId: number;
    companyId: number;
    amountCents?: number;
    discountPercent?: number;
    status?: Status;
    foremanId?: number;
    daysAhead?: number;
    /** The move day as YYYY-MM-DD, in place of daysAhead. */
    moveDate?: string;
    overrides?: Omit<
      Partial<typeof requests.$inferInsert>,
      'customerId' | 'timelineStatus' | 'requestStatus'
    >;
  }) {
    const customerParty = partyOf<Party>(opts.customerId);
    const companyParty = partyOf<Company>(opts.companyId);
    const foremanId = opts.foremanId ?? opts.overrides?.foremanId ?? undefined;
    const crew =
      foremanId !== undefined && foremanId !== null
        ? {
            ...companyParty,
            foremen: [
              ...companyParty.foremen.filter((f) => f.user.id === foremanId),
              ...companyParty.foremen.filter((f) => f.user.id !== foremanId),
            ],
          }
        : companyParty;
    const { id, heldCents } = await life.requestAt({
      status: opts.status ?? TimelineStatus.paid,
      customer: customerParty,
      company: crew,
      ...(opts.amountCents !== undefined ? { amountCents: opts.amountCents } : {}),
      ...(opts.discountPercent !== undefined ? { discountPercent: opts.discountPercent } : {}),
      ...(opts.daysAhead !== undefined ? { daysAhead: opts.daysAhead } : {}),
      ...(opts.moveDate !== undefined ? { moveDate: opts.moveDate } : {}),
    });
    const { foremanId: _assigned, ...data } = opts.overrides ?? {};
    if (Object.keys(data).length > 0) {
      await db().update(requests).set(data).where(eq(requests.id, id));
    }
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    return { ...row!, heldCents };
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

  /** Every posted ledger line together: always zero. */
  async function ledgerTotal(): Promise<number> {
    const [row] = await db()
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.status, 'posted'));
    return row?.total ?? -1;
  }

  return {
    db,
    sandbox: () => ctx().app.payments as SandboxGateway,
    tokenOf: life.tokenOf,
    company,
    customer,
    paidRequest,
    call,
    requestRow,
    noticesOf,
    ledgerTotal,
    life,
  };
}
