import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  paymentBreakdown,
  TimelineStatus,
  toDollars,
  type RequestDetailResponse,
} from '@movehub/shared';
import { receiptCounters, requests } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import { receiptProblems } from './money-invariants';
import { moveFixtures } from './moves-helpers';
import type { Company, Party } from './lifecycle';

/*
 * Receipts numbered per customer (decision 041): every payment, tip and refund on a customer's
 * card is their receipt 1, 2, 3… across all their requests, never a number twice and none
 * skipped, also when two of their movements post at the same moment; each receipt says which
 * company, which card (brand and last four digits), the move's date and its addresses.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ SERVICE_TIME_ZONE: 'America/Los_Angeles' });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const life = f.life;

async function detail(token: string, requestId: number) {
  const res = await f.call('/api/customer/customer_request_detail', token, {
    request_id: requestId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as RequestDetailResponse).data;
}

async function pdfOf(token: string, requestId: number, receiptId: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/customer/request_receipt?request_id=${requestId}&receipt_id=${receiptId}`,
    headers: { 'x-sh-auth': token },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, doc: await PDFDocument.load(res.rawPayload, { updateMetadata: false }) };
}

/** The customer's receipts over all their requests: [number, request, kind], by number. */
async function numbersOf(customer: Party, requestIds: number[]) {
  const all: [number, number, string][] = [];
  for (const id of requestIds) {
    for (const r of (await detail(customer.token, id)).receipts) all.push([r.number, id, r.kind]);
  }
  return all.sort((a, b) => a[0] - b[0]);
}

/** A request of `customer` that `company` won at $500: awaiting payment (status 2). */
const awaitingPayment = (customer: Party, company: Company) =>
  life.requestAt({
    status: TimelineStatus.awaitingPayment,
    customer,
    company,
    amountCents: 50_000,
  });

const pay = (customer: Party, requestId: number) =>
  f.call('/api/customer/make_payment', customer.token, {
    request_id: requestId,
    price: toDollars(paymentBreakdown(50_000, 0).totalCents),
  });

describe('receipt numbers', () => {
  it("numbers a customer's payments and refunds 1, 2, 3 across their requests, apart from other customers'", async () => {
    const company = await f.company();
    const customer = await f.customer();
    const other = await f.customer();
    const first = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    const theirs = await life.requestAt({ status: TimelineStatus.paid, customer: other, company });
    const second = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    await life.ok('POST', '/api/customer/delete_request', customer.token, {
      request_id: first.id,
    });

    expect(await numbersOf(customer, [first.id, second.id])).toEqual([
      [1, first.id, 'payment'],
      [2, second.id, 'payment'],
      [3, first.id, 'refund'],
    ]);
    expect(await numbersOf(other, [theirs.id])).toEqual([[1, theirs.id, 'payment']]);
    expect(await receiptProblems(f.db(), first.id)).toEqual([]);
    expect(await receiptProblems(f.db(), theirs.id)).toEqual([]);
  });

  it('gives a declined charge no number: the next receipt follows the last one', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const paid = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    const next = await awaitingPayment(customer, company);
    // A card that saves but is declined when charged.
    await life.ok('POST', '/api/customer/delete_card', customer.token, {});
    await life.saveCard(customer, '4000000000000341');
    const declined = await pay(customer, next.id);
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({ code: 400, card_declined: true });

    await life.ok('POST', '/api/customer/delete_card', customer.token, {});
    await life.saveCard(customer, '5555555555554444');
    expect((await pay(customer, next.id)).statusCode).toBe(200);
    expect(await numbersOf(customer, [paid.id, next.id])).toEqual([
      [1, paid.id, 'payment'],
      [2, next.id, 'payment'],
    ]);
    expect(await receiptProblems(f.db(), next.id)).toEqual([]);
  });

  it('numbers one after the other the receipts of one customer that post at the same moment', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const paid = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    const waiting = [];
    for (let i = 0; i < 4; i += 1) waiting.push((await awaitingPayment(customer, company)).id);

    // Four payments and a cancellation's refund of the same customer, all at once.
    const answers = await Promise.all([
      ...waiting.map((id) => pay(customer, id)),
      f.call('/api/customer/delete_request', customer.token, { request_id: paid.id }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const numbers = await numbersOf(customer, [paid.id, ...waiting]);
    expect(numbers.map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(numbers.filter(([, , kind]) => kind === 'payment')).toHaveLength(5);
    for (const id of [paid.id, ...waiting]) {
      expect(await receiptProblems(f.db(), id)).toEqual([]);
    }
  });

  it('waits for a number another transaction holds, and takes it when that transaction rolls back', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const paid = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    const next = await awaitingPayment(customer, company);
    const rolledBack = new Error('rolled back');
    let payment: Promise<{ statusCode: number }> | undefined;

    // A movement of the same customer's that took number 2 and is still open.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx
          .update(receiptCounters)
          .set({ lastNumber: sql`${receiptCounters.lastNumber} + 1` })
          .where(eq(receiptCounters.customerId, customer.user.id));
        // On PostgreSQL the payment reaches the counter and waits for this transaction. PGlite is
        // one connection: there the payment is made after it, which proves only the rollback.
        if (ctx.databaseUrl) {
          payment = pay(customer, next.id);
          await waitForLockWaiter();
        }
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);

    expect((await (payment ?? pay(customer, next.id))).statusCode).toBe(200);
    expect(await numbersOf(customer, [paid.id, next.id])).toEqual([
      [1, paid.id, 'payment'],
      [2, next.id, 'payment'],
    ]);
  });
});

