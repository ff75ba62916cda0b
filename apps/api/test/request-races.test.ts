import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_CONFIRMATION_CALLS, TimelineStatus, type ChangeType } from '@movehub/shared';
import { eq } from 'drizzle-orm';
import { companyProfiles } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle, type Company, type Party } from './lifecycle';
import { brokenInvariants, moneyFacts } from './money-invariants';

/*
 * The races of a paid move that once corrupted its money (issue 28), each answered consistently
 * now that every command on a request runs through one serialised path: a paid move, bid $500,
 * paid $515.24, ten days out (a cancel refunds in full); the company proposes a change; the
 * customer answers while also cancelling, or answers two changes, from two tabs at the same
 * instant. Each race is tried three times. On PostgreSQL the calls really overlap; on PGlite they
 * run one after the other and the same outcomes hold.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const f = lifecycle(() => ctx);
const TRIES = 3;

async function paidMove(): Promise<{ customer: Party; company: Company; id: number }> {
  const company = await f.company();
  const customer = await f.customer();
  const { id } = await f.requestAt({
    status: TimelineStatus.paid,
    customer,
    company,
    amountCents: 50_000,
    daysAhead: 10,
  });
  return { customer, company, id };
}

function propose(company: Company, requestId: number, type: ChangeType, price: number) {
  const body =
    type === 'request'
      ? { s_date: null, s_time: null, start_window_from: null, start_window_to: null, movers: 3 }
      : {
          new_address_array: [],
          edit_address_array: [],
          delete_address_array: [],
        };
  return f.ok('POST', '/api/company/propose_change', company.token, {
    request_id: requestId,
    type,
    price,
    ...body,
  });
}

async function proposeAddressChange(company: Company, requestId: number, price: number) {
  const detail = await f.ok<{ request_address: { id: number; complete_address: string }[] }>(
    'POST',
    '/api/company/job_detail',
    company.token,
    { request_id: requestId },
  );
  const dropOff = detail.request_address[1]!;
  return f.ok('POST', '/api/company/propose_change', company.token, {
    request_id: requestId,
    type: 'address',
    price,
    new_address_array: [],
    delete_address_array: [],
    edit_address_array: [
      {
        address_id: dropOff.id,
        street_address: '300 Ocean Ave',
        apartment_number: '',
        address_detail: '',
        is_storage: false,
        complete_address: '300 Ocean Ave, Santa Monica, CA 90402, USA',
        zip_code: '90402',
        city: 'Santa Monica',
        state: 'CA',
        country: 'USA',
        is_stairs: false,
        is_elevator: false,
        is_hardwood_floor: false,
        number_of_flights: 0,
        parking_and_building_info: '',
        latitude: 34.02,
        longitude: -118.5,
        address_type: '2',
      },
    ],
  });
}

const answer = (party: Party, requestId: number, type: ChangeType, price: number) =>
  f.call('POST', `/api/customer/${CHANGE_CONFIRMATION_CALLS[type]}`, party.token, {
    request_id: requestId,
    status: '1',
    price: String(price),
  });

const cancel = (party: Party, requestId: number) =>
  f.call('POST', '/api/customer/delete_request', party.token, { request_id: requestId });

describe('a change accepted while the request is cancelled, from two tabs', () => {
  it('never refunds more than the escrow held: a −$100 change against a cancel', async () => {
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const { customer, company, id } = await paidMove();
      await propose(company, id, 'request', -100);
      const [accepted, cancelled] = await Promise.all([
        answer(customer, id, 'request', -100),
        cancel(customer, id),
      ]);
      const label = `try ${attempt}: accept ${accepted.statusCode} ${accepted.body} / cancel ${cancelled.statusCode} ${cancelled.body}`;
      expect(accepted.statusCode, label).toBeLessThan(500);
      expect(cancelled.statusCode, label).toBeLessThan(500);
      const facts = await moneyFacts(ctx.database.db, id);
      // $500 was held: whatever won, the customer gets back at most $500 (and $500 when the
      // request ended cancelled: a full refund ten days out).
      expect(facts.providerRefunded, label).toBeLessThanOrEqual(50_000);
      if (cancelled.statusCode === 200) expect(facts.providerRefunded, label).toBe(50_000);
      if (accepted.statusCode === 200 && cancelled.statusCode !== 200) {
        expect(facts.finalAmountCents, label).toBe(40_000);
        expect(facts.escrowPosted, label).toBe(40_000);
      }
      expect(await brokenInvariants(ctx.database.db, id), label).toEqual([]);
    }
  });

  it('leaves nothing in escrow of a cancelled request: a +$100 change against a cancel', async () => {
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const { customer, company, id } = await paidMove();
      await propose(company, id, 'request', 100);
      const [accepted, cancelled] = await Promise.all([
        answer(customer, id, 'request', 100),
        cancel(customer, id),
      ]);
      const label = `try ${attempt}: accept ${accepted.statusCode} ${accepted.body} / cancel ${cancelled.statusCode} ${cancelled.body}`;
      expect(accepted.statusCode, label).toBeLessThan(500);
      expect(cancelled.statusCode, label).toBeLessThan(500);
      const facts = await moneyFacts(ctx.database.db, id);
      if (cancelled.statusCode === 200) {
        expect(facts.escrowPosted, label).toBe(0);
        // Everything the customer paid into escrow went back: $500, and the $100 when the change
        // was charged first.
        expect(facts.providerRefunded, label).toBe(accepted.statusCode === 200 ? 60_000 : 50_000);
      }
      expect(await brokenInvariants(ctx.database.db, id), label).toEqual([]);
    }
  });
});

describe('two savings accepted at once, from two tabs', () => {
  it('never takes the final price below zero: −$300 twice on a $500 move', async () => {
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const { customer, company, id } = await paidMove();
      await propose(company, id, 'request', -300);
      await proposeAddressChange(company, id, -300);
      const [first, second] = await Promise.all([
        answer(customer, id, 'request', -300),
        answer(customer, id, 'address', -300),
      ]);
      const label = `try ${attempt}: ${first.statusCode} ${first.body} / ${second.statusCode} ${second.body}`;
      expect(first.statusCode, label).toBeLessThan(500);
      expect(second.statusCode, label).toBeLessThan(500);
      // One saving fits a $500 move; the second would take it to −$100 and is refused.
      expect(
        [first.statusCode, second.statusCode].filter((c) => c === 200),
        label,
      ).toHaveLength(1);
      const facts = await moneyFacts(ctx.database.db, id);
      expect(facts.finalAmountCents, label).toBe(20_000);
      expect(facts.escrowPosted, label).toBe(20_000);
      expect(facts.providerRefunded, label).toBe(30_000);
      expect(await brokenInvariants(ctx.database.db, id), label).toEqual([]);
    }
  });
});

describe('two customers rating one company at the same instant', () => {
  it('gives the company the mean of both reviews, neither lost', async () => {
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const company = await f.company();
      const moves = [];
      for (let i = 0; i < 2; i++) {
        const customer = await f.customer();
        const { id } = await f.requestAt({
          status: TimelineStatus.completed,
          customer,
          company,
          amountCents: 50_000,
        });
        moves.push({ customer, id });
      }
      await Promise.all([
        f.feedback(moves[0]!.customer, moves[0]!.id, { rating: 5 }),
        f.feedback(moves[1]!.customer, moves[1]!.id, { rating: 2 }),
      ]);
      const [profile] = await ctx.database.db
        .select({ rating: companyProfiles.rating })
        .from(companyProfiles)
        .where(eq(companyProfiles.userId, company.user.id));
      expect(profile!.rating, `try ${attempt}`).toBe(3.5);
    }
  });
});
