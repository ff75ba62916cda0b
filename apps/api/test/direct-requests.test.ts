import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addLocalDays, MSG, toSpecDate, UserType } from '@movehub/shared';
import { moveTypes, notifications, requestClaims, requests, users } from '../src/db/schema';
import { DEMO_COMPANIES, DEMO_DIRECT_LINKS, DEMO_SALES_MEMBER } from '../src/db/seed/demo';
import { hashingQueue } from '../src/lib/password';
import { buildTestApp, createUser, type TestContext } from './helper';
import {
  outboxFor,
  post,
  proveEmail,
  sessionFor,
  signUpForm,
  STRONG_PASSWORD,
  uniqueEmail,
  uniquePhone,
} from './accounts-helpers';

/*
 * Direct requests made without a token (spec/request-lifecycle.md §2 direct-link mode, §7):
 * they touch no account until the contact email confirms them, and a repeated submit makes one
 * request. Also the Idempotency-Key of generate_request (decision 007).
 */

const PUBLIC_URL = 'https://portal.movehub.example';
let ctx: TestContext;
let moveTypeId: number;
let companyId: number;

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL });
  const db = ctx.database.db;
  const [type] = await db.select().from(moveTypes).where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = type!.id;
  const [company] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_COMPANIES[0].email), eq(users.userType, UserType.company)));
  companyId = company!.id;
});
afterAll(() => ctx.close());

const address = (i: number, zip: string) => ({
  street_address: `${100 + i} Main St`,
  apartment_number: '',
  address_detail: '',
  is_storage: false,
  complete_address: `${100 + i} Main St, New York, NY ${zip}, USA`,
  zip_code: zip,
  city: 'New York',
  state: 'NY',
  country: 'USA',
  is_stairs: false,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: '',
  latitude: 40.75 + i * 0.01,
  longitude: -73.99,
  address_type: i === 0 ? '1' : '2',
});

function common(overrides: Record<string, unknown> = {}) {
  return {
    address_array: [address(0, '10001'), address(1, '10002')],
    starting_lat: 40.75,
    starting_long: -73.99,
    schedule_time: '',
    move_type: moveTypeId,
    payment_status: '0',
    final_comment: 'Piano on the second floor.',
    s_date: toSpecDate(addLocalDays(new Date(), 12)),
    s_time: '10:00 - 11:00',
    movers: 2,
    items_array: [],
    ...overrides,
  };
}

function directBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    ...common(),
    first_name: 'Jordan',
    last_name: 'Reyes',
    email,
    phone_number: '+13235550123',
    customer_phone_number: '+13235550123',
    start_window_from: '10:00',
    start_window_to: '11:00',
    direct_access_link: DEMO_DIRECT_LINKS.company,
    ...overrides,
  };
}

const COMPANY_PATH = '/api/company/generate_request_by_customer';
const SALES_PATH = '/api/sale_team/generate_request_by_customer';

const direct = (body: object, path = COMPANY_PATH, headers: Record<string, string> = {}) =>
  post(ctx.app, path, body, headers);

function createdOf(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { Request_ID: { id: number; public_access_link: string } } }).data
    .Request_ID;
}

async function requestRow(id: number) {
  const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
  return row!;
}

const notesOf = (requestId: number) =>
  ctx.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.requestId, requestId));

async function myRequestIds(token: string): Promise<number[]> {
  const res = await post(
    ctx.app,
    '/api/customer/get_customer_request',
    { request_status: '0' },
    { 'x-sh-auth': token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { request: { id: number } }[] }).data.map((e) => e.request.id);
}

