import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  JOB_STAGES,
  jobStageOf,
  RequestStatus,
  TimelineStatus,
  toSpecDate,
  type JobCounts,
  type JobStage,
  type JobSummary,
} from '@movehub/shared';
import { requestItems, requests } from '../src/db/schema';
import { buildTestApp, createRequest, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * The company's jobs by stage: POST /api/company/jobs through the
 * real server. Each company here is made by the test, so its jobs are exactly the ones below,
 * each brought to its stage by the customer's, the company's and the foreman's calls.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);

type Answer = {
  code: number;
  data: { counts: JobCounts; items: JobSummary[] };
  next_before_id: number | null;
};
const jobs = async (token: string | undefined, body: object = {}) => {
  const res = await f.call('/api/company/jobs', token, body);
  return { res, json: res.json() as Answer };
};

const T = TimelineStatus;

/** The customer cancels their request through delete_request. */
async function cancelled(customer: { token: string }, requestId: number) {
  const res = await f.call('/api/customer/delete_request', customer.token, {
    request_id: requestId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return f.requestRow(requestId);
}

/** A company with one job at every stage, and a customer whose contact the stages show or hide. */
async function companyWithJobs() {
  const company = await f.company();
  const customer = await f.customer();
  const at = (status: Parameters<typeof f.paidRequest>[0]['status']) =>
    f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      amountCents: 52_500,
      status,
    });
  const byStage = {
    awaiting_payment: await at(T.awaitingPayment),
    paid: await at(T.paid),
    assigned: await at(T.truckAssigned),
    in_progress: await at(T.inProgress),
    to_confirm: await at(T.completedByCompany),
    completed: await at(T.feedbackGiven),
    cancelled: await cancelled(customer, (await at(T.awaitingPayment)).id),
    // A direct request whose letter is not sent yet: entered by the customer on the company's
    // link, at its first status.
    new_direct: await createRequest(ctx.database, {
      customerId: customer.user.id,
      companyId: company.user.id,
      requestType: 1,
      contactFirstName: 'Dana',
      contactLastName: 'Direct',
      contactEmail: 'dana.direct@example.com',
      contactPhone: '+13105550100',
    }),
  } satisfies Record<JobStage, unknown>;
  await ctx.database.db.insert(requestItems).values([
    { requestId: byStage.paid.id, name: 'Sofa', quantity: 2, type: '1', position: 0 },
    { requestId: byStage.paid.id, name: 'Piano', quantity: 1, type: '2', position: 1 },
  ]);
  return { company, customer, byStage };
}

describe('POST /api/company/jobs', () => {
  it("lists the company's jobs by stage with every stage's count", async () => {
    const { company, customer, byStage } = await companyWithJobs();
    // Another company's jobs, and an open marketplace request nobody has won, stay out.
    const other = await f.company();
    await f.paidRequest({ customerId: customer.user.id, companyId: other.user.id });
    await f.paidRequest({
      customerId: customer.user.id,
      companyId: other.user.id,
      status: T.pendingAcceptance,
    });

    const all = await jobs(company.token);
    expect(all.res.statusCode, all.res.body).toBe(200);
    expect(all.json.data.counts).toEqual(Object.fromEntries(JOB_STAGES.map((s) => [s, 1])));
    const ids = Object.values(byStage)
      .map((r) => r.id)
      .sort((a, b) => b - a);
    expect(all.json.data.items.map((j) => j.id)).toEqual(ids);

    for (const stage of JOB_STAGES) {
      const one = await jobs(company.token, { stage });
      expect(one.res.statusCode).toBe(200);
      expect(one.json.data.items.map((j) => [j.id, j.stage])).toEqual([[byStage[stage].id, stage]]);
      expect(one.json.data.counts[stage]).toBe(1);
    }

    const paid = all.json.data.items.find((j) => j.id === byStage.paid.id)!;
    expect(paid).toMatchObject({
      stage: 'paid',
      request_timeline_status: T.paid,
      is_direct: false,
      s_date: toSpecDate(byStage.paid.moveDate),
      start_window_from: '08:00',
      start_window_to: '09:00',
      // The pieces to carry (the sofa, twice) and the extra items (type '2'), apart.
      item_count: 2,
      packing_count: 1,
      final_amount: 525,
      customer: {
        first_name: 'Robin',
        last_name: 'Hart',
        email: customer.user.email,
      },
    });
    expect(paid.request_address.map((a) => [a.address_type, a.zip_code])).toEqual([
      [1, '90012'],
      [2, '90402'],
    ]);
  });

  it("shows the customer's contact once the job is the company's, never once it is cancelled", async () => {
    const { company, customer, byStage } = await companyWithJobs();
    const { json } = await jobs(company.token);
    const of = (id: number) => json.data.items.find((j) => j.id === id)!.customer;
    expect(of(byStage.awaiting_payment.id).email).toBe(customer.user.email);
    expect(of(byStage.cancelled.id)).toEqual({
      first_name: 'Robin',
      last_name: 'Hart',
      email: null,
      phone: null,
    });
    // A direct request is the company's lead from the start, with the contact as entered.
    expect(of(byStage.new_direct.id)).toEqual({
      first_name: 'Dana',
      last_name: 'Direct',
      email: 'dana.direct@example.com',
      phone: '+13105550100',
    });
    const direct = json.data.items.find((j) => j.id === byStage.new_direct.id)!;
    expect(direct).toMatchObject({ is_direct: true, final_amount: null, stage: 'new_direct' });
  });

  it('pages back by id, newest first', async () => {
    const { company, byStage } = await companyWithJobs();
    const ids = Object.values(byStage)
      .map((r) => r.id)
      .sort((a, b) => b - a);
    const first = await jobs(company.token, { limit: 3 });
    expect(first.json.data.items.map((j) => j.id)).toEqual(ids.slice(0, 3));
    expect(first.json.next_before_id).toBe(ids[2]);
    const second = await jobs(company.token, { limit: 3, before_id: first.json.next_before_id });
    expect(second.json.data.items.map((j) => j.id)).toEqual(ids.slice(3, 6));
    expect(second.json.next_before_id).toBe(ids[5]);
    const last = await jobs(company.token, { limit: 3, before_id: second.json.next_before_id });
    expect(last.json.data.items.map((j) => j.id)).toEqual(ids.slice(6));
    // The counts are the company's whole, whatever the page.
    expect(last.json.data.counts.paid).toBe(1);

    // Walked by next_before_id, every page size sees each job once, then null.
    for (const limit of [1, 2, ids.length, ids.length + 1]) {
      const seen: number[] = [];
      let before: number | null | undefined;
      do {
        const page = await jobs(company.token, { limit, ...(before ? { before_id: before } : {}) });
        expect(page.json.data.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.json.data.items.map((j) => j.id));
        before = page.json.next_before_id;
      } while (before !== null);
      expect(seen, `limit ${limit}`).toEqual(ids);
    }
  });

  it("lists nothing of another company's behind a before_id taken from its jobs", async () => {
    const { company, byStage } = await companyWithJobs();
    const other = await f.company();
    const newest = Math.max(...Object.values(byStage).map((r) => r.id));
    const { json } = await jobs(other.token, { before_id: newest + 1 });
    expect(json.data.items).toEqual([]);
    expect(json.next_before_id).toBeNull();
    // The company's own list stays whole from any before_id.
    const own = await jobs(company.token, { before_id: newest + 1 });
    expect(own.json.data.items).toHaveLength(Object.keys(byStage).length);
  });

  it('answers an empty list and zero counts to a company with no jobs', async () => {
    const company = await f.company();
    const { res, json } = await jobs(company.token, { stage: 'paid' });
    expect(res.statusCode).toBe(200);
    expect(json.data.items).toEqual([]);
    expect(Object.values(json.data.counts).every((c) => c === 0)).toBe(true);
  });

  it("never lists another company's jobs", async () => {
    const { customer, byStage } = await companyWithJobs();
    const other = await f.company();
    const { json } = await jobs(other.token);
    expect(json.data.items).toEqual([]);
    const body = JSON.stringify(json);
    expect(body).not.toContain(customer.user.email);
    expect(body).not.toContain('dana.direct@example.com');
    expect(json.data.items.some((j) => j.id === byStage.paid.id)).toBe(false);
  });

  it("refuses a customer's and a foreman's token (403) and no token (401)", async () => {
    const { company, customer } = await companyWithJobs();
    expect((await jobs(customer.token)).res.statusCode).toBe(403);
    expect((await jobs(company.foremen[0]!.token)).res.statusCode).toBe(403);
    expect((await jobs(undefined)).res.statusCode).toBe(401);
  });

  it('refuses malformed JSON (400) and a bad stage, limit or before_id (422)', async () => {
    const company = await f.company();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/jobs',
      headers: { 'x-sh-auth': company.token, 'content-type': 'application/json' },
      payload: '{"stage":',
    });
    expect(res.statusCode).toBe(400);
    for (const body of [{ stage: 'won' }, { limit: 101 }, { limit: 0 }, { before_id: -1 }]) {
      const { res: bad } = await jobs(company.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    const { res: capped } = await jobs(company.token, { limit: 101 });
    expect(capped.json()).toMatchObject({
      code: 422,
      message: 'limit must be a whole number from 1 to 100.',
    });
  });
});

describe('the stage of a job', () => {
  // Two implementations of one function compared on its whole domain: every combination of the
  // three columns, those no sequence of calls reaches included, so the rows are written as such.
  it("is the same in the server's SQL as in the shared jobStageOf, for every status", async () => {
    const company = await f.company();
    const customer = await f.customer();
    const timelines = Object.values(TimelineStatus);
    const cases = [];
    for (const requestType of [0, 1]) {
      for (const timelineStatus of timelines) {
        for (const requestStatus of Object.values(RequestStatus)) {
          const row = await createRequest(ctx.database, {
            customerId: customer.user.id,
            companyId: company.user.id,
            requestType,
          });
          // Written here on purpose (createRequest refuses a status): see above.
          await ctx.database.db
            .update(requests)
            .set({ timelineStatus, requestStatus })
            .where(eq(requests.id, row.id));
          cases.push({
            id: row.id,
            expected: jobStageOf({
              request_type: requestType,
              request_timeline_status: timelineStatus,
              request_status: requestStatus,
            }),
          });
        }
      }
    }
    const { json } = await jobs(company.token, { limit: 100 });
    const listed = new Map(json.data.items.map((j) => [j.id, j.stage]));
    for (const c of cases) expect(listed.get(c.id) ?? null, `request ${c.id}`).toBe(c.expected);
    const counts = Object.fromEntries(JOB_STAGES.map((s) => [s, 0]));
    for (const c of cases) if (c.expected) counts[c.expected]! += 1;
    expect(json.data.counts).toEqual(counts);
  });
});
