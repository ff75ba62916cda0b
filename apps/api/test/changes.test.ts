import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  addLocalDays,
  CHANGE_CONFIRMATION_CALLS,
  CHANGE_MESSAGES,
  CHANGE_TIMELINE,
  MSG,
  specDateToIso,
  TimelineStatus,
  toSpecDate,
  type ChangeType,
} from '@movehub/shared';
import { GatewayError } from '../src/adapters/payments/gateway';
import {
  catalogueItems,
  customerMessages,
  notifications,
  payments,
  requestAddresses,
  requestBids,
  requestChanges,
  requestItems,
  requestTimeline,
  sandboxOperations,
} from '../src/db/schema';
import { account, balanceOf } from '../src/domain/money/ledger';
import { CHANGE_TEXT } from '../src/domain/request/changes';
import { COMPENSATION_TEXT } from '../src/domain/request/compensation';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import {
  awaitingPriceTitle,
  companyPriceNotice,
  EDIT_TIMELINE,
  EDIT_PRICED_WAITS_FOR_ANSWER,
  EDIT_WAITS_FOR_ANSWER,
} from '../src/domain/request/edits';
import { buildTestApp, createRequest, type TestContext } from './helper';
import { serviceDay, type Status } from './lifecycle';
import { brokenInvariants } from './money-invariants';
import { moveFixtures } from './moves-helpers';
import { uploadPhoto } from './uploads-helpers';

/*
 * Change proposals and confirmations through the real server on the sandbox gateway
 * (bad input and races included): the company proposes, the detail shows the proposed
 * values, the customer accepts (money through escrow from status 3: a difference charged first
 * and the change applied once the charge posts, a saving applied at once and refunded after the
 * commit; docs/decisions/033) or rejects (nothing changes).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());
const realClock = () => new Date();
afterEach(() => {
  ctx.app.domain.now = realClock;
});

const f = moveFixtures(() => ctx);
const life = f.life;
const db = () => ctx.database.db;

const PROPOSE = '/api/company/propose_change';
const confirmUrl = (type: ChangeType) => `/api/customer/${CHANGE_CONFIRMATION_CALLS[type]}`;

/** A company, a customer with a card, and a request the company won, paid (status 3). */
async function paidMove(
  opts: { amountCents?: number; discountPercent?: number; status?: Status } = {},
) {
  const company = await f.company();
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    amountCents: opts.amountCents ?? 50_000,
    ...(opts.discountPercent !== undefined ? { discountPercent: opts.discountPercent } : {}),
    ...(opts.status !== undefined ? { status: opts.status } : {}),
  });
  return { company, customer, request };
}

/** A request the company's bid of $400 won, not paid yet (status 2), through the real calls. */
async function acceptedMove() {
  return paidMove({ amountCents: 40_000, status: TimelineStatus.awaitingPayment });
}

const propose = (token: string | undefined, payload: object) => f.call(PROPOSE, token, payload);
const confirm = (type: ChangeType, token: string | undefined, payload: object) =>
  f.call(confirmUrl(type), token, payload);

const detail = async (token: string, requestId: number) => {
  const res = await f.call('/api/customer/customer_request_detail', token, {
    request_id: requestId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const addressesOf = (requestId: number) =>
  db()
    .select()
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, requestId))
    .orderBy(asc(requestAddresses.position), asc(requestAddresses.id));

const changeRows = (requestId: number) =>
  db()
    .select()
    .from(requestChanges)
    .where(eq(requestChanges.requestId, requestId))
    .orderBy(asc(requestChanges.id));

/** The movements of a request's changes (their charges and refunds), by what they are for. */
const changeMovements = (requestId: number) =>
  db()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        inArray(sql<string>`${payments.purpose}->>'type'`, ['change-charge', 'change-refund']),
      ),
    )
    .orderBy(asc(payments.id));

const escrow = (requestId: number) => balanceOf({ db: db(), account: account.escrow(requestId) });

/** The day REQUEST_CHANGE proposes: a month ahead, after the fixtures' move day. */
const PROPOSED_DAY = toSpecDate(addLocalDays(new Date(), 31));
const PROPOSED_ISO = specDateToIso(PROPOSED_DAY)!;

const REQUEST_CHANGE = {
  type: 'request',
  s_date: PROPOSED_DAY,
  start_window_from: '10:00',
  start_window_to: '12:00',
  movers: '3',
};

const NEW_ADDRESS = {
  complete_address: '1 Colorado Blvd, Pasadena, CA 91101, USA',
  zip_code: '91101',
  latitude: 34.1456,
  longitude: -118.1489,
  address_type: '2',
};

