import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  addIsoDays,
  addLocalDays,
  paymentBreakdown,
  TimelineStatus,
  toDollars,
  toSpecDate,
  UserType,
  zonedNow,
} from '@movehub/shared';
import type { Db } from '../src/db/client';
import {
  companyForemen,
  companyProfiles,
  companyServiceZips,
  companyTrucks,
  moveTypes,
  requests,
  sessions,
  type users,
} from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';
import { createUser, type TestContext } from './helper';

/*
 * Requests brought to a state the way people bring them there: the customer's wizard sends the
 * request, the company bids, the customer accepts and pays, the company assigns its crew, the
 * foreman starts and completes the move, the customer confirms it and gives feedback. Every step
 * is the real call through the real server (app.inject), so a fixture never writes a status the
 * lifecycle would not have reached.
 */

/** The pick-up zip of fixture requests: served by the catalogue and by fixture companies. */
export const FIXTURE_ZIP = '90012';

/** The test apps' service area clock: SERVICE_TIME_ZONE's default. */
export const FIXTURE_TIME_ZONE = 'America/Los_Angeles';

/**
 * The service area's day `days` from today ('YYYY-MM-DD' on its clock, not the host's): tomorrow
 * there is always a day the wizard takes and inside its move's start window (decision 042).
 */
export function serviceDay(days: number, now = new Date()): string {
  return addIsoDays(zonedNow(now, FIXTURE_TIME_ZONE).date, days);
}

export interface Party {
  user: typeof users.$inferSelect;
  token: string;
}

export interface Company extends Party {
  name: string;
  foremen: Party[];
  trucks: (typeof companyTrucks.$inferSelect)[];
}

export type Status =
  | typeof TimelineStatus.awaitingResponse
  | typeof TimelineStatus.pendingAcceptance
  | typeof TimelineStatus.awaitingPayment
  | typeof TimelineStatus.paid
  | typeof TimelineStatus.truckAssigned
  | typeof TimelineStatus.inProgress
  | typeof TimelineStatus.completedByCompany
  | typeof TimelineStatus.completed
  | typeof TimelineStatus.feedbackGiven;

/** A call's answer, as app.inject and fetch both can give it. */
export interface Answer {
  statusCode: number;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- app.inject's own answer type
}

export type Caller = (
  method: 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload: object,
) => Promise<Answer>;

/** The fixtures on a test's own app (app.inject). */
export function lifecycle(ctx: () => TestContext) {
  return lifecycleOver({
    db: () => ctx().database.db,
    call: async (method, url, token, payload) => {
      const res = await ctx().app.inject({
        method,
        url,
        headers: token ? { 'x-sh-auth': token } : {},
        payload,
      });
      return { statusCode: res.statusCode, body: res.body, json: () => res.json() };
    },
  });
}

