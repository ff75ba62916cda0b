import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { MSG, TimelineStatus, tipCents } from '@movehub/shared';
import { companyProfiles, companyReviews, payments, requests } from '../src/db/schema';
import { account, balanceOf } from '../src/domain/money/ledger';
import { COMPLETION_TEXT } from '../src/domain/request/completion';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import { buildTestApp, createRequest, type TestContext } from './helper';
import { serviceDay, type Company, type Party } from './lifecycle';
import { brokenInvariants } from './money-invariants';
import { moveFixtures } from './moves-helpers';

/*
 * The customer's end of a move: end_move_confirmation releases the escrow to
 * the company (6 → 7), add_feedback stores the rating and comment, charges the tip and updates
 * the company's rating (7 → 8); with a tip, the feedback is stored once its charge posts
 * (docs/decisions/033). The ledger sums to zero after every test.
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
const confirm = (token: string, request_id: number) =>
  f.call('/api/customer/end_move_confirmation', token, { request_id });
const feedback = (token: string, body: object) => f.call('/app_api/add_feedback', token, body);
const balance = (name: string) => balanceOf({ db: f.db(), account: name });
const paymentsOf = (requestId: number, kind: 'release' | 'tip') =>
  f
    .db()
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.kind, kind)))
    .orderBy(asc(payments.id));
const profileOf = async (companyId: number) =>
  (await f.db().select().from(companyProfiles).where(eq(companyProfiles.userId, companyId)))[0]!;

/** A company's move, completed by the company (status 6) with the payment held in escrow. */
async function completedMove(opts: { amountCents?: number; discountPercent?: number } = {}) {
  const company = await f.company({ completedMoves: 7 });
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    status: TimelineStatus.completedByCompany,
    ...opts,
  });
  return { company, customer, request };
}

/**
 * A move its customer paid and confirmed (status 7, the escrow released), for the feedback
 * calls; with `cardNumber`, the card that paid is then swapped for that one.
 */
async function confirmedMove(
  opts: { cardNumber?: string; amountCents?: number; discountPercent?: number } = {},
) {
  const company = await f.company();
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    status: TimelineStatus.completed,
    amountCents: opts.amountCents ?? 50_000,
    ...(opts.discountPercent !== undefined ? { discountPercent: opts.discountPercent } : {}),
  });
  if (opts.cardNumber) {
    expect((await f.call('/api/customer/delete_card', customer.token, {})).statusCode).toBe(200);
    await f.life.saveCard(customer, opts.cardNumber);
  }
  return { company, customer, request };
}

/** A 1 × 1 PNG: the signature pad's picture. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * A direct request of the customer through the company's link (written as the link's submit
 * leaves it once claimed: the claim's round trip is direct-requests.test.ts's), whose letter the
 * company sends (0 → 3) and the customer signs, and whose move the company's crew then makes
 * (→ 6): priced by the letter's rates, it holds nothing in escrow.
 */
async function completedDirectMove(company: Company, customer: Party) {
  const { id } = await createRequest(ctx.database, {
    customerId: customer.user.id,
    companyId: company.user.id,
    requestType: 1,
    // Due tomorrow: its crew may start it (decision 042).
    moveDate: serviceDay(1),
    contactFirstName: 'Robin',
    contactLastName: 'Hart',
    contactEmail: customer.user.email,
  });
  await f.life.ok('POST', '/api/company/send_confirmation_letter', company.token, {
    request_id: id,
    rate_method: 'Hourly',
    cash_payment_rate: 120,
    card_payment_rate: 130,
    minimum_hours: 3,
    payment_method: 'Cash',
  });
  await f.life.ok(
    'POST',
    '/api/company/attach_signature_make_confirmation_letter_pdf',
    customer.token,
    { request_id: id, signature_path: SIGNATURE },
  );
  await f.life.assign(company, id);
  await f.life.start(company, id);
  await f.life.complete(company, id);
  return f.requestRow(id);
}

