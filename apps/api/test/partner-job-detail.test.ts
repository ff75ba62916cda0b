import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TimelineStatus, toSpecDate, type JobDetail } from '@movehub/shared';
import { requestAddresses, requestItemImages, requestItems } from '../src/db/schema';
import { buildTestApp, createRequest, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * One of the company's jobs in full (the request detail and the
 * comment thread): POST /api/company/job_detail through the real server, with the calls the
 * detail's actions make (assign_move, send_confirmation_letter, propose_change, add_comments).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const T = TimelineStatus;

/** A 1 × 1 PNG: the signature pad's picture. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Answer = { code: number; message: string; data: JobDetail };
const detail = async (token: string | undefined, body: object) => {
  const res = await f.call('/api/company/job_detail', token, body);
  return { res, json: res.json() as Answer };
};

/** A company, its customer, and a request the company won, paid into escrow (status 3). */
async function paidJob() {
  const company = await f.company();
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    amountCents: 52_500,
    overrides: { recommendAmountCents: 50_000, moveTypeId: null },
  });
  await ctx.database.db
    .update(requestAddresses)
    .set({ latitude: 34.05, longitude: -118.24 })
    .where(eq(requestAddresses.requestId, request.id));
  const [sofa] = await ctx.database.db
    .insert(requestItems)
    .values([
      { requestId: request.id, name: 'Sofa', quantity: 2, type: '1', position: 0, size: '3' },
      { requestId: request.id, name: 'Piano', quantity: 1, type: '2', position: 1 },
    ])
    .returning();
  await ctx.database.db
    .insert(requestItemImages)
    .values({ requestItemId: sofa!.id, imageUrl: '/uploads/sofa.jpg' });
  return { company, customer, request };
}