/** The fixtures on a server reached over HTTP (a child process), at `base`. */
export function lifecycleAt(base: () => string, db: () => Db) {
  return lifecycleOver({
    db,
    call: async (method, url, token, payload) => {
      const res = await fetch(`${base()}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-sh-auth': token } : {}) },
        body: JSON.stringify(payload),
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    },
  });
}

function lifecycleOver(transport: { db: () => Db; call: Caller }) {
  const db = transport.db;
  const database = () => ({ db: db() });

  /** A live session for a user (login is rate limited and tested elsewhere). */
  async function tokenOf(userId: number): Promise<string> {
    const token = newToken();
    await db()
      .insert(sessions)
      .values({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      });
    return token;
  }

  const call = (method: 'POST' | 'PUT', url: string, token: string | null, payload: object) =>
    transport.call(method, url, token, payload);

  /** A call that must succeed: its data, or the test fails with the answer. */
  async function ok<T = Record<string, unknown>>(
    method: 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload: object,
  ): Promise<T> {
    const res = await call(method, url, token, payload);
    if (res.statusCode !== 200) {
      throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    }
    return (res.json() as { data: T }).data;
  }

  /** A company with a profile, two foremen, two active trucks and the fixture zip served. */
  async function company(
    opts: { rating?: number; completedMoves?: number } = {},
  ): Promise<Company> {
    const user = await createUser(database(), {
      userType: UserType.company,
      email: `company-${randomUUID()}@example.com`,
    });
    const name = `Movers ${user.id}`;
    await db()
      .insert(companyProfiles)
      .values({
        userId: user.id,
        name,
        truckCount: 2,
        rating: opts.rating ?? 0,
        completedMoves: opts.completedMoves ?? 0,
      });
    await db().insert(companyServiceZips).values({ companyId: user.id, zipCode: FIXTURE_ZIP });
    const foremen: Party[] = [];
    for (const first of ['Carla', 'Dev']) {
      const foreman = await createUser(database(), {
        userType: UserType.foreman,
        email: `foreman-${randomUUID()}@example.com`,
        firstName: first,
        lastName: 'Crew',
      });
      await db().insert(companyForemen).values({ userId: foreman.id, companyId: user.id });
      foremen.push({ user: foreman, token: await tokenOf(foreman.id) });
    }
    const trucks = await db()
      .insert(companyTrucks)
      .values([
        { companyId: user.id, name: '26 ft box truck' },
        { companyId: user.id, name: 'Cargo van' },
        { companyId: user.id, name: 'Retired truck', isActive: false },
      ])
      .returning();
    return { user, name, token: await tokenOf(user.id), foremen, trucks };
  }

  /**
   * A customer with a card saved through the real calls (the sandbox's tokeniser, then add_card):
   * 4242…, or the number given.
   */
  async function customer(cardNumber: string | null = '4242424242424242'): Promise<Party> {
    const user = await createUser(database(), {
      firstName: 'Robin',
      lastName: 'Hart',
      email: `customer-${randomUUID()}@example.com`,
    });
    const party = { user, token: await tokenOf(user.id) };
    if (cardNumber) await saveCard(party, cardNumber);
    return party;
  }

  async function saveCard(party: Party, cardNumber: string) {
    // As the card form sends it: four groups of four digits.
    const digits = cardNumber.replace(/\D/g, '');
    const tokenized = await call('POST', '/app_api/sandbox/tokens', null, {
      card_number: digits.replace(/(\d{4})(?=\d)/g, '$1 '),
      card_holder_name: 'Robin Hart',
      exp_date: '12/34',
      cvv: '123',
      address_1: '100 S Main St',
      address_2: '',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
    });
    if (tokenized.statusCode !== 200) throw new Error(`tokenise: ${tokenized.body}`);
    await ok('POST', '/api/customer/add_card', party.token, { token: tokenized.json().token });
  }

  let moveTypeId: number | undefined;
  async function twoBedroom(): Promise<number> {
    if (moveTypeId === undefined) {
      const [row] = await db()
        .select()
        .from(moveTypes)
        .where(eq(moveTypes.name, '2 bed room apt.'));
      moveTypeId = row!.id;
    }
    return moveTypeId;
  }

  const address = (i: number, zip: string) => ({
    street_address: `${100 + i} Main St`,
    apartment_number: i === 1 ? '4B' : '',
    address_detail: '',
    is_storage: i === 1,
    complete_address: `${100 + i} Main St, Los Angeles, CA ${zip}, USA`,
    zip_code: zip,
    city: 'Los Angeles',
    state: 'CA',
    country: 'USA',
    is_stairs: false,
    is_elevator: false,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: '',
    latitude: 34.05 + i * 0.02,
    longitude: -118.24 - i * 0.05,
    address_type: i === 0 ? '1' : '2',
  });

  /** The customer's wizard sends a marketplace request (generate_request): status 0. */
  async function send(
    party: Party,
    opts: {
      daysAhead?: number;
      /** The move day as YYYY-MM-DD, in place of daysAhead. */
      moveDate?: string;
      window?: [string, string];
      movers?: 2 | 3 | 4;
    } = {},
  ): Promise<number> {
    const [from, to] = opts.window ?? ['08:00', '09:00'];
    const data = await ok<{ Request_ID: { id: number } }>(
      'POST',
      '/api/customer/generate_request',
      party.token,
      {
        request_type: '0',
        address_array: [address(0, FIXTURE_ZIP), address(1, '90402')],
        starting_lat: 34.05,
        starting_long: -118.24,
        schedule_time: '',
        move_type: await twoBedroom(),
        payment_status: '0',
        customer_budget: 450,
        final_comment: '',
        s_date: toSpecDate(opts.moveDate ?? addLocalDays(new Date(), opts.daysAhead ?? 16)),
        s_time: `${from} - ${to}`,
        start_window_from: from,
        start_window_to: to,
        movers: opts.movers ?? 2,
        items_array: [],
      },
    );
    return data.Request_ID.id;
  }

  const bid = (company: Company, requestId: number, amountCents: number) =>
    ok('POST', '/api/company/place_bid', company.token, {
      request_id: requestId,
      bid_amount: toDollars(amountCents),
    });

  const accept = (party: Party, requestId: number, company: Company, amountCents: number) =>
    ok('PUT', '/api/customer/accept_request', party.token, {
      request_id: requestId,
      company_id: company.user.id,
      final_amount: toDollars(amountCents),
    });

  /** make_payment with the total the payment screen shows for the request now. */
  async function pay(party: Party, requestId: number) {
    const [row] = await db().select().from(requests).where(eq(requests.id, requestId));
    const total = paymentBreakdown(row!.finalAmountCents!, row!.discountPercent).totalCents;
    return ok('POST', '/api/customer/make_payment', party.token, {
      request_id: requestId,
      price: toDollars(total),
    });
  }

  const assign = (company: Company, requestId: number) =>
    ok('POST', '/api/company/assign_move', company.token, {
      request_id: requestId,
      foreman_id: company.foremen[0]!.user.id,
      truck_ids: [company.trucks[0]!.id],
    });

  const start = (company: Company, requestId: number) =>
    ok('POST', '/api/foreman/start_move', company.foremen[0]!.token, { request_id: requestId });

  const complete = (company: Company, requestId: number) =>
    ok('POST', '/api/company/complete_move', company.token, { request_id: requestId });

  const confirm = (party: Party, requestId: number) =>
    ok('POST', '/api/customer/end_move_confirmation', party.token, { request_id: requestId });

  const feedback = (
    party: Party,
    requestId: number,
    opts: { rating?: number; tip?: number } = {},
  ) =>
    ok('POST', '/app_api/add_feedback', party.token, {
      request_id: requestId,
      rating: opts.rating ?? 5,
      comment: 'Careful and on time.',
      tip: opts.tip ?? 0,
    });

  /**
   * A marketplace request of `party` brought to `status` through the calls of its customer, its
   * company and its foreman, with `company` winning it at `amountCents` (and `discountPercent`
   * off, as a referred customer's first move has). A request the foreman is to start moves
   * tomorrow unless told otherwise: a move starts only inside its window (decision 042).
   */
  async function requestAt(opts: {
    status: Status;
    customer: Party;
    company: Company;
    amountCents?: number;
    discountPercent?: number;
    daysAhead?: number;
    /** The move day as YYYY-MM-DD, in place of daysAhead. */
    moveDate?: string;
    window?: [string, string];
  }): Promise<{ id: number; heldCents: number }> {
    const amount = opts.amountCents ?? 50_000;
    const startsMove = opts.status >= TimelineStatus.inProgress;
    const moveDate =
      opts.moveDate ?? (startsMove && opts.daysAhead === undefined ? serviceDay(1) : undefined);
    const id = await send(opts.customer, {
      ...(opts.daysAhead !== undefined ? { daysAhead: opts.daysAhead } : {}),
      ...(moveDate !== undefined ? { moveDate } : {}),
      ...(opts.window ? { window: opts.window } : {}),
    });
    if (opts.discountPercent) {
      // A discount the request carries before acceptance (a referral's, say): the price is not a
      // status, and acceptance keeps it.
      await db()
        .update(requests)
        .set({ discountPercent: opts.discountPercent })
        .where(eq(requests.id, id));
    }
    const heldCents = paymentBreakdown(amount, opts.discountPercent ?? 0).discountedCents;
    const steps: [Status, () => Promise<unknown>][] = [
      [TimelineStatus.pendingAcceptance, () => bid(opts.company, id, amount)],
      [TimelineStatus.awaitingPayment, () => accept(opts.customer, id, opts.company, amount)],
      [TimelineStatus.paid, () => pay(opts.customer, id)],
      [TimelineStatus.truckAssigned, () => assign(opts.company, id)],
      [TimelineStatus.inProgress, () => start(opts.company, id)],
      [TimelineStatus.completedByCompany, () => complete(opts.company, id)],
      [TimelineStatus.completed, () => confirm(opts.customer, id)],
      [TimelineStatus.feedbackGiven, () => feedback(opts.customer, id)],
    ];
    for (const [reached, step] of steps) {
      if (opts.status < reached) break;
      await step();
    }
    return { id, heldCents };
  }

  return {
    db,
    tokenOf,
    saveCard,
    call,
    ok,
    company,
    customer,
    send,
    bid,
    accept,
    pay,
    assign,
    start,
    complete,
    confirm,
    feedback,
    requestAt,
  };
}
