import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CHANGE_CONFIRMATION_CALLS,
  PAYOUTS_TEXT,
  TimelineStatus,
  toSpecDate,
  type PayoutJob,
  type PayoutTotals,
} from '@movehub/shared';
import { requests, users } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import type { Status } from './lifecycle';
import { brokenInvariants } from './money-invariants';
import { moveFixtures } from './moves-helpers';

/*
 * A company's payouts, read from the ledger: a paid job is held in escrow, a confirmed
 * one released, a change's refund refunded, a tip counted as a tip; another company's money
 * never shows. The same report as CSV, formula-guarded.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  expect(await f.ledgerTotal()).toBe(0);
  await ctx.close();
});

const f = moveFixtures(() => ctx);

interface Report {
  jobs: PayoutJob[];
  totals: PayoutTotals;
}
async function payouts(token: string, body: object = {}): Promise<Report> {
  const res = await f.call('/api/company/payouts', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Report }).data;
}
const csv = (token: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/company/payouts_csv${query}`,
    headers: { 'x-sh-auth': token },
  });

const NOTHING = { paid_in: 0, held: 0, released: 0, refunded: 0, tips: 0, net: 0 };

/** The company's move at `status`, paid into escrow (50_000 cents unless said). */
async function paidJob(
  company: { user: { id: number } },
  opts: { status?: Status; moveDate?: string; amountCents?: number } = {},
) {
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    amountCents: opts.amountCents,
    status: opts.status,
    overrides: opts.moveDate ? { moveDate: opts.moveDate } : {},
  });
  return { customer, request };
}

