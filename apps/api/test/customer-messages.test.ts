import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  CHANGE_CONFIRMATION_CALLS,
  paymentBreakdown,
  startOfLocalDay,
  TimelineStatus,
  toDollars,
  type OutboxMessage,
  type RequestDetailResponse,
} from '@movehub/shared';
import { customerMessages, users, verificationCodes } from '../src/db/schema';
import { unfold } from '../src/lib/ics';
import { CHANGE_TEXT } from '../src/domain/request/changes';
import {
  DELIVER_JOB,
  notifyCustomer,
  remind,
  REMINDER_JOB,
  scheduleReminder,
} from '../src/modules/customer-messages/customer-messages.service';
import { buildTestApp, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * Lifecycle messages to customers (decision 017): in-app, email (the
 * embedded outbox at /dev/outbox) and SMS to a verified phone, each sent by a job after the
 * commit; the calendar invite on the payment email and from the request detail; the cancelled
 * invite; itemised receipts as PDF from the ledger; the reminder the day before the move.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ SERVICE_TIME_ZONE: 'America/Los_Angeles' });
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);
const life = f.life;
/** What the kick after a commit (or the minute's sweep) does: one delivery job, worked now. */
async function deliver(): Promise<number> {
  await ctx.app.jobs.send(DELIVER_JOB, {});
  return ctx.app.jobs.runDue(DELIVER_JOB);
}

async function outboxOf(to: string): Promise<OutboxMessage[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { messages: OutboxMessage[] }).messages;
}

const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'x-sh-auth': token } });

/** A phone proved by a code, as sign-up and the profile leave it. */
async function verifyPhone(userId: number, phone: string) {
  await f.db().update(users).set({ phone }).where(eq(users.id, userId));
  await f
    .db()
    .insert(verificationCodes)
    .values({
      channel: 'sms',
      target: phone,
      codeHash: 'x',
      expiresAt: new Date(Date.now() + 600_000),
      verifiedAt: new Date(),
      consumedAt: new Date(),
    });
}