describe('end_move_confirmation', () => {
  it('releases the escrow to the company once, marks the request done (6 → 7) and tells both', async () => {
    const { company, customer, request } = await completedMove({ discountPercent: 10 });
    expect(await balance(account.escrow(request.id))).toBe(45_000);
    // What the parties are told from here on (the fixture's calls told them their own).
    const toldCustomer = (await f.noticesOf(customer.user.id, request.id)).length;
    const toldCompany = (await f.noticesOf(company.user.id, request.id)).length;
    const res = await confirm(customer.token, request.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      request_id: request.id,
      request_timeline_status: TimelineStatus.completed,
      request_status: 1,
      released_amount: 450,
    });
    const row = await f.requestRow(request.id);
    expect(row.timelineStatus).toBe(TimelineStatus.completed);
    expect(row.requestStatus).toBe(1);
    expect(await balance(account.escrow(request.id))).toBe(0);
    expect(await balance(account.companyPayable(company.user.id))).toBe(45_000);
    expect(await paymentsOf(request.id, 'release')).toMatchObject([
      { status: 'succeeded', amountCents: 45_000 },
    ]);
    expect(await f.ledgerTotal()).toBe(0);
    expect((await profileOf(company.user.id)).completedMoves).toBe(8);
    expect((await f.noticesOf(customer.user.id, request.id)).slice(toldCustomer)).toEqual([
      COMPLETION_TEXT.releasedForCustomer('$450.00', company.name, request.id),
    ]);
    expect((await f.noticesOf(company.user.id, request.id)).slice(toldCompany)).toEqual([
      COMPLETION_TEXT.releasedForCompany('$450.00', request.id),
    ]);

    const again = await confirm(customer.token, request.id);
    expect(again.statusCode).toBe(409);
    expect(await paymentsOf(request.id, 'release')).toHaveLength(1);
    expect(await balance(account.companyPayable(company.user.id))).toBe(45_000);
    expect(await brokenInvariants(f.db(), request.id)).toEqual([]);
  });

  it('confirms only at status 6 (422 before it), only the customer’s own request (404), only customers (403)', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const inProgress = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: TimelineStatus.inProgress,
    });
    const res = await confirm(customer.token, inProgress.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Move in progress/);
    expect(await balance(account.escrow(inProgress.id))).toBe(inProgress.heldCents);

    const { request } = await completedMove();
    const stranger = await f.customer();
    const theirs = await confirm(stranger.token, request.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 404, message: REQUEST_NOT_FOUND });
    expect((await confirm(company.token, request.id)).statusCode).toBe(403);
    expect((await confirm(company.foremen[0]!.token, request.id)).statusCode).toBe(403);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.completedByCompany);
    expect(await paymentsOf(request.id, 'release')).toEqual([]);
  });

  it('releases once when the customer confirms twice at once', async () => {
    // Several rounds: a confirm that read the escrow as held just before another released it
    // is told 409 like the others, never that the escrow no longer covers the release.
    for (let round = 0; round < 4; round++) {
      const { company, customer, request } = await completedMove();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => confirm(customer.token, request.id)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await paymentsOf(request.id, 'release')).toHaveLength(1);
      expect(await balance(account.companyPayable(company.user.id))).toBe(request.heldCents);
      expect(await balance(account.escrow(request.id))).toBe(0);
      expect((await profileOf(company.user.id)).completedMoves).toBe(8);
      expect(await brokenInvariants(f.db(), request.id)).toEqual([]);
    }
  });

  it('has one winner when a confirm and a cancel race', async () => {
    for (let round = 0; round < 3; round++) {
      const { company, customer, request } = await completedMove();
      const [confirmed, cancelled] = await Promise.all([
        confirm(customer.token, request.id),
        f.call('/api/customer/delete_request', customer.token, { request_id: request.id }),
      ]);
      const label = `confirm ${confirmed.statusCode} ${confirmed.body} / cancel ${cancelled.statusCode} ${cancelled.body}`;
      expect([confirmed.statusCode, cancelled.statusCode].sort(), label).toEqual([200, 409]);
      const row = await f.requestRow(request.id);
      expect(row.timelineStatus, label).toBe(
        confirmed.statusCode === 200 ? TimelineStatus.completed : TimelineStatus.cancelled,
      );
      // Either way the crew had finished: the whole escrow is the company's, once.
      expect(await balance(account.companyPayable(company.user.id)), label).toBe(request.heldCents);
      expect(await balance(account.escrow(request.id)), label).toBe(0);
      expect(await brokenInvariants(f.db(), request.id), label).toEqual([]);
    }
  });

  it('confirms a move with nothing held without a payment', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const request = await completedDirectMove(company, customer);
    expect(request.timelineStatus).toBe(TimelineStatus.completedByCompany);
    const res = await confirm(customer.token, request.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.released_amount).toBe(0);
    expect(await paymentsOf(request.id, 'release')).toEqual([]);
    expect(await f.noticesOf(company.user.id, request.id)).toContain(
      COMPLETION_TEXT.confirmedForCompany(request.id),
    );
  });
});