/** Until another session of this database waits for a lock (bounded: 10 s). */
async function waitForLockWaiter() {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const result = await ctx.app.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    const [row] = (result as unknown as { rows: { n: number }[] }).rows;
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the payment never waited for the receipt counter');
}

describe('what a receipt says', () => {
  it('names the company, the card by brand and last four digits, the move date and the addresses', async () => {
    const company = await f.company();
    const customer = await f.customer('5555555555554444');
    const { id } = await life.requestAt({
      status: TimelineStatus.paid,
      customer,
      company,
      window: ['08:00', '12:00'],
    });
    const [receipt] = (await detail(customer.token, id)).receipts;
    expect(receipt).toMatchObject({ number: 1, kind: 'payment' });
    const { res, doc } = await pdfOf(customer.token, id, receipt!.receipt_id);
    expect(res.headers['content-disposition']).toBe('attachment; filename="receipt-1.pdf"');
    expect(doc.getTitle()).toBe(`Payment receipt No. 1 - request #${id}`);
    const keywords = doc.getKeywords() ?? '';
    const [row] = await f.db().select().from(requests).where(eq(requests.id, id));
    expect(keywords).toContain('number:1');
    expect(keywords).toContain(`company:${company.name}`);
    expect(keywords).toContain('card:MasterCard ending in 4444');
    expect(keywords).toContain(`move_date:${row!.moveDate}`);
    expect(keywords).toContain('address:100 Main St, Los Angeles, CA 90012, USA (pick-up)');
    expect(keywords).toContain('address:101 Main St, Los Angeles, CA 90402, USA (drop-off)');
  });

  it('keeps the card a payment was made with, and refunds to it, after the customer changes cards', async () => {
    const company = await f.company();
    const customer = await f.customer('4242424242424242');
    const { id } = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    await life.ok('POST', '/api/customer/delete_card', customer.token, {});
    await life.saveCard(customer, '5555555555554444');
    await life.ok('POST', '/api/customer/delete_request', customer.token, { request_id: id });

    const receipts = (await detail(customer.token, id)).receipts;
    expect(receipts.map((r) => [r.number, r.kind])).toEqual([
      [1, 'payment'],
      [2, 'refund'],
    ]);
    for (const r of receipts) {
      const { doc } = await pdfOf(customer.token, id, r.receipt_id);
      expect(doc.getKeywords()).toContain('card:Visa ending in 4242');
    }
  });
});

describe('a cancelled request', () => {
  it('says what was refunded to the card and what the company kept', async () => {
    const company = await f.company();
    const customer = await f.customer();
    // Inside 72 hours of the move: half back, half the company's (decision 013).
    const { id } = await life.requestAt({
      status: TimelineStatus.paid,
      customer,
      company,
      daysAhead: 1,
    });
    const before = await detail(customer.token, id);
    expect(before.cancellation).toBeNull();
    const refund = before.cancellation_refund!;
    await life.ok('POST', '/api/customer/delete_request', customer.token, { request_id: id });

    const after = await detail(customer.token, id);
    expect(after.request.request_status).toBe(2);
    expect(after.cancellation).toEqual({
      refund_amount: refund.refund_amount,
      kept_amount: refund.kept_amount,
      refund_pending: false,
    });
    expect(after.cancellation!.kept_amount).toBeGreaterThan(0);
    expect(after.receipts.map((r) => r.kind)).toEqual(['payment', 'refund']);
  });

  it('says nothing was refunded or kept when it was never paid', async () => {
    const customer = await f.customer();
    const id = await life.send(customer);
    await life.ok('POST', '/api/customer/delete_request', customer.token, { request_id: id });
    const after = await detail(customer.token, id);
    expect(after.cancellation).toEqual({ refund_amount: 0, kept_amount: 0, refund_pending: false });
    expect(after.receipts).toEqual([]);
  });
});