/** The confirmation link's token, read from the newest email to the address. */
async function claimTokenFor(email: string): Promise<string> {
  const [mail] = await outboxFor(ctx.app, email);
  const token = mail?.body.match(/\/claim-request\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link in the outbox for ${email}`);
  return token;
}

const claim = (body: object) => post(ctx.app, '/app_api/claim_request', body);

describe('a direct request made without a token', () => {
  it("stays off the email owner's account: not in My Requests, no notification, only the company told", async () => {
    const owner = await createUser(ctx.database, { phone: uniquePhone() });
    const token = await sessionFor(ctx.database, owner.id);
    const created = createdOf(await direct(directBody(owner.email)));

    const row = await requestRow(created.id);
    expect(row).toMatchObject({
      customerId: null,
      requestType: 1,
      companyId,
      contactFirstName: 'Jordan',
      contactLastName: 'Reyes',
      contactEmail: owner.email,
      contactPhone: '+13235550123',
    });
    expect(await myRequestIds(token)).not.toContain(created.id);
    expect((await notesOf(created.id)).map((n) => n.userId)).toEqual([companyId]);
    // The owner's phone is untouched.
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(after!.phone).toBe(owner.phone);
  });

  it('emails the contact the public link and a confirmation link, both on PUBLIC_URL', async () => {
    const email = uniqueEmail('direct');
    const created = createdOf(await direct(directBody(email)));
    const [mail, ...rest] = await outboxFor(ctx.app, email);
    expect(rest).toHaveLength(0);
    expect(mail!.subject).toBe(`Is this your request? Move request #${created.id}`);
    expect(mail!.body).toContain(`${PUBLIC_URL}/view-request/${created.public_access_link}`);
    expect(mail!.body).toMatch(new RegExp(`${PUBLIC_URL}/claim-request/[A-Za-z0-9_-]{43}\\b`));
    // Only the token's hash is kept.
    const token = await claimTokenFor(email);
    const stored = await ctx.database.db
      .select()
      .from(requestClaims)
      .where(eq(requestClaims.requestId, created.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
  });

  it('creates no account for a new email, so its owner can still sign up (200, not 409)', async () => {
    const email = uniqueEmail('new');
    createdOf(await direct(directBody(email)));
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const form = signUpForm({ email });
    await proveEmail(ctx.app, email);
    const res = await post(ctx.app, '/api/customer/register_customer', form);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets a verified sign-up take over a password-less account an earlier version made', async () => {
    const email = uniqueEmail('legacy');
    const legacy = await createUser(ctx.database, {
      email,
      passwordHash: null,
      phone: uniquePhone(),
    });
    const form = signUpForm({ email });
    await proveEmail(ctx.app, email);
    const res = await post(ctx.app, '/api/customer/register_customer', form);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    // The same account, with the new password and without the phone nobody verified.
    expect(rows[0]).toMatchObject({ id: legacy.id, phone: null, firstName: 'Rosa' });
    expect(rows[0]!.passwordHash).not.toBeNull();
  });
});