describe('POST /api/company/job_detail', () => {
  it('shows a paid job in full: the move, the customer, the choices to assign and the open chat', async () => {
    const { company, customer, request } = await paidJob();
    const { res, json } = await detail(company.token, { request_id: request.id });
    expect(res.statusCode, res.body).toBe(200);
    const job = json.data;
    expect(job).toMatchObject({
      id: request.id,
      stage: 'paid',
      request_timeline_status: T.paid,
      is_direct: false,
      s_date: toSpecDate(request.moveDate),
      start_window_from: '08:00',
      start_window_to: '09:00',
      movers: 2,
      customer_budget: 450,
      recommend_amount: 500,
      final_amount: 525,
      customer: {
        first_name: 'Robin',
        last_name: 'Hart',
        email: customer.user.email,
      },
      assigned_foreman: null,
      assigned_trucks: [],
      letter: null,
      changes: [],
      comments_array: [],
    });
    expect(
      job.request_address.map((a) => [a.address_type, a.zip_code, a.latitude, a.longitude]),
    ).toEqual([
      [1, '90012', 34.05, -118.24],
      [2, '90402', 34.05, -118.24],
    ]);
    expect(job.request_item.map((i) => [i.name, i.quantity, i.request_item_image_models])).toEqual([
      ['Sofa', 2, [{ image_url: '/uploads/sofa.jpg' }]],
    ]);
    expect(job.extra_request_items.map((i) => i.name)).toEqual(['Piano']);
    // Its own foremen, and its active trucks only.
    expect(job.foremen.map((fm) => fm.first_name)).toEqual(['Carla', 'Dev']);
    expect(job.foremen.map((fm) => fm.id).sort()).toEqual(
      company.foremen.map((fm) => fm.user.id).sort(),
    );
    expect(job.trucks.map((t) => t.name)).toEqual(['26 ft box truck', 'Cargo van']);
    // The conversation with the customer is open once paid: from the company's room to theirs.
    expect(job.chat).toEqual({
      room_id: company.user.roomId,
      request_id: request.id,
      receiver_room_id: customer.user.roomId,
      type: 0,
    });
  });

  it('shows the crew once assigned, through assign_move', async () => {
    const { company, request } = await paidJob();
    const foreman = company.foremen[1]!.user;
    const truck = company.trucks[0]!;
    const assigned = await f.call('/api/company/assign_move', company.token, {
      request_id: request.id,
      foreman_id: foreman.id,
      truck_ids: [truck.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const { json } = await detail(company.token, { request_id: request.id });
    expect(json.data).toMatchObject({
      stage: 'assigned',
      assigned_foreman: { id: foreman.id, first_name: 'Dev', last_name: 'Crew' },
      assigned_trucks: [{ id: truck.id, name: truck.name }],
    });
  });

  it("lists the changes proposed with the customer's answer, and the comment thread", async () => {
    const { company, customer, request } = await paidJob();
    const proposed = await f.call('/api/company/propose_change', company.token, {
      request_id: request.id,
      type: 'request',
      s_date: '12-30-2026',
      start_window_from: '10:00',
      start_window_to: '12:00',
      movers: '3',
      price: '40',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    let job = (await detail(company.token, { request_id: request.id })).json.data;
    expect(job.changes).toEqual([
      expect.objectContaining({
        type: 'request',
        status: 'pending',
        price: 40,
        decided_at: null,
        summary: 'New date 12-30-2026, time 10:00–12:00, 3 movers',
      }),
    ]);

    const rejected = await f.call(
      '/api/customer/change_price_date_time_movers_confirmation',
      customer.token,
      { request_id: request.id, status: '0', price: '40' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const commented = await f.call('/app_api/add_comments', company.token, {
      request_id: request.id,
      comment: 'We will bring blankets.',
    });
    expect(commented.statusCode, commented.body).toBe(200);

    job = (await detail(company.token, { request_id: request.id })).json.data;
    expect(job.changes[0]).toMatchObject({ status: 'rejected' });
    expect(job.changes[0]!.decided_at).not.toBeNull();
    expect(job.comments_array.map((c) => c.parent_comment.comment)).toEqual([
      'We will bring blankets.',
    ]);
    expect(job.comments_array[0]!.parent_comment_profile.name).toBe(company.name);
  });

  it("follows a direct request's letter: not sent, sent, then signed with its PDF", async () => {
    const company = await f.company();
    const customer = await f.customer();
    const request = await createRequest(ctx.database, {
      customerId: customer.user.id,
      companyId: company.user.id,
      requestType: 1,
      contactFirstName: 'Dana',
      contactLastName: 'Direct',
      contactEmail: 'dana.direct@example.com',
      contactPhone: '+13105550100',
    });
    let job = (await detail(company.token, { request_id: request.id })).json.data;
    expect(job).toMatchObject({
      stage: 'new_direct',
      is_direct: true,
      final_amount: null,
      chat: null,
      customer: {
        first_name: 'Dana',
        last_name: 'Direct',
        email: 'dana.direct@example.com',
        phone: '+13105550100',
      },
      letter: { sent_at: null, signed_at: null, pdf_url: null, rate_method: null },
    });

    const sent = await f.call('/api/company/send_confirmation_letter', company.token, {
      request_id: request.id,
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130,
      minimum_hours: 3,
      payment_method: 'Cash',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    job = (await detail(company.token, { request_id: request.id })).json.data;
    expect(job.stage).toBe('paid');
    expect(job.letter).toMatchObject({ signed_at: null, rate_method: 'Hourly' });
    expect(job.letter!.sent_at).not.toBeNull();

    const signed = await f.call(
      '/api/company/attach_signature_make_confirmation_letter_pdf',
      customer.token,
      { request_id: request.id, signature_path: SIGNATURE },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    job = (await detail(company.token, { request_id: request.id })).json.data;
    expect(job.additional_status).toBe(1);
    expect(job.letter).toMatchObject({ pdf_url: signed.json().data.confirmation_letter_pdf });
    expect(job.letter!.pdf_url).toMatch(/^\/uploads\/.+\.pdf$/);
    expect(job.letter!.signed_at).not.toBeNull();
  });

  it("answers 404 for another company's job, a request still open for bids and an unknown id", async () => {
    const { customer, request } = await paidJob();
    const other = await f.company();
    const theirs = await detail(other.token, { request_id: request.id });
    expect(theirs.res.statusCode).toBe(404);
    expect(theirs.res.body).not.toContain(customer.user.email);

    // The company bid on it, but the customer has not accepted: no job yet, no contact.
    const open = await f.life.send(customer);
    await f.life.bid(other, open, 40_000);
    const bidOn = await detail(other.token, { request_id: open });
    expect(bidOn.res.statusCode).toBe(404);
    expect(bidOn.res.body).not.toContain(customer.user.email);

    const unknown = await detail(other.token, { request_id: 2_000_000_000 });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.json).toMatchObject({ code: 404 });
  });

  it("hides the customer's email and phone once the job is cancelled", async () => {
    const company = await f.company();
    const customer = await f.customer();
    // Won by the company, then cancelled by its customer.
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: T.awaitingPayment,
    });
    const cancelled = await f.call('/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { res, json } = await detail(company.token, { request_id: request.id });
    expect(res.statusCode).toBe(200);
    expect(json.data.stage).toBe('cancelled');
    expect(json.data.customer).toEqual({
      first_name: 'Robin',
      last_name: 'Hart',
      email: null,
      phone: null,
    });
    expect(res.body).not.toContain(customer.user.email);
    expect(json.data.chat).toBeNull();
  });

  it("refuses a customer's and a foreman's token (403), no token (401) and a bad request_id (422)", async () => {
    const { company, customer, request } = await paidJob();
    const body = { request_id: request.id };
    expect((await detail(customer.token, body)).res.statusCode).toBe(403);
    expect((await detail(company.foremen[0]!.token, body)).res.statusCode).toBe(403);
    expect((await detail(undefined, body)).res.statusCode).toBe(401);
    for (const bad of [{}, { request_id: 'x' }, { request_id: -1 }]) {
      const { res, json } = await detail(company.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(json).toMatchObject({ code: 422 });
    }
  });
});