const phoneNumber = () => `+1310${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** The fixtures' move day: 15 June 2030, summer time in Los Angeles. */
const MOVE_DAY = new Date(2030, 5, 15);
const daysToMoveDay = () =>
  Math.round((MOVE_DAY.getTime() - startOfLocalDay(new Date()).getTime()) / 86_400_000);

/**
 * A customer with a card and a request for 15 June 2030, 08:00–12:00, the company won at $500
 * (status 2) through the real calls, then paid through make_payment. `noticesBefore` counts the
 * in-app notices the steps before the payment gave the customer.
 */
async function paidThroughApi(
  opts: { discountPercent?: number; phone?: 'verified' | 'unverified' } = {},
) {
  const company = await f.company();
  const customer = await f.customer();
  const phone = phoneNumber();
  if (opts.phone === 'verified') await verifyPhone(customer.user.id, phone);
  if (opts.phone === 'unverified') {
    await f.db().update(users).set({ phone }).where(eq(users.id, customer.user.id));
  }
  const { id } = await life.requestAt({
    status: TimelineStatus.awaitingPayment,
    customer,
    company,
    amountCents: 50_000,
    ...(opts.discountPercent !== undefined ? { discountPercent: opts.discountPercent } : {}),
    daysAhead: daysToMoveDay(),
    window: ['08:00', '12:00'],
  });
  const noticesBefore = (await f.noticesOf(customer.user.id, id)).length;
  const breakdown = paymentBreakdown(50_000, opts.discountPercent ?? 0);
  const res = await f.call('/api/customer/make_payment', customer.token, {
    request_id: id,
    price: toDollars(breakdown.totalCents),
  });
  expect(res.statusCode, res.body).toBe(200);
  const request = await f.requestRow(id);
  expect(request).toMatchObject({ moveDate: '2030-06-15', windowFrom: '08:00', windowTo: '12:00' });
  return { company, customer, request, phone, breakdown, noticesBefore };
}

describe('emails and SMS after each step', () => {
  it('sends the payment email with the calendar invite after the commit, and no SMS without a verified phone', async () => {
    const { customer, request, noticesBefore } = await paidThroughApi({ phone: 'unverified' });
    // Queued after the payment's commit, sent only by the job.
    expect(await outboxOf(customer.user.email)).toEqual([]);
    expect((await f.noticesOf(customer.user.id, request.id)).slice(noticesBefore)).toEqual([
      expect.stringContaining(`for request #${request.id} is held in escrow`),
    ]);
    expect(await deliver()).toBeGreaterThan(0);
    const [mail, ...rest] = await outboxOf(customer.user.email);
    expect(rest).toEqual([]);
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toBe(`Payment received for request #${request.id}`);
    expect(mail?.body).toContain(`for request #${request.id} is held in escrow`);
    expect(mail?.body).toContain(`${ctx.app.config.publicUrl}/dashboard/my-requests/${request.id}`);
    expect(mail?.body).toContain('Pick-up: 100 Main St, Los Angeles, CA 90012, USA');
    const [invite] = mail?.attachments ?? [];
    expect(invite?.filename).toBe(`move-${request.id}.ics`);
    expect(invite?.content_type).toContain('text/calendar');
    const lines = unfold(invite?.content ?? '');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines.find((l) => l.startsWith('UID:'))).toMatch(
      new RegExp(`^UID:request-${request.id}@`),
    );
    // 08:00–12:00 in Los Angeles (PDT, UTC−7) on 15 June 2030.
    expect(lines).toContain('DTSTART:20300615T150000Z');
    expect(lines).toContain('DTEND:20300615T190000Z');
    expect(lines).toContain('LOCATION:100 Main St\\, Los Angeles\\, CA 90012\\, USA');
    expect(invite?.content).toMatch(/\r\n$/);
    // The unverified phone got nothing.
    expect(await outboxOf(customer.user.phone ?? 'none')).toEqual([]);
    // Sent once: another run finds nothing pending.
    await deliver();
    expect(await outboxOf(customer.user.email)).toHaveLength(1);
  });

  it('texts a verified phone', async () => {
    const { request, phone } = await paidThroughApi({ phone: 'verified' });
    await deliver();
    const sms = await outboxOf(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.channel).toBe('sms');
    expect(sms[0]?.body).toContain(`request #${request.id}`);
    expect(sms[0]?.body).toContain(`/dashboard/my-requests/${request.id}`);
  });

  it('emails the assignment, the start, the completion and the release', async () => {
    const { company, customer, request, phone, noticesBefore } = await paidThroughApi({
      phone: 'verified',
    });
    await deliver();
    const [foreman] = company.foremen;
    const assign = await f.call('/api/company/assign_move', company.token, {
      request_id: request.id,
      foreman_id: foreman!.user.id,
      truck_ids: [company.trucks[0]!.id],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    await deliver();
    expect((await outboxOf(customer.user.email))[0]?.subject).toBe(
      `Your crew is assigned for request #${request.id}`,
    );
    // The foreman starts the move on its day (decision 042): the domain's clock is there.
    const clock = ctx.app.domain.now;
    ctx.app.domain.now = () => new Date('2030-06-15T15:00:00Z');
    try {
      expect(
        (await f.call('/api/foreman/start_move', foreman!.token, { request_id: request.id }))
          .statusCode,
      ).toBe(200);
    } finally {
      ctx.app.domain.now = clock;
    }
    await deliver();
    expect((await outboxOf(customer.user.email))[0]?.subject).toBe(
      `Your move has started (request #${request.id})`,
    );
    expect(
      (await f.call('/api/company/complete_move', company.token, { request_id: request.id }))
        .statusCode,
    ).toBe(200);
    await deliver();
    expect((await outboxOf(customer.user.email))[0]?.subject).toBe(
      `Please confirm your move (request #${request.id})`,
    );
    const confirm = await f.call('/api/customer/end_move_confirmation', customer.token, {
      request_id: request.id,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await deliver();
    const mails = await outboxOf(customer.user.email);
    expect(mails[0]?.subject).toBe(`Payment released for request #${request.id}`);
    expect(mails.map((m) => m.subject)).toHaveLength(5);
    expect(await outboxOf(phone)).toHaveLength(5);
    // The in-app texts are the ones the steps always wrote.
    expect((await f.noticesOf(customer.user.id, request.id)).slice(noticesBefore)).toHaveLength(5);
  });

  it('emails the cancel with the refund and the cancelled invite (same UID, higher SEQUENCE)', async () => {
    const { customer, request } = await paidThroughApi();
    await deliver();
    const res = await f.call('/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const [mail, payment] = await outboxOf(customer.user.email);
    expect(mail?.subject).toBe(`Request #${request.id} is cancelled`);
    expect(mail?.body).toContain('is refunded to your card');
    const cancelled = unfold(mail?.attachments[0]?.content ?? '');
    const invited = unfold(payment?.attachments[0]?.content ?? '');
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
    expect(cancelled).toContain('SEQUENCE:1');
    const uid = (lines: string[]) => lines.find((l) => l.startsWith('UID:'));
    expect(uid(cancelled)).toBe(uid(invited));
  });

  it('sends no cancelled invite for a move that was never paid', async () => {
    const customer = await f.customer();
    const id = await life.send(customer);
    expect(
      (await f.call('/api/customer/delete_request', customer.token, { request_id: id })).statusCode,
    ).toBe(200);
    await deliver();
    const [mail] = await outboxOf(customer.user.email);
    expect(mail?.subject).toBe(`Request #${id} is cancelled`);
    expect(mail?.attachments).toEqual([]);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const party = await f.customer();
    const customer = party.user;
    const request = { id: await life.send(party) };
    const toldBefore = await f.noticesOf(customer.id, request.id);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await notifyCustomer({
          db: tx,
          userId: customer.id,
          requestId: request.id,
          event: 'assignment',
          message: 'Never told',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await deliver();
    expect(await outboxOf(customer.email)).toEqual([]);
    expect(await f.noticesOf(customer.id, request.id)).toEqual(toldBefore);
    const pending = await f
      .db()
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.requestId, request.id), isNull(customerMessages.sentAt)));
    expect(pending).toEqual([]);
  });

  it('sends an updated invite with the same UID and a higher SEQUENCE when an accepted change moves the window', async () => {
    const { company, customer, request } = await paidThroughApi();
    await deliver();
    const proposed = await f.call('/api/company/propose_change', company.token, {
      request_id: request.id,
      type: 'request',
      start_window_from: '13:00',
      start_window_to: '15:00',
      price: 0,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const accepted = await f.call(
      `/api/customer/${CHANGE_CONFIRMATION_CALLS.request}`,
      customer.token,
      { request_id: request.id, status: '1', price: 0 },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await f.noticesOf(customer.user.id, request.id)).at(-1)).toBe(
      CHANGE_TEXT.rescheduled(request.id),
    );
    await deliver();
    const mails = await outboxOf(customer.user.email);
    const [mail] = mails;
    const lines = unfold(mail?.attachments[0]?.content ?? '');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('DTSTART:20300615T200000Z');
    const uid = (l: string[]) => l.find((x) => x.startsWith('UID:'));
    const paymentMail = mails.find((m) => m.subject?.startsWith('Payment received'));
    expect(uid(lines)).toBe(uid(unfold(paymentMail?.attachments[0]?.content ?? '')));
  });
});

describe('GET /api/customer/request_calendar', () => {
  it("downloads the paid move's invite; 404 for another customer's; 422 before payment", async () => {
    const { customer, request } = await paidThroughApi();
    const res = await get(
      `/api/customer/request_calendar?request_id=${request.id}`,
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain(`move-${request.id}.ics`);
    const lines = unfold(res.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20300615T150000Z');

    const stranger = await f.customer();
    const other = await get(
      `/api/customer/request_calendar?request_id=${request.id}`,
      stranger.token,
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('VCALENDAR');

    const unpaid = await life.send(customer);
    const early = await get(`/api/customer/request_calendar?request_id=${unpaid}`, customer.token);
    expect(early.statusCode).toBe(422);
    const bad = await get('/api/customer/request_calendar?request_id=abc', customer.token);
    expect(bad.statusCode).toBe(422);
  });
});

describe('receipts', () => {
  async function detail(token: string, requestId: number) {
    const res = await f.call('/api/customer/customer_request_detail', token, {
      request_id: requestId,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RequestDetailResponse).data;
  }

  async function pdfOf(token: string, requestId: number, receiptId: number) {
    const res = await get(
      `/api/customer/request_receipt?request_id=${requestId}&receipt_id=${receiptId}`,
      token,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return PDFDocument.load(res.rawPayload, { updateMetadata: false });
  }

  it('lists the payment (fee and discount) and each refund, each a PDF', async () => {
    const { customer, request, breakdown } = await paidThroughApi({ discountPercent: 10 });
    const paid = await detail(customer.token, request.id);
    expect(paid.calendar_available).toBe(true);
    expect(paid.receipts).toEqual([
      expect.objectContaining({ kind: 'payment', amount: toDollars(breakdown.totalCents) }),
    ]);
    const doc = await pdfOf(customer.token, request.id, paid.receipts[0]!.receipt_id);
    expect(doc.getPageCount()).toBe(1);
    const subject = doc.getSubject() ?? '';
    expect(subject).toContain('Move price $500.00');
    expect(subject).toContain('Discount (10%) -$50.00');
    expect(subject).toContain(`Card processing fee $${(breakdown.feeCents / 100).toFixed(2)}`);
    expect(doc.getKeywords()).toContain(`amount_cents:${breakdown.totalCents}`);

    expect(
      (await f.call('/api/customer/delete_request', customer.token, { request_id: request.id }))
        .statusCode,
    ).toBe(200);
    const cancelled = await detail(customer.token, request.id);
    expect(cancelled.calendar_available).toBe(false);
    expect(cancelled.receipts.map((r) => r.kind)).toEqual(['payment', 'refund']);
    const refund = cancelled.receipts[1]!;
    expect(refund.amount).toBe(450);
    const refundDoc = await pdfOf(customer.token, request.id, refund.receipt_id);
    expect(refundDoc.getSubject()).toContain('Refunded to your card $450.00');
    expect(refundDoc.getKeywords()).toContain('kind:refund');
  });

  it('lists a tip', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: TimelineStatus.completedByCompany,
    });
    expect(
      (
        await f.call('/api/customer/end_move_confirmation', customer.token, {
          request_id: request.id,
        })
      ).statusCode,
    ).toBe(200);
    const fb = await f.call('/app_api/add_feedback', customer.token, {
      request_id: request.id,
      rating: 5,
      comment: 'Great',
      tip: 60,
    });
    expect(fb.statusCode, fb.body).toBe(200);
    const d = await detail(customer.token, request.id);
    expect(d.receipts.map((r) => [r.kind, r.amount])).toEqual([
      ['payment', expect.any(Number)],
      ['tip', 60],
    ]);
    const doc = await pdfOf(customer.token, request.id, d.receipts[1]!.receipt_id);
    expect(doc.getSubject()).toContain('Tip for the crew $60.00');
  });

  it("refuses another customer's receipt and an unknown one with 404", async () => {
    const { customer, request } = await paidThroughApi();
    const [receipt] = (await detail(customer.token, request.id)).receipts;
    const stranger = await f.customer();
    const res = await get(
      `/api/customer/request_receipt?request_id=${request.id}&receipt_id=${receipt!.receipt_id}`,
      stranger.token,
    );
    expect(res.statusCode).toBe(404);
    const unknown = await get(
      `/api/customer/request_receipt?request_id=${request.id}&receipt_id=2000000000`,
      customer.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the reminder the day before', () => {
  it('is planned a day before the window and reminds once, by email and SMS', async () => {
    const { customer, request, phone } = await paidThroughApi({ phone: 'verified' });
    await deliver();
    const deps = { db: ctx.database.db, jobs: ctx.app.jobs, config: ctx.app.config };
    // Other tests' moves are dated from today, so their reminders fall due as the day goes on:
    // work those first, so what runs below can only be this request's.
    await ctx.app.jobs.runDue(REMINDER_JOB);
    const at = await scheduleReminder(deps, request.id, new Date('2030-06-01T00:00:00Z'));
    expect(at?.toISOString()).toBe('2030-06-14T15:00:00.000Z');
    // Not due yet: nothing runs now.
    expect(await ctx.app.jobs.runDue(REMINDER_JOB)).toBe(0);

    const job = { requestId: request.id, windowStart: '2030-06-15T15:00:00.000Z' };
    expect(await remind(deps, job)).toBe(true);
    expect(await remind(deps, job)).toBe(false);
    await deliver();
    const [mail] = await outboxOf(customer.user.email);
    expect(mail?.subject).toBe(`Reminder: your move is tomorrow (request #${request.id})`);
    expect(mail?.body).toContain('Pick-up:');
    expect((await outboxOf(phone))[0]?.body).toContain('Reminder: your move');
  });

  it('is skipped when the window moved or the request was cancelled', async () => {
    const { customer, request } = await paidThroughApi();
    const deps = { db: ctx.database.db, config: ctx.app.config };
    expect(
      await remind(deps, { requestId: request.id, windowStart: '2030-06-14T15:00:00.000Z' }),
    ).toBe(false);
    const cancelled = await f.call('/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      await remind(deps, { requestId: request.id, windowStart: '2030-06-15T15:00:00.000Z' }),
    ).toBe(false);
    await deliver();
    const subjects = (await outboxOf(customer.user.email)).map((m) => m.subject);
    expect(subjects.some((s) => s?.startsWith('Reminder'))).toBe(false);
  });

  it('is not planned for a move less than 12 hours away', async () => {
    const { request } = await paidThroughApi();
    const deps = { db: ctx.database.db, jobs: ctx.app.jobs, config: ctx.app.config };
    expect(await scheduleReminder(deps, request.id, new Date('2030-06-15T10:00:00Z'))).toBeNull();
  });
});

describe('with job workers, as in production', () => {
  it('sends the payment email by itself shortly after the commit', async () => {
    const live = await buildTestApp({ JOB_WORKERS: 'true' });
    try {
      const g = moveFixtures(() => live);
      const company = await g.company();
      const customer = await g.customer();
      const request = await g.life.requestAt({
        status: TimelineStatus.awaitingPayment,
        customer,
        company,
        amountCents: 30_000,
        daysAhead: daysToMoveDay(),
      });
      const total = paymentBreakdown(30_000, 0).totalCents;
      const paid = await g.call('/api/customer/make_payment', customer.token, {
        request_id: request.id,
        price: toDollars(total),
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const deadline = Date.now() + 10_000;
      let subjects: (string | null)[] = [];
      while (Date.now() < deadline) {
        const res = await live.app.inject({
          method: 'GET',
          url: `/dev/outbox?to=${encodeURIComponent(customer.user.email)}`,
        });
        subjects = (res.json() as { messages: OutboxMessage[] }).messages.map((m) => m.subject);
        if (subjects.length > 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(subjects).toEqual([`Payment received for request #${request.id}`]);
    } finally {
      await live.close();
    }
  });
});
