import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IP_LIMIT_PER_MINUTE,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_MAX,
  MSG,
} from '@movehub/shared';
import { loginLimitKey } from '../src/modules/auth/auth.service';
import { buildTestApp, createUser, loginAs, TEST_PASSWORD, type TestContext } from './helper';
import { outboxFor, post, uniqueEmail } from './accounts-helpers';

describe('failed logins per account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string) =>
    post(ctx.app, '/app_api/login', { email, password, user_type: 1 });

  it('after 10 failures in 15 minutes answers 429 with Retry-After, even to the right password', async () => {
    const user = await createUser(ctx.database);
    const other = await createUser(ctx.database);
    // Concurrent guesses are counted one by one, none slips past the limit.
    const failures = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_MAX }, () => login(user.email, 'Wrong@1234')),
    );
    expect(failures.map((r) => r.statusCode)).toEqual(Array(LOGIN_FAILURES_MAX).fill(400));

    const locked = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, message: MSG.tooManyLogins });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another account is not affected.
    await loginAs(ctx.app, other.email);

    // Resetting the password by the emailed link proves the mailbox and lifts the lock.
    await post(ctx.app, '/app_api/reset_password', { email: user.email, user_type: 1 });
    const [mail] = await outboxFor(ctx.app, user.email);
    const token = mail?.body.match(/\/set-forget-password\/([\w-]+)/)?.[1] ?? '';
    const changed = await post(ctx.app, '/app_api/change_password', {
      password: 'Unlocked@2026',
      confirm_password: 'Unlocked@2026',
      jwt_token: token,
    });
    expect(changed.statusCode).toBe(200);
    await loginAs(ctx.app, user.email, 'Unlocked@2026');
  });

  /** Counts failures as failed logins would, without spending scrypt on each. */
  async function failures(email: string, count: number) {
    for (let i = 0; i < count; i++) {
      await ctx.app.limiter.hit(loginLimitKey(email, 1), LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
    }
  }

  it('a successful login clears the count of failures', async () => {
    const user = await createUser(ctx.database);
    await failures(user.email, LOGIN_FAILURES_MAX - 1);
    await loginAs(ctx.app, user.email);
    await failures(user.email, LOGIN_FAILURES_MAX - 1);
    // Without the clearing this would be the 20th attempt in the window.
    await loginAs(ctx.app, user.email);
  });

  it('counts unknown emails too, so the answer does not tell which accounts exist', async () => {
    const email = uniqueEmail('ghost');
    await failures(email, LOGIN_FAILURES_MAX - 1);
    expect((await login(email, 'Wrong@1234')).statusCode).toBe(400);
    const res = await login(email, 'Wrong@1234');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyLogins);
  });
});

describe('per-IP ceiling on the sign-in, sign-up, code and password routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SEED_DEMO: 'false', IP_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());

  const validate = (remoteAddress = '203.0.113.7') =>
    ctx.app.inject({
      method: 'POST',
      url: '/app_api/validateEmailandPhone',
      payload: { email: uniqueEmail() },
      remoteAddress,
    });

  it('answers 429 with a clear message and Retry-After once an address passes the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await validate()).statusCode).toBe(200);
    const res = await validate();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, message: MSG.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-limit']).toBe('3');

    // Another address, and the other routes, keep their own counts.
    expect((await validate('198.51.100.9')).statusCode).toBe(200);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/reset_password',
      payload: { email: uniqueEmail(), user_type: 1 },
      remoteAddress: '203.0.113.7',
    });
    expect(reset.statusCode).toBe(400);
  });

  it('covers every abusable accounts route', async () => {
    const limited = [
      ['POST', '/app_api/login'],
      ['POST', '/api/customer/register_customer'],
      ['POST', '/app_api/send_verification_code_on_email'],
      ['POST', '/app_api/verify_code_send_on_email'],
      ['POST', '/app_api/send_verification_code_on_ph_number'],
      ['POST', '/app_api/verify_code_send_on_phone_number'],
      ['POST', '/api/customer/login_by_google'],
      ['POST', '/api/customer/login_by_facebook'],
      ['POST', '/app_api/reset_password'],
      ['POST', '/app_api/change_password'],
    ] as const;
    for (const [method, url] of limited) {
      const res = await ctx.app.inject({ method, url, payload: {}, remoteAddress: '192.0.2.1' });
      // Any answer of the route carries the limit headers; the ceiling is the configured one.
      expect(res.headers['x-ratelimit-limit'], url).toBe('3');
    }
  });

  it('leaves routes without the ceiling alone', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/app_api/social_config' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('defaults to a loose ceiling of 300 a minute', () => {
    expect(IP_LIMIT_PER_MINUTE).toBe(300);
  });
});

// Runs when a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run --project api
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('with Redis (REDIS_URL), the limits hold across processes', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const env = { SEED_DEMO: 'false', IP_RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: redisUrl ?? '' };
    [a, b] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('shares the per-IP count between two app instances', async () => {
    // A random private address, so that runs do not share a count in Redis.
    const octet = () => Math.floor(Math.random() * 254) + 1;
    const remoteAddress = `10.${octet()}.${octet()}.${octet()}`;
    const call = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/app_api/validateEmailandPhone',
        payload: { email: uniqueEmail() },
        remoteAddress,
      });
    const first = await call(a);
    const second = await call(b);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await call(a);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('shares the failed-login count between two app instances', async () => {
    const email = uniqueEmail('redis');
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      await (i % 2 ? a : b).app.limiter.hit(
        loginLimitKey(email, 1),
        LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      );
    }
    const res = await post(a.app, '/app_api/login', {
      email,
      password: 'Whatever@1',
      user_type: 1,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});