describe('propose_change', () => {
  it('shows a request change in the detail beside the unchanged values, with its timeline entry and the customer told in-app and by email', async () => {
    const { company, customer, request } = await paidMove();
    const res = await propose(company.token, {
      request_id: request.id,
      ...REQUEST_CHANGE,
      price: '75.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      request_id: request.id,
      type: 'request',
      status: 'pending',
      price: 75.5,
    });

    const d = await detail(customer.token, request.id);
    expect(d.request).toMatchObject({
      s_date: toSpecDate(request.moveDate),
      start_window_from: '08:00',
      start_window_to: '09:00',
      final_amount: 500,
      s_date_change: PROPOSED_DAY,
      s_time_change: '10:00 - 12:00',
      final_amount_change: 575.5,
    });
    expect(d.bid_Accepted_company).toMatchObject({ movers_change: 3 });
    expect(d.change_proposals).toEqual([expect.objectContaining({ type: 'request', price: 75.5 })]);
    expect(d.request_timeline.map((t: { activity_title: string }) => t.activity_title)).toContain(
      'Change in request',
    );
    const row = await f.requestRow(request.id);
    expect([row.moveDate, row.windowFrom, row.movers, row.finalAmountCents]).toEqual([
      request.moveDate,
      '08:00',
      2,
      50_000,
    ]);
    expect((await f.noticesOf(customer.user.id, request.id)).at(-1)).toContain(
      `proposes a change to request #${request.id}`,
    );
    const mails = await db()
      .select()
      .from(customerMessages)
      .where(
        and(
          eq(customerMessages.requestId, request.id),
          eq(customerMessages.event, 'change_proposed'),
        ),
      );
    expect(mails).toHaveLength(1);
  });

  it('shows an address change: new, edited and deleted addresses with their prices', async () => {
    const { company, customer, request } = await paidMove();
    const [first, second] = await addressesOf(request.id);
    await db().insert(requestAddresses).values({
      requestId: request.id,
      position: 2,
      addressType: 2,
      completeAddress: '300 Storage Way, Los Angeles, CA 90012, USA',
      zipCode: '90012',
    });
    const third = (await addressesOf(request.id))[2]!;
    const res = await propose(company.token, {
      request_id: request.id,
      type: 'address',
      new_address_array: [{ ...NEW_ADDRESS, price: 40 }],
      edit_address_array: [
        { ...NEW_ADDRESS, address_id: second!.id, apartment_number: '9C', price: 10 },
      ],
      delete_address_array: [{ address_id: third.id, price: -20 }],
      price: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(customer.token, request.id);
    expect(d.new_address_array).toEqual([
      expect.objectContaining({ id: null, zip_code: '91101', address_type: 2, price: 40 }),
    ]);
    expect(d.edit_address_array).toEqual([
      expect.objectContaining({ id: second!.id, apartment_number: '9C', price: 10 }),
    ]);
    expect(d.delete_address_array).toEqual([
      expect.objectContaining({ id: third.id, zip_code: '90012', price: -20 }),
    ]);
    expect(d.request_address).toHaveLength(3);
    expect(d.request_address[0].id).toBe(first!.id);
    expect(d.request_timeline.map((t: { activity_title: string }) => t.activity_title)).toContain(
      'Change in address',
    );
  });

  it('shows an items change and an extra-items change with their photos and prices', async () => {
    const { company, customer, request } = await paidMove();
    // A proposed line's photos are uploads of ours, as the customer's own.
    const piano = await uploadPhoto(ctx.app);
    const [tape] = await db()
      .select()
      .from(catalogueItems)
      .where(eq(catalogueItems.type, '2'))
      .orderBy(asc(catalogueItems.id))
      .limit(1);
    const items = await propose(company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [
        {
          name: 'Piano',
          type: '1',
          quantity: 1,
          items_image_array: [piano],
        },
        { name: 'Gone', type: '1', quantity: 0 },
      ],
      price: 120,
    });
    expect(items.statusCode, items.body).toBe(200);
    const extra = await propose(company.token, {
      request_id: request.id,
      type: 'extra-items',
      items_array: [{ _id: tape!.id, name: tape!.name, type: '2', quantity: 2 }],
      price: '15',
    });
    expect(extra.statusCode, extra.body).toBe(200);

    const d = await detail(customer.token, request.id);
    expect(d.change_item).toEqual([
      expect.objectContaining({
        id: null,
        name: 'Piano',
        quantity: 1,
        item_change_images: [{ image_url: piano }],
      }),
    ]);
    expect(d.request.item_price_change).toBe(120);
    expect(d.change_item_extra).toEqual([
      expect.objectContaining({ item_id: tape!.id, quantity: 2, type: '2' }),
    ]);
    expect(d.request.extra_item_price_change).toBe(15);
    const titles = d.request_timeline.map((t: { activity_title: string }) => t.activity_title);
    expect(titles).toEqual(expect.arrayContaining(['Change in items', 'Change in extra items']));
  });

  it('refuses a second proposal of a type while one is pending (409), but takes another type', async () => {
    const { company, request } = await paidMove();
    const body = { request_id: request.id, ...REQUEST_CHANGE, price: 10 };
    expect((await propose(company.token, body)).statusCode).toBe(200);
    const again = await propose(company.token, { ...body, price: 20 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: CHANGE_TEXT.pending('request') });
    const items = await propose(company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [{ name: 'Desk', type: '1', quantity: 1 }],
      price: 0,
    });
    expect(items.statusCode).toBe(200);
    expect((await changeRows(request.id)).map((r) => r.priceCents)).toEqual([1000, 0]);
  });

  it('answers 404 to another company and 403 to a customer, and leaves the request without proposals', async () => {
    const { customer, request } = await paidMove();
    const other = await f.company();
    const res = await propose(other.token, { request_id: request.id, ...REQUEST_CHANGE, price: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: REQUEST_NOT_FOUND });
    const asCustomer = await propose(customer.token, {
      request_id: request.id,
      ...REQUEST_CHANGE,
      price: 5,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(await changeRows(request.id)).toEqual([]);
  });

  it('answers 401 without a token before reading a bad body', async () => {
    const res = await propose(undefined, { type: 'nonsense' });
    expect(res.statusCode).toBe(401);
  });

  it('proposes only once the company is the request’s and before completion: 409 after or when cancelled', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const proposeAt = async (id: number) => {
      const res = await propose(company.token, { request_id: id, ...REQUEST_CHANGE, price: 0 });
      return res.statusCode;
    };
    const at = async (status: Status) => {
      const { id } = await life.requestAt({ status, customer, company, amountCents: 30_000 });
      return proposeAt(id);
    };
    // Before the customer accepts its bid the request is not the company's yet.
    expect(await at(TimelineStatus.pendingAcceptance)).toBe(404);
    expect(await at(TimelineStatus.awaitingPayment)).toBe(200);
    expect(await at(TimelineStatus.inProgress)).toBe(200);
    expect(await at(TimelineStatus.completedByCompany)).toBe(409);
    expect(await at(TimelineStatus.completed)).toBe(409);
    const { id: cancelled } = await life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer,
      company,
    });
    await life.ok('POST', '/api/customer/delete_request', customer.token, {
      request_id: cancelled,
    });
    expect(await proposeAt(cancelled)).toBe(409);
  });

  it('refuses a saving larger than the final amount or than the escrow holds (422)', async () => {
    // $100 at 40% off: the escrow holds $60 of the final $100.
    const { company, request } = await paidMove({ amountCents: 10_000, discountPercent: 40 });
    expect(await escrow(request.id)).toBe(6_000);
    const res = await propose(company.token, {
      request_id: request.id,
      ...REQUEST_CHANGE,
      price: -150,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CHANGE_TEXT.belowZero);
    const more = await propose(company.token, {
      request_id: request.id,
      ...REQUEST_CHANGE,
      price: -80,
    });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(CHANGE_TEXT.escrowShort('$60.00'));
    expect(await changeRows(request.id)).toEqual([]);
  });

  it('refuses an address change that would leave fewer than 2 addresses or names another request’s address', async () => {
    const { company, request } = await paidMove();
    const [first] = await addressesOf(request.id);
    const other = await paidMove();
    const [foreign] = await addressesOf(other.request.id);
    const tooFew = await propose(company.token, {
      request_id: request.id,
      type: 'address',
      delete_address_array: [{ address_id: first!.id }],
      price: 0,
    });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().message).toBe(MSG.minTwoAddresses);
    const notOurs = await propose(company.token, {
      request_id: request.id,
      type: 'address',
      edit_address_array: [{ ...NEW_ADDRESS, address_id: foreign!.id }],
      price: 0,
    });
    expect(notOurs.statusCode).toBe(422);
    expect(await changeRows(request.id)).toEqual([]);
  });

  it.each([
    ['an unknown type', { type: 'roof' }],
    ['no price', { ...REQUEST_CHANGE, price: undefined }],
    ['a price that is not money', { ...REQUEST_CHANGE, price: '12.345' }],
    ['a price out of range', { ...REQUEST_CHANGE, price: -9_999_999 }],
    ['an impossible date', { ...REQUEST_CHANGE, s_date: '02-30-2027', price: 1 }],
    ['a window with one bound', { type: 'request', start_window_from: '10:00', price: 1 }],
    [
      'a window the wrong way round',
      { type: 'request', start_window_from: '12:00', start_window_to: '10:00', price: 1 },
    ],
    ['a window off the half hour', { type: 'request', s_time: '10:10 - 12:00', price: 1 }],
    ['movers out of the options', { type: 'request', movers: 9, price: 1 }],
    ['nothing to change', { type: 'request', price: 0 }],
    [
      'an item with 4 photos',
      {
        type: 'items',
        price: 1,
        items_array: [{ name: 'Lamp', quantity: 1, items_image_array: ['a', 'b', 'c', 'd'] }],
      },
    ],
    ['an item with no name', { type: 'items', price: 1, items_array: [{ quantity: 1 }] }],
    [
      'a quantity of 1000',
      { type: 'items', price: 1, items_array: [{ name: 'Box', quantity: 1000 }] },
    ],
    [
      'an extra item sent as regular',
      { type: 'extra-items', price: 1, items_array: [{ name: 'Tape', type: '1', quantity: 1 }] },
    ],
    ['an address change with nothing in it', { type: 'address', price: 1 }],
    [
      'address prices that do not add up',
      { type: 'address', price: 5, new_address_array: [{ ...NEW_ADDRESS, price: 4 }] },
    ],
    [
      'an address without a zip',
      { type: 'address', price: 0, new_address_array: [{ ...NEW_ADDRESS, zip_code: '' }] },
    ],
    ['a request id that is not one', { ...REQUEST_CHANGE, price: 1, request_id: 'x' }],
  ])('answers 422 (never 500) to %s', async (_name, body) => {
    const { company, request } = await paidMove();
    const res = await propose(company.token, { request_id: request.id, ...body });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: expect.any(String) });
    expect(await changeRows(request.id)).toEqual([]);
  });

  it('refuses a date in the past (422)', async () => {
    const { company, request } = await paidMove();
    const res = await propose(company.token, {
      request_id: request.id,
      type: 'request',
      s_date: '01-02-2020',
      price: 0,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CHANGE_TEXT.pastDate);
  });
});