describe('confirming a direct request through the emailed link', () => {
  it('attaches it to the existing account, notifies the customer then, and signs them in once', async () => {
    const owner = await createUser(ctx.database);
    const created = createdOf(await direct(directBody(owner.email)));
    const claimToken = await claimTokenFor(owner.email);

    // The public link alone shows the request and no token.
    const view = await post(ctx.app, '/app_api/request_detail_by_request_link', {
      public_access_link: created.public_access_link,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      token: null,
      claim: null,
      request: { request: { id: created.id }, company_profile: { name: expect.any(String) } },
    });
    expect(JSON.stringify(view.json())).not.toContain(owner.email);

    const res = await post(ctx.app, '/app_api/request_detail_by_request_link', {
      public_access_link: created.public_access_link,
      claim_token: claimToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { token: string; claim: { user: { id: number } } };
    expect(body.token).toEqual(expect.any(String));
    expect(body.claim.user.id).toBe(owner.id);
    expect((await requestRow(created.id)).customerId).toBe(owner.id);
    expect(await myRequestIds(body.token)).toContain(created.id);
    expect((await notesOf(created.id)).map((n) => n.userId).sort()).toEqual(
      [companyId, owner.id].sort(),
    );

    const again = await claim({ claim_token: claimToken });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, message: MSG.claimLinkInvalid });
  });

  it("refuses a claim token on another request's public link, claiming nothing", async () => {
    const a = createdOf(await direct(directBody(uniqueEmail('a'))));
    const emailB = uniqueEmail('b');
    createdOf(await direct(directBody(emailB)));
    const res = await post(ctx.app, '/app_api/request_detail_by_request_link', {
      public_access_link: a.public_access_link,
      claim_token: await claimTokenFor(emailB),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.claimLinkInvalid });
  });

  it('asks a new email for a password, then creates the account without the unverified phone', async () => {
    const email = uniqueEmail('claim');
    const created = createdOf(await direct(directBody(email, { phone_number: uniquePhone() })));
    const claimToken = await claimTokenFor(email);

    const ask = await claim({ claim_token: claimToken });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json()).toMatchObject({
      message: MSG.claimNeedsPassword,
      data: { needs_password: true, claimed: false, auth_token: null, request_id: created.id },
    });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const mismatch = await claim({
      claim_token: claimToken,
      password: STRONG_PASSWORD,
      confirm_password: 'Other@2026',
    });
    expect(mismatch.statusCode).toBe(422);

    const done = await claim({
      claim_token: claimToken,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);
    const data = (done.json() as { data: { auth_token: string; user: { id: number } } }).data;
    const [account] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({
      id: data.user.id,
      phone: null,
      firstName: 'Jordan',
      lastName: 'Reyes',
    });
    expect(await myRequestIds(data.auth_token)).toEqual([created.id]);
    const login = await post(ctx.app, '/app_api/login', {
      email,
      password: STRONG_PASSWORD,
      user_type: 1,
    });
    expect(login.statusCode).toBe(200);
  });

  it("does not put the request's phone on an existing account", async () => {
    const owner = await createUser(ctx.database, { phone: null });
    const created = createdOf(
      await direct(directBody(owner.email, { phone_number: uniquePhone() })),
    );
    expect((await claim({ claim_token: await claimTokenFor(owner.email) })).statusCode).toBe(200);
    expect((await requestRow(created.id)).customerId).toBe(owner.id);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(after!.phone).toBeNull();
  });

  it('refuses an expired confirmation link', async () => {
    const owner = await createUser(ctx.database);
    const created = createdOf(await direct(directBody(owner.email)));
    await ctx.database.db
      .update(requestClaims)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(requestClaims.requestId, created.id));
    const res = await claim({ claim_token: await claimTokenFor(owner.email) });
    expect(res.statusCode).toBe(400);
    expect((await requestRow(created.id)).customerId).toBeNull();
  });
});

describe('repeated direct submits', () => {
  it('makes one request and sends one email for identical submits within 10 minutes', async () => {
    const email = uniqueEmail('twice');
    const body = directBody(email);
    const answers = await Promise.all([direct(body), direct(body), direct(body)]);
    const ids = answers.map((r) => createdOf(r).id);
    expect(new Set(ids).size).toBe(1);
    expect(await outboxFor(ctx.app, email)).toHaveLength(1);
    const rows = await ctx.database.db
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.contactEmail, email));
    expect(rows).toHaveLength(1);

    // Another payload is another request; so is the same one after 10 minutes.
    const other = createdOf(await direct(directBody(email, { movers: 3 })));
    expect(other.id).not.toBe(ids[0]);
    await ctx.database.db
      .update(requests)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(requests.id, ids[0]!));
    expect(createdOf(await direct(body)).id).not.toBe(ids[0]);
  });

  it('keeps the sales-team member as the author, and dedupes that path apart', async () => {
    const email = uniqueEmail('sales');
    const body = directBody(email, { direct_access_link: DEMO_DIRECT_LINKS.salesTeam });
    const first = createdOf(await direct(body, SALES_PATH));
    const second = createdOf(await direct(body, SALES_PATH));
    expect(second.id).toBe(first.id);
    const [member] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_SALES_MEMBER.email));
    expect(await requestRow(first.id)).toMatchObject({
      createdByUserId: member!.id,
      customerId: null,
      companyId,
    });
    // The same form through the company path is not the sales member's request.
    const viaCompany = createdOf(await direct(body, COMPANY_PATH));
    expect(viaCompany.id).not.toBe(first.id);
    expect((await requestRow(viaCompany.id)).createdByUserId).toBeNull();
  });

  it('answers a repeated Idempotency-Key on the direct path with the first result', async () => {
    const key = randomUUID();
    const email = uniqueEmail('key');
    const first = await direct(directBody(email), COMPANY_PATH, { 'idempotency-key': key });
    // Past the dedupe window the key still answers with the first request.
    await ctx.database.db
      .update(requests)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(requests.id, createdOf(first).id));
    const again = await direct(directBody(email), COMPANY_PATH, { 'idempotency-key': key });
    expect(again.json()).toEqual(first.json());
  });
});