describe('add_feedback', () => {
  it('stores the rating and comment, charges the tip to the company and recomputes its rating (7 → 8)', async () => {
    const { company, customer, request } = await confirmedMove({
      amountCents: 50_000,
      discountPercent: 5,
    });
    const cardBefore = await balance(account.customerCard(customer.user.id));
    // One earlier review of 3 stars: the rating becomes the mean.
    await f.db().insert(companyReviews).values({
      companyId: company.user.id,
      reviewerFirstName: 'Earlier',
      reviewerLastName: 'Customer',
      companyRating: 3,
    });
    const tip = tipCents(50_000, 5, 15) / 100;
    expect(tip).toBe(71);
    const res = await feedback(customer.token, {
      request_id: request.id,
      rating: 4.5,
      comment: '  Careful and quick.  ',
      tip,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      request_id: request.id,
      request_timeline_status: TimelineStatus.feedbackGiven,
      rating: 4.5,
      comment: 'Careful and quick.',
      tip: 71,
      company_rating: 3.75,
    });
    const row = await f.requestRow(request.id);
    expect(row.timelineStatus).toBe(TimelineStatus.feedbackGiven);
    expect(row.requestStatus).toBe(1);
    const [review] = await f
      .db()
      .select()
      .from(companyReviews)
      .where(eq(companyReviews.requestId, request.id));
    expect(review).toMatchObject({
      companyId: company.user.id,
      customerId: customer.user.id,
      reviewerFirstName: 'Robin',
      reviewerLastName: 'Hart',
      companyRating: 4.5,
      companyComment: 'Careful and quick.',
      tipCents: 7_100,
    });
    expect((await profileOf(company.user.id)).rating).toBe(3.75);
    expect(await balance(account.tipsPayable(company.user.id))).toBe(7_100);
    expect(await balance(account.customerCard(customer.user.id))).toBe(cardBefore - 7_100);
    expect(await paymentsOf(request.id, 'tip')).toMatchObject([
      { status: 'succeeded', amountCents: 7_100 },
    ]);
    expect(await f.ledgerTotal()).toBe(0);
    expect((await f.noticesOf(company.user.id, request.id)).at(-1)).toBe(
      COMPLETION_TEXT.feedbackForCompany(4.5, request.id, '$71.00'),
    );
    expect(await brokenInvariants(f.db(), request.id)).toEqual([]);

    // The detail shows it back (spec §2 card at 8: tip, read-only rating and comment).
    const detail = await f.call('/api/customer/customer_request_detail', customer.token, {
      request_id: request.id,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.get_feedback).toMatchObject({
      rating: 4.5,
      comment: 'Careful and quick.',
      tip: 71,
    });
  });

  it('takes feedback without a tip and charges nothing', async () => {
    const { company, customer, request } = await confirmedMove();
    const res = await feedback(customer.token, {
      request_id: request.id,
      rating: '5',
      comment: '',
      tip: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentsOf(request.id, 'tip')).toEqual([]);
    expect((await profileOf(company.user.id)).rating).toBe(5);
    const [review] = await f
      .db()
      .select()
      .from(companyReviews)
      .where(eq(companyReviews.requestId, request.id));
    expect(review).toMatchObject({ companyRating: 5, companyComment: null, tipCents: 0 });
  });

  it('refuses bad ratings and tips (422) and stores nothing', async () => {
    const { customer, request } = await confirmedMove();
    const bad = [
      { rating: 0, tip: 0 },
      { rating: 0.3, tip: 0 },
      { rating: 5.5, tip: 0 },
      { rating: 'five', tip: 0 },
      { rating: 4, tip: -5 },
      { rating: 4, tip: 12.5 },
      { rating: 4, tip: '1e3' },
      { tip: 10 },
    ];
    for (const body of bad) {
      const res = await feedback(customer.token, { request_id: request.id, comment: 'x', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.completed);
    expect(
      await f.db().select().from(companyReviews).where(eq(companyReviews.requestId, request.id)),
    ).toEqual([]);
  });

  it('takes feedback only at 7 (422 before it, 409 after), on the customer’s own request (404), from customers (403)', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const body = (id: number) => ({ request_id: id, rating: 4, comment: 'Fine', tip: 0 });
    const { request: notConfirmed } = await completedMove();
    const early = await feedback(customer.token, body(notConfirmed.id));
    expect(early.statusCode).toBe(404); // another customer's
    const mine = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: TimelineStatus.completedByCompany,
    });
    const res = await feedback(customer.token, body(mine.id));
    expect(res.statusCode).toBe(422);
    const { customer: c2, request: r2, company: co2 } = await confirmedMove();
    expect((await feedback(co2.token, body(r2.id))).statusCode).toBe(403);
    expect((await feedback(c2.token, body(r2.id))).statusCode).toBe(200);
    const twice = await feedback(c2.token, body(r2.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COMPLETION_TEXT.feedbackGiven);
  });

  it('answers a declined tip card with the gateway’s message and stores nothing; a retry without a tip succeeds', async () => {
    const { company, customer, request } = await confirmedMove({
      cardNumber: '4000000000000341',
    });
    const res = await feedback(customer.token, {
      request_id: request.id,
      rating: 4,
      comment: 'Good',
      tip: 60,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.cardDeclined, card_declined: true });
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.completed);
    expect(
      await f.db().select().from(companyReviews).where(eq(companyReviews.requestId, request.id)),
    ).toEqual([]);
    expect(await balance(account.tipsPayable(company.user.id))).toBe(0);

    const again = await feedback(customer.token, {
      request_id: request.id,
      rating: 4,
      comment: 'Good',
      tip: 60,
    });
    expect(again.statusCode).toBe(400);
    // Each attempt after a decline is a new movement under a new key, voided.
    const tips = await paymentsOf(request.id, 'tip');
    expect(tips.map((p) => [p.status, p.idempotencyKey])).toEqual([
      ['failed', expect.stringMatching(new RegExp(`^payment-[0-9a-f]{8}-${tips[0]!.id}$`))],
      ['failed', expect.stringMatching(new RegExp(`^payment-[0-9a-f]{8}-${tips[1]!.id}$`))],
    ]);
    const noTip = await feedback(customer.token, {
      request_id: request.id,
      rating: 4,
      comment: 'Good',
      tip: 0,
    });
    expect(noTip.statusCode, noTip.body).toBe(200);
    expect(await balance(account.tipsPayable(company.user.id))).toBe(0);
    expect(await brokenInvariants(f.db(), request.id)).toEqual([]);
  });

  it('asks for a card before charging a tip when the customer has none', async () => {
    const { customer, request } = await confirmedMove();
    expect((await f.call('/api/customer/delete_card', customer.token, {})).statusCode).toBe(200);
    const res = await feedback(customer.token, {
      request_id: request.id,
      rating: 3,
      comment: '',
      tip: 10,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.noActiveCard);
    expect(await paymentsOf(request.id, 'tip')).toEqual([]);
    expect((await f.requestRow(request.id)).timelineStatus).toBe(TimelineStatus.completed);
  });

  it('charges one tip when feedback is sent twice at once', async () => {
    const { company, customer, request } = await confirmedMove();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        feedback(customer.token, { request_id: request.id, rating: 5, comment: 'Great', tip: 20 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await balance(account.tipsPayable(company.user.id))).toBe(2_000);
    expect(
      await f.db().select().from(companyReviews).where(eq(companyReviews.requestId, request.id)),
    ).toHaveLength(1);
    expect(await paymentsOf(request.id, 'tip')).toMatchObject([{ status: 'succeeded' }]);
    expect(await brokenInvariants(f.db(), request.id)).toEqual([]);
  });

  it('walks a request from confirm to feedback', async () => {
    const { company, customer, request } = await completedMove({ amountCents: 40_000 });
    expect((await confirm(customer.token, request.id)).statusCode).toBe(200);
    const res = await feedback(customer.token, {
      request_id: request.id,
      rating: 4,
      comment: 'Thanks',
      tip: tipCents(40_000, 0, 20) / 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await f.db().select().from(requests).where(eq(requests.id, request.id));
    expect(row!.timelineStatus).toBe(TimelineStatus.feedbackGiven);
    expect(await balance(account.companyPayable(company.user.id))).toBe(40_000);
    expect(await balance(account.tipsPayable(company.user.id))).toBe(8_000);
    expect(await balance(account.escrow(request.id))).toBe(0);
    expect(await f.ledgerTotal()).toBe(0);
  });
});
