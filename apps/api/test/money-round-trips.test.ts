import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentBreakdown, TimelineStatus, toDollars } from '@movehub/shared';
import { eq } from 'drizzle-orm';
import { requests } from '../src/db/schema';
import { deliverPendingMessages } from '../src/modules/customer-messages/customer-messages.service';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle, serviceDay, type Company } from './lifecycle';
import { countsStatements, showStatements as show, statementsOf } from './statements';

/*
 * The money calls are bound by round trips to the database (docs/performance.md): each statement
 * is one. These pin how many statements one make_payment, one end_move_confirmation and the
 * payment's email (with its calendar invite) send, as upper bounds, so that a change that adds
 * round trips to them fails here (statements.ts counts them).
 */

let ctx: TestContext;
beforeAll(async () => {
  // As in production: no demo simulator (its subscriber reads the request after each event).
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000', DEMO_SIMULATOR: 'false' });
});
afterAll(() => ctx.close());

const life = lifecycle(() => ctx);
let mover: Company | undefined;
const company = async () => (mover ??= await life.company());

describe('round trips of the money calls', () => {
  it('make_payment, end_move_confirmation and the payment email each send a bounded number of statements', async () => {
    if (!countsStatements(ctx)) return; // counted on the embedded client
    const me = await life.customer();
    const mine = await company();
    // A first request of the customer paid and confirmed, so that every cache is warm.
    const warm = await life.requestAt({
      status: TimelineStatus.completed,
      customer: me,
      company: mine,
    });
    expect(warm.id).toBeGreaterThan(0);
    const deliver = () =>
      deliverPendingMessages({
        db: ctx.app.db,
        mailer: ctx.app.mailer,
        sms: ctx.app.sms,
        jobs: ctx.app.jobs,
        config: ctx.app.config,
        log: ctx.app.log,
      });
    await deliver();

    const { id } = await life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer: me,
      company: mine,
      moveDate: serviceDay(1),
    });
    const [row] = await life.db().select().from(requests).where(eq(requests.id, id));
    const total = paymentBreakdown(row!.finalAmountCents!, row!.discountPercent).totalCents;
    const pay = await statementsOf(ctx, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer/make_payment',
        headers: { 'x-sh-auth': me.token },
        payload: { request_id: id, price: toDollars(total) },
      });
      expect(res.statusCode).toBe(200);
    });
    show('make_payment', pay);

    // The delivery job's work for the payment's email with its calendar invite.
    const email = await statementsOf(ctx, async () => {
      expect(await deliver()).toBe(1);
    });
    show('payment email', email);

    await life.assign(mine, id);
    await life.start(mine, id);
    await life.complete(mine, id);
    const confirm = await statementsOf(ctx, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer/end_move_confirmation',
        headers: { 'x-sh-auth': me.token },
        payload: { request_id: id },
      });
      expect(res.statusCode).toBe(200);
    });
    show('end_move_confirmation', confirm);

    // Each bound is today's count: a change that adds a round trip to these paths fails here (and
    // one that saves some lowers the bound). BEGIN and COMMIT are one each.
    // make_payment: the session; the command (lock; the pending movement with the card; the
    // movement with its ledger lines); the provider (the sandbox's one row); the settlement (lock;
    // the movement posted with its ledger transaction; the status with its history and timeline,
    // the receipt and the events); the dispatch (claim; the notifications with their signals;
    // the customer's message).
    expect(pay.length).toBeLessThanOrEqual(17);
    // end_move_confirmation: the session; the command (lock; the pending movement with the escrow
    // and the company's name; the status with its history and timeline, the release, the
    // company's count and the events); the dispatch, as above.
    expect(confirm.length).toBeLessThanOrEqual(11);
    // The email: the message claimed and marked with the address and phone; the move's facts;
    // the outbox row; the reminder's job; the next claim that finds nothing.
    expect(email.length).toBeLessThanOrEqual(9);
  });
});