describe('generate_request with an Idempotency-Key', () => {
  const marketplace = (overrides: Record<string, unknown> = {}) => ({
    request_type: '0',
    customer_budget: 500,
    ...common({ address_array: [address(0, '90012'), address(1, '90402')] }),
    ...overrides,
  });

  it('makes one request of 50 concurrent calls with one key, all answered alike', async () => {
    const customer = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, customer.id);
    const key = randomUUID();
    const body = marketplace();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(ctx.app, '/api/customer/generate_request', body, {
          'x-sh-auth': token,
          'idempotency-key': key,
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const rows = await ctx.database.db
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(await notesOf(rows[0]!.id)).toHaveLength(1);

    // A new submit (new key) is a new request; the old key with another body is refused.
    const next = await post(ctx.app, '/api/customer/generate_request', body, {
      'x-sh-auth': token,
      'idempotency-key': randomUUID(),
    });
    expect(createdOf(next).id).not.toBe(rows[0]!.id);
    const reused = await post(
      ctx.app,
      '/api/customer/generate_request',
      marketplace({ movers: 4 }),
      {
        'x-sh-auth': token,
        'idempotency-key': key,
      },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ code: 422, message: MSG.idempotencyKeyReused });
  });

  it("scopes a key to its customer: another customer's same key is their own request", async () => {
    const key = randomUUID();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const customer = await createUser(ctx.database);
      const token = await sessionFor(ctx.database, customer.id);
      const res = await post(ctx.app, '/api/customer/generate_request', marketplace(), {
        'x-sh-auth': token,
        'idempotency-key': key,
      });
      ids.push(createdOf(res).id);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('refuses a malformed key with 422, writing nothing', async () => {
    const customer = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, customer.id);
    const res = await post(ctx.app, '/api/customer/generate_request', marketplace(), {
      'x-sh-auth': token,
      'idempotency-key': 'short',
    });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toBe(MSG.idempotencyKeyInvalid);
  });

  it('answers a repeat after 24 hours as a new submit', async () => {
    const customer = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, customer.id);
    const key = randomUUID();
    const headers = { 'x-sh-auth': token, 'idempotency-key': key };
    const first = createdOf(
      await post(ctx.app, '/api/customer/generate_request', marketplace(), headers),
    );
    await ctx.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = createdOf(
      await post(ctx.app, '/api/customer/generate_request', marketplace(), headers),
    );
    expect(later.id).not.toBe(first.id);
  });
});

describe('register_customer without a verified email', () => {
  it('answers before hashing the password: no hash is started for a sign-up without a proof', async () => {
    const before = hashingQueue().started;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(ctx.app, '/api/customer/register_customer', signUpForm()),
      ),
    );
    for (const a of answers) {
      expect(a.json()).toEqual({ code: 400, message: MSG.emailNotVerified });
    }
    // Counted by the process's one hashing queue, whatever the machine's speed.
    expect(hashingQueue().started).toBe(before);
  });
});
