import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../src/db/schema';
import { DEMO_CUSTOMER } from '../src/db/seed/demo';
import { hashToken } from '../src/lib/tokens';
import { buildTestApp, createUser, loginAs, TEST_PASSWORD, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const login = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/app_api/login', payload: payload as object });

describe('POST /app_api/login', () => {
  it('signs the seeded demo customer in and returns a token and the user', async () => {
    const res = await login({
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      user_type: 1,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.user).toMatchObject({
      email: DEMO_CUSTOMER.email,
      first_name: DEMO_CUSTOMER.firstName,
      last_name: DEMO_CUSTOMER.lastName,
      login_by: 'app',
      user_type: 1,
    });
    expect(typeof body.data.user.room_id).toBe('string');
    expect(body.data.user).not.toHaveProperty('password_hash');
    // 256 random bits in base64url: 43 characters, well above the 128-bit floor.
    expect(body.data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the email in any case and with surrounding spaces, and user_type as a string', async () => {
    const res = await login({
      email: `  ${DEMO_CUSTOMER.email.toUpperCase()} `,
      password: DEMO_CUSTOMER.password,
      user_type: '1',
    });
    expect(res.statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(ctx.database);
    const token = await loginAs(ctx.app, user.email);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.tokenHash).not.toContain(token);
  });

  it.each([
    ['a wrong password', { email: DEMO_CUSTOMER.email, password: 'Wrong@1234', user_type: 1 }],
    ['an unknown email', { email: 'nobody@example.com', password: 'Whatever@1', user_type: 1 }],
    [
      'another user type',
      { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, user_type: 2 },
    ],
  ])(
    'answers %s with 400 "Invalid Email or Password" and opens no session',
    async (_label, payload) => {
      const before = (await ctx.database.db.select().from(sessions)).length;
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Invalid Email or Password' });
      expect((await ctx.database.db.select().from(sessions)).length).toBe(before);
    },
  );

  it('refuses an invalid email and a short password with the spec messages (422)', async () => {
    const bad = await login({ email: 'not-an-email', password: 'long enough', user_type: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 422, message: 'Please enter a valid email' });

    const short = await login({ email: DEMO_CUSTOMER.email, password: '12345', user_type: 1 });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Minimum 6 characters required for password');
  });

  it('names a missing field and refuses an unknown user type', async () => {
    const missing = await login({ email: DEMO_CUSTOMER.email, user_type: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('password is required.');
    expect(missing.json().errors).toEqual([{ path: 'password', message: 'password is required.' }]);

    const type = await login({ email: DEMO_CUSTOMER.email, password: TEST_PASSWORD, user_type: 9 });
    expect(type.statusCode).toBe(422);
    expect(type.json().message).toMatch(/user_type/);
  });

  it('answers malformed JSON, a body that is not an object and an oversize body with a clear 4xx envelope', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 400, message: 'The request body is not valid JSON.' });

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json()).toMatchObject({
      code: 422,
      message: 'The request body must be a JSON object.',
    });

    const oversize = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024), user_type: 1 }),
    });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json()).toEqual({
      code: 400,
      message: 'The request body is larger than the 1 MB limit.',
    });
  });
});

describe('password hashes of the former scheme', () => {
  /** scrypt$N$r$p$salt$hash, as stored before argon2id. */
  function scryptHash(password: string): string {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 64, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    return ['scrypt', 2 ** 17, 8, 1, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  }

  it('are accepted and replaced by argon2id at the next successful login', async () => {
    const user = await createUser(ctx.database, { passwordHash: scryptHash(TEST_PASSWORD) });
    const wrong = await login({ email: user.email, password: 'Wrong@1234', user_type: 1 });
    expect(wrong.statusCode).toBe(400);
    const stored = async () =>
      (await ctx.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.passwordHash;
    expect(await stored()).toMatch(/^scrypt\$/);

    await loginAs(ctx.app, user.email);
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash holds the same password.
    await loginAs(ctx.app, user.email);
  });
});

describe('POST /app_api/log_out', () => {
  it('revokes the token: the next call with it answers 401', async () => {
    const user = await createUser(ctx.database);
    const token = await loginAs(ctx.app, user.email);
    const headers = { 'x-sh-auth': token };
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/customer/profile_customer', headers }))
        .statusCode,
    ).toBe(200);

    const out = await ctx.app.inject({ method: 'POST', url: '/app_api/log_out', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json().code).toBe(200);

    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(401);
  });

  it('ends only the session it was called with', async () => {
    const user = await createUser(ctx.database);
    const first = await loginAs(ctx.app, user.email);
    const second = await loginAs(ctx.app, user.email);
    await ctx.app.inject({
      method: 'POST',
      url: '/app_api/log_out',
      headers: { 'x-sh-auth': first },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers: { 'x-sh-auth': second },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/app_api/log_out' });
    expect(none.statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/log_out',
      headers: { 'x-sh-auth': 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('treats an expired session as dead', async () => {
    const user = await createUser(ctx.database);
    const token = await loginAs(ctx.app, user.email);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers: { 'x-sh-auth': token },
    });
    expect(res.statusCode).toBe(401);
  });
});