describe('POST /api/company/payouts', () => {
  it('shows a paid job as held in escrow, from the ledger', async () => {
    const company = await f.company();
    const { request } = await paidJob(company);
    // A job with nothing paid yet has no money to show.
    const unpaid = await f.customer();
    await f.life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer: unpaid,
      company,
      amountCents: 30_000,
    });
    // The request's own price columns say otherwise: the ledger is what counts.
    await f.db().update(requests).set({ finalAmountCents: 1 }).where(eq(requests.id, request.id));

    const report = await payouts(company.token);
    expect(report.jobs).toEqual([
      {
        request_id: request.id,
        s_date: toSpecDate(request.moveDate),
        customer_name: 'Robin Hart',
        ...NOTHING,
        paid_in: 500,
        held: 500,
      },
    ]);
    expect(report.totals).toEqual({ ...NOTHING, paid_in: 500, held: 500 });
  });

  it("shows a confirmed job as released and the customer's tip as a tip", async () => {
    const company = await f.company();
    const { customer, request } = await paidJob(company, {
      status: TimelineStatus.completedByCompany,
    });
    const confirmed = await f.call('/api/customer/end_move_confirmation', customer.token, {
      request_id: request.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    let [job] = (await payouts(company.token)).jobs;
    expect(job).toMatchObject({ ...NOTHING, paid_in: 500, released: 500, net: 500 });

    const tipped = await f.call('/app_api/add_feedback', customer.token, {
      request_id: request.id,
      rating: 5,
      comment: 'Great crew.',
      tip: 75,
    });
    expect(tipped.statusCode, tipped.body).toBe(200);
    [job] = (await payouts(company.token)).jobs;
    expect(job).toMatchObject({ ...NOTHING, paid_in: 500, released: 500, tips: 75, net: 575 });
  });

  it("shows a change's refund as refunded, and what stays as held", async () => {
    const company = await f.company();
    const { customer, request } = await paidJob(company);
    // The customer accepts the company's change of fewer items, $123.45 less.
    const proposed = await f.call('/api/company/propose_change', company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [{ name: 'Small box', type: '1', quantity: 2 }],
      price: -123.45,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const accepted = await f.call(
      `/api/customer/${CHANGE_CONFIRMATION_CALLS.items}`,
      customer.token,
      {
        request_id: request.id,
        status: '1',
        price: -123.45,
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await brokenInvariants(f.db(), request.id)).toEqual([]);
    const [job] = (await payouts(company.token)).jobs;
    expect(job).toMatchObject({ ...NOTHING, paid_in: 500, refunded: 123.45, held: 376.55 });
  });

  it("never shows another company's jobs or money, and totals only the company's own", async () => {
    const company = await f.company();
    const other = await f.company();
    const mine = await paidJob(company, { amountCents: 20_000 });
    const theirs = await paidJob(other, {
      amountCents: 90_000,
      status: TimelineStatus.completedByCompany,
    });
    await f
      .db()
      .update(users)
      .set({ firstName: 'Other' })
      .where(eq(users.id, theirs.customer.user.id));
    await f.call('/api/customer/end_move_confirmation', theirs.customer.token, {
      request_id: theirs.request.id,
    });

    const report = await payouts(company.token);
    expect(report.jobs.map((j) => j.request_id)).toEqual([mine.request.id]);
    expect(report.totals).toEqual({ ...NOTHING, paid_in: 200, held: 200 });
    const text = (await csv(company.token)).body;
    const firstCells = text.split('\r\n').map((line) => line.split(',')[0]);
    expect(firstCells).toEqual(['Request', String(mine.request.id), '']);
    expect(text).not.toContain('Other');
  });

  it('keeps the jobs whose move date is from `from` to `to`, both included, newest first', async () => {
    const company = await f.company();
    const early = await paidJob(company, { moveDate: '2026-12-01' });
    const middle = await paidJob(company, { moveDate: '2026-12-10' });
    const late = await paidJob(company, { moveDate: '2026-12-20' });
    const ids = async (body: object) =>
      (await payouts(company.token, body)).jobs.map((j) => j.request_id);
    expect(await ids({})).toEqual([late.request.id, middle.request.id, early.request.id]);
    expect(await ids({ from: '12-10-2026' })).toEqual([late.request.id, middle.request.id]);
    expect(await ids({ to: '12-10-2026' })).toEqual([middle.request.id, early.request.id]);
    expect(await ids({ from: '12-02-2026', to: '12-19-2026' })).toEqual([middle.request.id]);
    const totals = (await payouts(company.token, { from: '12-02-2026', to: '12-20-2026' })).totals;
    expect(totals).toEqual({ ...NOTHING, paid_in: 1000, held: 1000 });
    expect(await ids({ from: '01-01-2030' })).toEqual([]);
    expect((await payouts(company.token, { from: '01-01-2030' })).totals).toEqual(NOTHING);
  });

  it('pages newest request first by next_before_id, totals every page alike, the CSV whole', async () => {
    const company = await f.company();
    const paid: number[] = [];
    for (let i = 0; i < 5; i++) {
      paid.push((await paidJob(company, { amountCents: 10_000 * (i + 1) })).request.id);
      if (i === 2) {
        // A job with nothing paid yet between them: never listed, never a page's slot.
        await f.life.requestAt({
          status: TimelineStatus.awaitingPayment,
          customer: await f.customer(),
          company,
          amountCents: 30_000,
        });
      }
    }
    const newestFirst = [...paid].reverse();
    const wholeTotals = { ...NOTHING, paid_in: 1500, held: 1500 };
    for (const limit of [1, 2, 5, 6]) {
      const seen: number[] = [];
      let before: number | null = null;
      do {
        const res = await f.call('/api/company/payouts', company.token, {
          limit,
          ...(before ? { before_id: before } : {}),
        });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as { data: Report; next_before_id: number | null };
        expect(page.data.jobs.length).toBeLessThanOrEqual(limit);
        expect(page.data.totals).toEqual(wholeTotals);
        seen.push(...page.data.jobs.map((j) => j.request_id));
        before = page.next_before_id;
      } while (before !== null);
      expect(seen, `limit ${limit}`).toEqual(newestFirst);
    }
    const first = await f.call('/api/company/payouts', company.token, { limit: 2 });
    expect(first.json().next_before_id).toBe(newestFirst[1]);
    expect(
      (await f.call('/api/company/payouts', company.token, {})).json().next_before_id,
    ).toBeNull();

    // The CSV stays the whole report, whatever the screen pages.
    const rows = (await csv(company.token)).body.split('\r\n').slice(1, -1);
    expect(rows.map((line) => Number(line.split(',')[0]))).toEqual(newestFirst);

    // Another company's before_id lists none of this company's jobs.
    const other = await f.company();
    const theirs = await f.call('/api/company/payouts', other.token, { before_id: paid[4]! + 1 });
    expect(theirs.json()).toMatchObject({
      data: { jobs: [], totals: NOTHING },
      next_before_id: null,
    });

    for (const body of [{ limit: 101 }, { limit: 0 }, { before_id: -1 }]) {
      const bad = await f.call('/api/company/payouts', company.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json()).toMatchObject({ code: 422, message: expect.any(String) });
    }
    expect(
      (await f.call('/api/company/payouts', company.token, { limit: 101 })).json().message,
    ).toBe('limit must be a whole number from 1 to 100.');
  });

  it('refuses a malformed date, or a To before the From, with 422', async () => {
    const company = await f.company();
    for (const [body, message] of [
      [{ from: '2026-12-01' }, PAYOUTS_TEXT.badDate],
      [{ to: '02-30-2026' }, PAYOUTS_TEXT.badDate],
      [{ from: '12-10-2026', to: '12-01-2026' }, PAYOUTS_TEXT.toBeforeFrom],
      // Both malformed: refused as such, never compared.
      [{ from: '𒓢', to: 'ᕕＩ' }, PAYOUTS_TEXT.badDate],
    ] as const) {
      const res = await f.call('/api/company/payouts', company.token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.body).toContain(message);
    }
    for (const query of ['?from=yesterday', '?from=yesterday&to=tomorrow']) {
      const res = await csv(company.token, query);
      expect(res.statusCode, res.body).toBe(422);
    }
  });
});

describe('GET /api/company/payouts_csv', () => {
  it('gives the report as CSV with a header row, quoted and guarded against formulas', async () => {
    const company = await f.company();
    const { customer, request } = await paidJob(company, { moveDate: '2026-12-15' });
    await f
      .db()
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil.example","Hart")', lastName: 'Jr, "the 2nd"' })
      .where(eq(users.id, customer.user.id));

    const res = await csv(company.token, '?from=12-01-2026&to=12-31-2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="payouts-12-01-2026-to-12-31-2026.csv"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.split('\r\n')).toEqual([
      'Request,Move date,Customer,Paid into escrow,Held in escrow,Released,Refunded,Tips,Net to company',
      `${request.id},12-15-2026,"'=HYPERLINK(""http://evil.example"",""Hart"") Jr, ""the 2nd""",500,500,0,0,0,0`,
      '',
    ]);
  });

  it('is only the header row when there is nothing to show', async () => {
    const company = await f.company();
    const res = await csv(company.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="payouts.csv"');
    expect(res.body).toBe(
      'Request,Move date,Customer,Paid into escrow,Held in escrow,Released,Refunded,Tips,Net to company\r\n',
    );
  });
});