describe('accepting and rejecting', () => {
  it('applies a change below status 3 with no money moved, the final amount moved by its price', async () => {
    const { company, customer, request } = await acceptedMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 60 });
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: '60',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'accepted',
      final_amount: 460,
      amount_moved: 0,
      request_timeline_status: TimelineStatus.awaitingPayment,
    });
    const row = await f.requestRow(request.id);
    expect([row.moveDate, row.windowFrom, row.windowTo, row.movers, row.finalAmountCents]).toEqual([
      PROPOSED_ISO,
      '10:00',
      '12:00',
      3,
      46_000,
    ]);
    const [bid] = await db()
      .select()
      .from(requestBids)
      .where(eq(requestBids.requestId, request.id));
    expect(bid?.movers).toBe(3);
    expect(await db().select().from(payments).where(eq(payments.requestId, request.id))).toEqual(
      [],
    );
    const d = await detail(customer.token, request.id);
    expect(d.request.s_date_change).toBeNull();
    expect(d.bid_Accepted_company.movers).toBe(3);
    expect(d.bid_Accepted_company.movers_change).toBeNull();
    expect((await f.noticesOf(company.user.id, request.id)).at(-1)).toBe(
      CHANGE_TEXT.answeredForCompany(request.id, 'request', true),
    );
  });

  it('charges a higher price once into escrow at status 3, balances the ledger, raises the final amount and revises the calendar invite', async () => {
    const { company, customer, request } = await paidMove();
    const heldBefore = await escrow(request.id);
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 75.5 });
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 75.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ final_amount: 575.5, amount_moved: 75.5 });
    expect(await escrow(request.id)).toBe(heldBefore + 7550);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
    const moved = await changeMovements(request.id);
    expect(moved.map((p) => [p.kind, p.status, p.amountCents])).toEqual([
      ['hold', 'succeeded', 7550],
    ]);
    const [change] = await changeRows(request.id);
    expect(change).toMatchObject({ status: 'accepted', paymentId: moved[0]!.id });
    expect((await f.requestRow(request.id)).moveDate).toBe(PROPOSED_ISO);
    const revised = await db()
      .select()
      .from(customerMessages)
      .where(
        and(eq(customerMessages.requestId, request.id), eq(customerMessages.event, 'rescheduled')),
      );
    expect(revised).toHaveLength(1);
    expect(revised[0]?.calendar).toBe('request');

    // Accepting again applies nothing more and charges nothing more.
    const again = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 75.5,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CHANGE_TEXT.answered);
    expect(await changeMovements(request.id)).toHaveLength(1);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(57_550);
  });

  it('refunds a saving once from escrow, balances the ledger and lowers the final amount', async () => {
    const { company, customer, request } = await paidMove();
    const heldBefore = await escrow(request.id);
    await propose(company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [{ name: 'Small box', type: '1', quantity: 3 }],
      price: '-40',
    });
    const res = await confirm('items', customer.token, {
      request_id: request.id,
      status: '1',
      price: '-40',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ final_amount: 460, amount_moved: -40 });
    expect(await escrow(request.id)).toBe(heldBefore - 4000);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
    expect(
      (await changeMovements(request.id)).map((p) => [p.kind, p.status, p.amountCents]),
    ).toEqual([['refund', 'succeeded', 4000]]);
    const items = await db()
      .select()
      .from(requestItems)
      .where(eq(requestItems.requestId, request.id));
    expect(items.map((i) => [i.name, i.quantity])).toEqual([['Small box', 3]]);
    const d = await detail(customer.token, request.id);
    expect(d.receipts.map((r: { kind: string }) => r.kind)).toContain('refund');
    expect(d.change_item).toEqual([]);
  });

  it('gives each charged or refunded difference its own receipt and keeps the payment receipt as it was', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 75.5 });
    const charged = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 75.5,
    });
    expect(charged.statusCode, charged.body).toBe(200);
    await propose(company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [{ name: 'Small box', type: '1', quantity: 3 }],
      price: '-40',
    });
    const refunded = await confirm('items', customer.token, {
      request_id: request.id,
      status: '1',
      price: '-40',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);

    const d = await detail(customer.token, request.id);
    const receipts = d.receipts as { receipt_id: number; kind: string; amount: number }[];
    expect(receipts.map((r) => [r.kind, r.amount])).toEqual([
      ['payment', expect.any(Number)],
      ['payment', 75.5],
      ['refund', 40],
    ]);
    const subjects: string[] = [];
    for (const r of receipts) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/customer/request_receipt?request_id=${request.id}&receipt_id=${r.receipt_id}`,
        headers: { 'x-sh-auth': customer.token },
      });
      expect(res.statusCode).toBe(200);
      const doc = await PDFDocument.load(res.rawPayload, { updateMetadata: false });
      subjects.push(doc.getSubject() ?? '');
    }
    // The move was paid at $500.00; the changes since then do not turn into a discount on it.
    expect(subjects[0]).toContain('Move price $500.00');
    expect(subjects[0]).not.toContain('Discount');
    expect(subjects[1]).toContain('Price difference of an accepted change $75.50');
    expect(subjects[1]).toContain('Total charged to your card $75.50');
    expect(subjects[1]).not.toContain('Move price');
    expect(subjects[2]).toContain('Saving of an accepted change, refunded to your card $40.00');
  });

  it('applies a change with no price at status 3 without moving money', async () => {
    const { company, customer, request } = await paidMove();
    const [first, second] = await addressesOf(request.id);
    await propose(company.token, {
      request_id: request.id,
      type: 'address',
      new_address_array: [NEW_ADDRESS],
      edit_address_array: [
        {
          ...NEW_ADDRESS,
          address_id: second!.id,
          zip_code: '90402',
          latitude: 34.0195,
          longitude: -118.4912,
        },
      ],
      price: 0,
    });
    const res = await confirm('address', customer.token, {
      request_id: request.id,
      status: '1',
      price: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount_moved).toBe(0);
    const after = await addressesOf(request.id);
    expect(after.map((a) => [a.id, a.zipCode])).toEqual([
      [first!.id, '90012'],
      [second!.id, '90402'],
      [expect.any(Number), '91101'],
    ]);
    expect((await f.requestRow(request.id)).netDistanceMiles).toBeGreaterThan(0);
    expect(await changeMovements(request.id)).toEqual([]);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(50_000);
  });

  it('rejects a change: the request stays as it was and the proposal can no longer be accepted', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 20 });
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '0',
      price: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      amount_moved: 0,
      final_amount: 500,
    });
    const row = await f.requestRow(request.id);
    expect([row.moveDate, row.movers, row.finalAmountCents]).toEqual([request.moveDate, 2, 50_000]);
    expect(await changeMovements(request.id)).toEqual([]);
    const d = await detail(customer.token, request.id);
    expect(d.request.s_date_change).toBeNull();
    expect(d.change_proposals).toEqual([]);
    const accept = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 20,
    });
    expect(accept.statusCode).toBe(409);
    // A new proposal of the type may follow.
    expect(
      (await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 5 }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an accept (409) once an earlier accepted saving left too little for this one', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: -300 });
    await propose(company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [{ name: 'Small box', type: '1', quantity: 1 }],
      price: -300,
    });
    const first = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: -300,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ final_amount: 200, amount_moved: -300 });
    const second = await confirm('items', customer.token, {
      request_id: request.id,
      status: '1',
      price: -300,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 409, message: CHANGE_TEXT.belowZero });
    expect((await changeRows(request.id)).map((r) => [r.type, r.status])).toEqual([
      ['request', 'accepted'],
      ['items', 'pending'],
    ]);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(20_000);
    expect(await escrow(request.id)).toBe(20_000);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
  });

  it('refuses an accept at another price (422) and applies nothing', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 80 });
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 8,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CHANGE_TEXT.priceMismatch('$80.00'));
    expect((await changeRows(request.id))[0]?.status).toBe('pending');
    expect(await changeMovements(request.id)).toEqual([]);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(50_000);
  });

  it('refuses to accept a proposed date that has passed since (422) and applies nothing', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 10 });
    // The customer answers two days after the proposed one (in any time zone, it has passed).
    ctx.app.domain.now = () => addLocalDays(new Date(), 33);
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 10,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(CHANGE_TEXT.datePassed);
    expect(await changeMovements(request.id)).toEqual([]);
    expect((await changeRows(request.id))[0]?.status).toBe('pending');
    expect((await f.requestRow(request.id)).moveDate).toBe(request.moveDate);
  });

  it('charges once when the same accept is sent many times at once', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 30 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        confirm('request', customer.token, { request_id: request.id, status: '1', price: 30 }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(
      (await changeMovements(request.id)).filter((p) => p.status === 'succeeded'),
    ).toHaveLength(1);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(53_000);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
  });

  it('gives back a charge whose change can no longer apply once it is made, and says so', async () => {
    const { company, customer, request } = await paidMove();
    const heldBefore = await escrow(request.id);
    const [, second] = await addressesOf(request.id);
    const proposed = await propose(company.token, {
      request_id: request.id,
      type: 'address',
      edit_address_array: [{ ...NEW_ADDRESS, address_id: second!.id }],
      price: 40,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const gateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);
    // While the provider charges, the address the change edits goes away (an operator's fix).
    gateway.charge = async (opts) => {
      const made = await charge(opts);
      await db().delete(requestAddresses).where(eq(requestAddresses.id, second!.id));
      await db()
        .insert(requestAddresses)
        .values({ ...(({ id: _id, ...rest }) => rest)(second!), completeAddress: 'Elsewhere' });
      return made;
    };
    let res;
    try {
      res = await confirm('address', customer.token, {
        request_id: request.id,
        status: '1',
        price: 40,
      });
    } finally {
      gateway.charge = charge;
    }
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(COMPENSATION_TEXT.notApplied);
    // Charged and given back; the proposal waits for an answer again, nothing of it applied.
    const movements = await changeMovements(request.id);
    expect(movements.map((m) => [m.kind, m.status, m.amountCents])).toEqual([
      ['hold', 'succeeded', 4000],
    ]);
    const given = await db()
      .select()
      .from(payments)
      .where(
        and(eq(payments.requestId, request.id), sql`${payments.purpose}->>'type' = 'compensation'`),
      );
    expect(given.map((m) => [m.kind, m.status, m.amountCents])).toEqual([
      ['refund', 'succeeded', 4000],
    ]);
    expect(await escrow(request.id)).toBe(heldBefore);
    expect(await changeRows(request.id)).toMatchObject([{ status: 'pending', paymentId: null }]);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(request.finalAmountCents);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
  });

  it('takes over the charge of an accept whose answer was lost, and charges once', async () => {
    const { company, customer, request } = await paidMove();
    const heldBefore = await escrow(request.id);
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 30 });
    const accept = () =>
      confirm('request', customer.token, { request_id: request.id, status: '1', price: 30 });
    const gateway = ctx.app.payments;
    const charge = gateway.charge.bind(gateway);

    // The provider charges, but its answer never comes back: the movement waits, pending.
    gateway.charge = async (opts) => {
      await charge(opts);
      throw new GatewayError('unavailable', 'the answer was lost');
    };
    try {
      const lost = await accept();
      expect(lost.statusCode).toBe(500);
      expect(lost.json()).toEqual({ code: 500, message: MSG.gatewayUnknown });
    } finally {
      gateway.charge = charge;
    }
    const [pending] = await changeMovements(request.id);
    expect(pending).toMatchObject({ kind: 'hold', status: 'pending', amountCents: 3000 });
    // The key names this database and the movement: a retry asks the same question.
    expect(pending!.idempotencyKey).toMatch(new RegExp(`^payment-[0-9a-f]{8}-${pending!.id}$`));
    expect(await changeRows(request.id)).toMatchObject([
      { status: 'pending', paymentId: pending!.id },
    ]);
    expect((await f.requestRow(request.id)).finalAmountCents).toBe(50_000);
    expect(await escrow(request.id)).toBe(heldBefore);
    // Meanwhile it can be neither rejected nor met by another money command.
    const reject = await confirm('request', customer.token, {
      request_id: request.id,
      status: '0',
    });
    expect(reject.json()).toEqual({ code: 409, message: CHANGE_TEXT.inProgress });
    const cancel = await f.call('/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    expect(cancel.json()).toEqual({ code: 409, message: MSG.moneyPending });

    // The accept sent again takes the movement over; while its call is at the provider, a third
    // accept is told the payment is in progress.
    let third: Awaited<ReturnType<typeof accept>> | undefined;
    gateway.charge = async (opts) => {
      third = await accept();
      return charge(opts);
    };
    try {
      const res = await accept();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ final_amount: 530, amount_moved: 30 });
    } finally {
      gateway.charge = charge;
    }
    expect(third?.json()).toEqual({ code: 409, message: MSG.paymentInProgress });
    // The provider answered the key with its first charge: one charge of $30.
    const charges = await db()
      .select({ amountCents: sandboxOperations.amountCents })
      .from(sandboxOperations)
      .where(
        and(
          eq(sandboxOperations.idempotencyKey, pending!.idempotencyKey),
          eq(sandboxOperations.kind, 'charge'),
        ),
      );
    expect(charges).toEqual([{ amountCents: 3000 }]);
    expect((await changeMovements(request.id)).map((p) => [p.status, p.amountCents])).toEqual([
      ['succeeded', 3000],
    ]);
    expect(await changeRows(request.id)).toMatchObject([
      { status: 'accepted', paymentId: pending!.id },
    ]);
    expect(await escrow(request.id)).toBe(heldBefore + 3000);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
  });

  it('lets one of an accept and a reject racing win, and the money follows the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const { company, customer, request } = await paidMove();
      const heldBefore = await escrow(request.id);
      await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 25 });
      const [accept, reject] = await Promise.all([
        confirm('request', customer.token, { request_id: request.id, status: '1', price: 25 }),
        confirm('request', customer.token, { request_id: request.id, status: '0', price: 25 }),
      ]);
      expect([accept.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const [change] = await changeRows(request.id);
      const charged = (await changeMovements(request.id)).filter((p) => p.status === 'succeeded');
      if (accept.statusCode === 200) {
        expect(change?.status).toBe('accepted');
        expect(charged).toHaveLength(1);
        expect(await escrow(request.id)).toBe(heldBefore + 2500);
        expect((await f.requestRow(request.id)).finalAmountCents).toBe(52_500);
      } else {
        expect(change?.status).toBe('rejected');
        expect(charged).toHaveLength(0);
        expect(await escrow(request.id)).toBe(heldBefore);
        expect((await f.requestRow(request.id)).finalAmountCents).toBe(50_000);
      }
      expect(await brokenInvariants(db(), request.id)).toEqual([]);
    }
  });

  it('applies nothing when the card is declined: the proposal stays pending and may be accepted with another card', async () => {
    const { company, customer, request } = await paidMove();
    const heldBefore = await escrow(request.id);
    // The card that paid the move is swapped for one declined when charged.
    expect((await f.call('/api/customer/delete_card', customer.token, {})).statusCode).toBe(200);
    await life.saveCard(customer, '4000000000000341');
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 45 });
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 45,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.cardDeclined);
    const [change] = await changeRows(request.id);
    expect(change).toMatchObject({ status: 'pending', acceptingSince: null, paymentId: null });
    expect((await changeMovements(request.id)).map((p) => p.status)).toEqual(['failed']);
    const row = await f.requestRow(request.id);
    expect([row.moveDate, row.finalAmountCents]).toEqual([request.moveDate, 50_000]);
    expect(await escrow(request.id)).toBe(heldBefore);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
    // The detail still shows the proposal.
    expect((await detail(customer.token, request.id)).request.s_date_change).toBe(PROPOSED_DAY);
    // Another card: the same proposal is accepted and charged.
    expect((await f.call('/api/customer/delete_card', customer.token, {})).statusCode).toBe(200);
    await life.saveCard(customer, '4242424242424242');
    const accepted = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 45,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await escrow(request.id)).toBe(heldBefore + 4500);
    expect((await changeMovements(request.id)).map((p) => p.status)).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
  });

  it("answers 404 to another customer and leaves the owner's proposal pending", async () => {
    const { company, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 5 });
    const stranger = await f.customer();
    for (const status of ['1', '0']) {
      const res = await confirm('request', stranger.token, {
        request_id: request.id,
        status,
        price: 5,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await changeRows(request.id))[0]?.status).toBe('pending');
    expect(await changeMovements(request.id)).toEqual([]);
  });

  it('answers 404 when no change of the type was proposed, and 401 without a token before reading a bad body', async () => {
    const { customer, request } = await paidMove();
    const none = await confirm('extra-items', customer.token, {
      request_id: request.id,
      status: '1',
      price: '',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(CHANGE_TEXT.noChange);
    for (const type of ['request', 'address', 'items', 'extra-items'] as const) {
      expect((await confirm(type, undefined, { status: 'maybe' })).statusCode).toBe(401);
    }
  });

  it.each([
    ['no status', { price: 1 }],
    ['a status other than 0 or 1', { status: '2', price: 1 }],
    ['a price that is not money', { status: '1', price: 'ten' }],
    ['a request id that is not one', { status: '1', request_id: -4 }],
  ])('answers 422 (never 500) to a confirmation with %s', async (_name, body) => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 5 });
    const res = await confirm('request', customer.token, { request_id: request.id, ...body });
    expect(res.statusCode, res.body).toBe(422);
    expect((await changeRows(request.id))[0]?.status).toBe('pending');
  });

  it('refuses to accept once the request is completed or cancelled (409)', async () => {
    const { company, customer, request } = await paidMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 0 });
    await life.ok('POST', '/api/customer/delete_request', customer.token, {
      request_id: request.id,
    });
    const res = await confirm('request', customer.token, {
      request_id: request.id,
      status: '1',
      price: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHANGE_TEXT.closed('Request Cancelled'));
    expect((await changeRows(request.id))[0]?.status).toBe('pending');

    // A proposal made while the move was under way, still unanswered once it is confirmed.
    const early = await paidMove({ status: TimelineStatus.inProgress });
    await propose(early.company.token, {
      request_id: early.request.id,
      ...REQUEST_CHANGE,
      price: 0,
    });
    await life.complete(early.company, early.request.id);
    await life.confirm(early.customer, early.request.id);
    const late = await confirm('request', early.customer.token, {
      request_id: early.request.id,
      status: '1',
      price: 0,
    });
    expect(late.statusCode).toBe(409);
    expect((await changeRows(early.request.id))[0]?.status).toBe('pending');
  });

  it('writes the answer to the timeline', async () => {
    const { company, customer, request } = await acceptedMove();
    await propose(company.token, { request_id: request.id, ...REQUEST_CHANGE, price: 0 });
    await confirm('request', customer.token, { request_id: request.id, status: '0' });
    const titles = (
      await db().select().from(requestTimeline).where(eq(requestTimeline.requestId, request.id))
    ).map((t) => t.activityTitle);
    expect(titles).toEqual(expect.arrayContaining([CHANGE_TIMELINE.request, 'Change rejected']));
  });
});

describe("a paid direct request's edits are priced by the company before they apply (item 4)", () => {
  /** A 1 × 1 PNG: the signature pad's picture. */
  const SIGNATURE =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  /**
   * A direct request the company's link brought (written as the link's submit leaves it once
   * claimed: the claim's round trip is direct-requests.test.ts's), its confirmation letter sent
   * by the company (0 → 3) and signed by the customer, brought further to `status` by the move
   * day's calls. Its price is the letter's rates: nothing is held in escrow.
   */
  async function paidDirectMove(status: Status = TimelineStatus.paid) {
    const company = await f.company();
    const customer = await f.customer();
    const row = await createRequest(ctx.database, {
      customerId: customer.user.id,
      companyId: company.user.id,
      requestType: 1,
      // A move the crew starts is due tomorrow: it starts only in its window (decision 042).
      moveDate:
        status >= TimelineStatus.inProgress
          ? serviceDay(1)
          : specDateToIso(toSpecDate(addLocalDays(new Date(), 16)))!,
      contactFirstName: 'Robin',
      contactLastName: 'Hart',
      contactEmail: customer.user.email,
    });
    await life.ok('POST', '/api/company/send_confirmation_letter', company.token, {
      request_id: row.id,
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130,
      minimum_hours: 3,
      payment_method: 'Cash',
    });
    await life.ok(
      'POST',
      '/api/company/attach_signature_make_confirmation_letter_pdf',
      customer.token,
      { request_id: row.id, signature_path: SIGNATURE },
    );
    if (status >= TimelineStatus.truckAssigned) await life.assign(company, row.id);
    if (status >= TimelineStatus.inProgress) await life.start(company, row.id);
    const request = await f.requestRow(row.id);
    expect(request).toMatchObject({ timelineStatus: status, requestType: 1 });
    return { company, customer, request };
  }
  const AWAITING = '/api/company/changes_awaiting_price';
  const PRICE = '/api/company/price_change';
  /** The id of the change of that kind waiting for its price, as changes_awaiting_price lists it. */
  const waitingId = async (requestId: number, type: ChangeType) =>
    (await changeRows(requestId)).find((r) => r.type === type && r.status === 'awaiting_price')
      ?.id ?? 0;

  it('stores the edits as one change awaiting the price, applies nothing, and tells the company', async () => {
    const { company, customer, request } = await paidDirectMove(TimelineStatus.truckAssigned);
    const before = await addressesOf(request.id);
    const added = await f.call('/app_api/add_address', customer.token, {
      request_id: request.id,
      ...NEW_ADDRESS,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(CHANGE_MESSAGES.sentForPricing);
    expect(added.json().data.awaiting_price).toBe(true);
    const edited = await f.call('/app_api/edit_address', customer.token, {
      request_id: request.id,
      address_id: before[1]!.id,
      ...NEW_ADDRESS,
      complete_address: '2 Colorado Blvd, Pasadena, CA 91101, USA',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await f.call('/app_api/delete_address', customer.token, {
      request_id: request.id,
      address_id: before[0]!.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    // Nothing applied, nothing charged; one change holds the three edits.
    expect(await addressesOf(request.id)).toEqual(before);
    expect(await changeMovements(request.id)).toEqual([]);
    const rows = await changeRows(request.id);
    expect(rows.map((r) => [r.type, r.status, r.priceCents])).toEqual([
      ['address', 'awaiting_price', 0],
    ]);
    const listed = await f.call(AWAITING, company.token, { request_id: request.id });
    expect(listed.statusCode, listed.body).toBe(200);
    const [asked] = listed.json().data;
    expect(asked).toMatchObject({ type: 'address', status: 'awaiting_price' });
    expect(asked.asked.new_address_array).toHaveLength(1);
    expect(asked.asked.edit_address_array).toMatchObject([
      { address_id: before[1]!.id, complete_address: '2 Colorado Blvd, Pasadena, CA 91101, USA' },
    ]);
    expect(asked.asked.delete_address_array).toEqual([{ address_id: before[0]!.id }]);
    const notices = await db()
      .select({ message: notifications.messageBody })
      .from(notifications)
      .where(
        and(eq(notifications.requestId, request.id), eq(notifications.userId, company.user.id)),
      );
    expect(notices.map((n) => n.message)).toContain(
      companyPriceNotice(request.id, EDIT_TIMELINE.addressAdded),
    );
    const titles = (await detail(customer.token, request.id)).request_timeline.map(
      (t: { activity_title: string }) => t.activity_title,
    );
    expect(titles).toContain(awaitingPriceTitle(EDIT_TIMELINE.addressDeleted));
    // The customer's view has nothing to accept yet.
    const early = await confirm('address', customer.token, {
      request_id: request.id,
      status: '1',
      price: '',
    });
    expect(early.json()).toEqual({ code: 409, message: CHANGE_TEXT.awaitingPrice });
    // The company cannot propose over it: it prices it.
    const over = await propose(company.token, {
      request_id: request.id,
      type: 'address',
      new_address_array: [NEW_ADDRESS],
      price: 10,
    });
    expect(over.json()).toEqual({ code: 409, message: CHANGE_TEXT.askedByCustomer('address') });
  });

  it('once priced, the customer pays the difference into escrow once and the edits apply', async () => {
    const { company, customer, request } = await paidDirectMove();
    const before = await addressesOf(request.id);
    await f.call('/app_api/add_address', customer.token, {
      request_id: request.id,
      ...NEW_ADDRESS,
    });
    const heldBefore = await escrow(request.id);
    const priced = await f.call(PRICE, company.token, {
      request_id: request.id,
      type: 'address',
      change_id: await waitingId(request.id, 'address'),
      price: '35',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      message: CHANGE_MESSAGES.priced,
      data: { status: 'pending', price: 35 },
    });
    const d = await detail(customer.token, request.id);
    expect(d.new_address_array).toHaveLength(1);
    expect(d.request_timeline.map((t: { activity_title: string }) => t.activity_title)).toContain(
      CHANGE_TIMELINE.address,
    );
    const accepted = await confirm('address', customer.token, {
      request_id: request.id,
      status: '1',
      price: '35',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The letter's rates are the move's price: the final amount is what its changes added.
    expect(accepted.json().data).toMatchObject({ final_amount: 35, amount_moved: 35 });
    expect(heldBefore).toBe(0);
    expect(await escrow(request.id)).toBe(3500);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);
    const after = await addressesOf(request.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.zipCode).toBe('91101');
    // Priced once: a second price finds nothing waiting.
    const again = await f.call(PRICE, company.token, {
      request_id: request.id,
      type: 'address',
      change_id: (await changeRows(request.id))[0]!.id,
      price: '35',
    });
    expect(again.json()).toEqual({ code: 404, message: CHANGE_TEXT.nothingToPrice });
  });

  it('refunds a saving the company prices on fewer items from what its changes put in escrow, and a reject applies nothing', async () => {
    const { company, customer, request } = await paidDirectMove();
    const [tape] = await db().select().from(catalogueItems).limit(1);
    const priceItems = async (price: number) =>
      f.call(PRICE, company.token, {
        request_id: request.id,
        type: 'items',
        change_id: await waitingId(request.id, 'items'),
        price,
      });
    const sent = await f.call('/app_api/edit_items', customer.token, {
      request_id: request.id,
      items_array: [{ _id: tape!.id, name: tape!.name, type: '1', quantity: 1 }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Paid by the letter's rates, the request holds nothing a saving could come back from.
    const nothingHeld = await priceItems(-20);
    expect(nothingHeld.statusCode).toBe(422);
    expect(nothingHeld.json().message).toBe(CHANGE_TEXT.belowZero);

    // A change charged into escrow first: $35 for a new address.
    await f.call('/app_api/add_address', customer.token, {
      request_id: request.id,
      ...NEW_ADDRESS,
    });
    await f.call(PRICE, company.token, {
      request_id: request.id,
      type: 'address',
      change_id: await waitingId(request.id, 'address'),
      price: 35,
    });
    const charged = await confirm('address', customer.token, {
      request_id: request.id,
      status: '1',
      price: '35',
    });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(await escrow(request.id)).toBe(3500);

    expect((await priceItems(-20)).statusCode).toBe(200);
    const res = await confirm('items', customer.token, {
      request_id: request.id,
      status: '1',
      price: '-20',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ final_amount: 15, amount_moved: -20 });
    expect(await escrow(request.id)).toBe(1500);
    expect(
      (await changeMovements(request.id)).map((p) => [p.kind, p.status, p.amountCents]),
    ).toEqual([
      ['hold', 'succeeded', 3500],
      ['refund', 'succeeded', 2000],
    ]);
    expect(await brokenInvariants(db(), request.id)).toEqual([]);

    await f.call('/app_api/edit_extra_item', customer.token, {
      request_id: request.id,
      items_array: [],
    });
    await f.call(PRICE, company.token, {
      request_id: request.id,
      type: 'extra-items',
      change_id: await waitingId(request.id, 'extra-items'),
      price: 0,
    });
    const itemsBefore = await db()
      .select()
      .from(requestItems)
      .where(eq(requestItems.requestId, request.id));
    const rejected = await confirm('extra-items', customer.token, {
      request_id: request.id,
      status: '0',
      price: '0',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(
      await db().select().from(requestItems).where(eq(requestItems.requestId, request.id)),
    ).toEqual(itemsBefore);
  });

  it("refuses the customer's edit while the company's own proposal of that kind waits (409)", async () => {
    const { company, customer, request } = await paidDirectMove();
    await propose(company.token, {
      request_id: request.id,
      type: 'items',
      items_array: [{ name: 'Small box', type: '1', quantity: 3 }],
      price: 10,
    });
    const res = await f.call('/app_api/edit_items', customer.token, {
      request_id: request.id,
      items_array: [],
    });
    expect(res.json()).toEqual({ code: 409, message: EDIT_WAITS_FOR_ANSWER });
  });

  it('prices only the edits the company listed: a further edit makes a new change, and the old id is refused (409)', async () => {
    const { company, customer, request } = await paidDirectMove();
    const [tape] = await db().select().from(catalogueItems).limit(1);
    const edit = (quantity: number) =>
      f.call('/app_api/edit_items', customer.token, {
        request_id: request.id,
        items_array: [{ _id: tape!.id, name: tape!.name, type: '1', quantity }],
      });
    expect((await edit(1)).statusCode).toBe(200);
    const listed = (await f.call(AWAITING, company.token, { request_id: request.id })).json().data;
    expect(listed).toHaveLength(1);
    const read = listed[0].change_id as number;
    expect((await edit(4)).statusCode).toBe(200);

    const stale = await f.call(PRICE, company.token, {
      request_id: request.id,
      type: 'items',
      change_id: read,
      price: 10,
    });
    expect(stale.json()).toEqual({ code: 409, message: CHANGE_TEXT.askedAgain });
    const [fresh] = (await f.call(AWAITING, company.token, { request_id: request.id })).json().data;
    expect(fresh.change_id).not.toBe(read);
    expect(fresh.asked.items_array).toMatchObject([{ quantity: 4 }]);

    // Two prices racing for the fresh one: one is taken, the other is told it is priced already.
    const answers = await Promise.all(
      [30, 40].map((price) =>
        f.call(PRICE, company.token, {
          request_id: request.id,
          type: 'items',
          change_id: fresh.change_id,
          price,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      CHANGE_TEXT.pending('items'),
    );
    const rows = await changeRows(request.id);
    expect(rows.map((r) => [r.status, r.priceCents])).toEqual([
      ['pending', answers[0]!.statusCode === 200 ? 3000 : 4000],
    ]);
    // Priced, it waits for the customer's answer before any further edit of its kind.
    expect((await edit(2)).json()).toEqual({ code: 409, message: EDIT_PRICED_WAITS_FOR_ANSWER });
  });

  it("lists a company's waiting changes only on its own open requests", async () => {
    const { company, customer, request } = await paidDirectMove(TimelineStatus.inProgress);
    await f.call('/app_api/edit_items', customer.token, {
      request_id: request.id,
      items_array: [],
    });
    const other = await f.company();
    const strangers = await f.call(AWAITING, other.token, {});
    expect(strangers.statusCode, strangers.body).toBe(200);
    expect(strangers.json().data).toEqual([]);
    expect((await f.call(AWAITING, company.token, {})).json().data).toHaveLength(1);
    // The move is done (completed, then confirmed): nothing is left to price.
    await life.complete(company, request.id);
    await life.confirm(customer, request.id);
    expect((await f.call(AWAITING, company.token, {})).json().data).toEqual([]);
  });

  it('lets only the request’s company price, only the kinds a customer edits, within the escrow', async () => {
    const { customer, request } = await paidDirectMove();
    const other = await f.company();
    await f.call('/app_api/edit_items', customer.token, {
      request_id: request.id,
      items_array: [],
    });
    const changeId = await waitingId(request.id, 'items');
    const stranger = await f.call(PRICE, other.token, {
      request_id: request.id,
      type: 'items',
      change_id: changeId,
      price: 5,
    });
    expect(stranger.json()).toEqual({ code: 404, message: REQUEST_NOT_FOUND });
    const asCustomer = await f.call(PRICE, customer.token, {
      request_id: request.id,
      type: 'items',
      change_id: changeId,
      price: 5,
    });
    expect(asCustomer.statusCode).toBe(403);
    const noToken = await f.call(PRICE, undefined, { request_id: 'x' });
    expect(noToken.statusCode).toBe(401);
    const company = await f.company();
    const wrongKind = await f.call(PRICE, company.token, {
      request_id: request.id,
      type: 'request',
      change_id: changeId,
      price: 5,
    });
    expect(wrongKind.statusCode).not.toBe(200);
    expect(wrongKind.json().code).toBe(wrongKind.statusCode);
    expect((await changeRows(request.id)).map((r) => r.status)).toEqual(['awaiting_price']);
  });
});

describe('the OpenAPI document', () => {
  it("lists propose_change under 'partner' and the four confirmations under 'changes'", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = res.json().paths as Record<string, { post?: { tags?: string[] } }>;
    expect(paths[PROPOSE]?.post?.tags).toEqual(['partner']);
    for (const call of Object.values(CHANGE_CONFIRMATION_CALLS)) {
      expect(paths[`/api/customer/${call}`]?.post?.tags).toEqual(['changes']);
    }
  });
});
