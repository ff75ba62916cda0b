import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IP_LIMIT_PER_MINUTE,
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
  LOGIN_FAILURES_MAX,
  MSG,
} from '@movehub/shared';
import { hashingQueue } from '../src/lib/password';
import { buildTestApp, createUser, loginAs, TEST_PASSWORD, type TestContext } from './helper';
import { outboxFor, post, uniqueEmail } from './accounts-helpers';

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

/** A login call from an address, and how long its answer took. */
function loginFrom(ctx: () => TestContext) {
  return async (email: string, password: string, remoteAddress = ATTACKER) => {
    const started = performance.now();
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/app_api/login',
      payload: { email, password, user_type: 1 },
      remoteAddress,
    });
    return Object.assign(res, { ms: performance.now() - started });
  };
}

/** `count` wrong passwords from an address at once: concurrent guesses are counted one by one. */
async function guesses(
  login: ReturnType<typeof loginFrom>,
  email: string,
  remoteAddress: string,
  count = LOGIN_FAILURES_MAX,
) {
  const answers = await Promise.all(
    Array.from({ length: count }, () => login(email, 'Wrong@1234', remoteAddress)),
  );
  expect(answers.map((r) => r.statusCode)).toEqual(Array(count).fill(400));
}

/**
 * How long a login may take to count as not slowed: a hash and a few queries. The owner used to
 * wait LOGIN_BACKOFF_BASE_MS (500 ms) after ten failures anywhere, 10 s after thirty.
 */
const NOT_SLOWED_MS = 300;
/** The first wait of a failing address in these tests: the attackers' guesses go faster. */
const BACKOFF_BASE_MS = 100;

describe("the owner is never slowed by others' failures (docs/decisions/036)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      SEED_DEMO: 'false',
      LOGIN_BACKOFF_BASE_MS: String(BACKOFF_BASE_MS),
    });
  });
  afterAll(() => ctx.close());
  const login = loginFrom(() => ctx);

  it('ten failures from each of three addresses: the owner gets in at once, the attackers get 429', async () => {
    const user = await createUser(ctx.database);
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    // One address after the other: thirty hashes at once would fill the hashing queue (503).
    for (const address of attackers) await guesses(login, user.email, address);

    // The owner, from an address without failures, is neither slowed nor refused, every time.
    for (const address of [OWNER, '198.51.100.21']) {
      const owner = await login(user.email, TEST_PASSWORD, address);
      expect(owner.statusCode).toBe(200);
      expect(owner.ms).toBeLessThan(NOT_SLOWED_MS);
    }
    // Each attacking address is refused on the account, the right password included.
    for (const address of attackers) {
      const refused = await login(user.email, TEST_PASSWORD, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, message: MSG.tooManyLogins });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
  });

  it('ten failures from one address: the owner elsewhere is not slowed, that address is', async () => {
    const user = await createUser(ctx.database);
    const other = await createUser(ctx.database);
    await guesses(login, user.email, ATTACKER);

    const owner = await login(user.email, TEST_PASSWORD, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.ms).toBeLessThan(NOT_SLOWED_MS);
    // The failing address waits before any password of its is checked, on any account.
    const slowed = await login(other.email, TEST_PASSWORD, ATTACKER);
    expect(slowed.statusCode).toBe(200);
    expect(slowed.ms).toBeGreaterThanOrEqual(BACKOFF_BASE_MS - 20);
  });
});

describe('a guessing attack spread over many addresses (the ceiling of failures a minute)', () => {
  const CEILING = 5;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SEED_DEMO: 'false', LOGIN_FAILURES_PER_MINUTE: String(CEILING) });
  });
  afterAll(() => ctx.close());
  const login = loginFrom(() => ctx);

  it('refuses the addresses that failed once the ceiling is reached, never a clean one', async () => {
    const user = await createUser(ctx.database);
    const spread = Array.from({ length: CEILING }, (_, i) => `203.0.113.${100 + i}`);
    for (const address of spread) await guesses(login, user.email, address, 1);

    // An address that failed is refused now, on any account, until the minute is over.
    const refused = await login(user.email, TEST_PASSWORD, spread[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The owner, from a clean address, gets in at once.
    const owner = await login(user.email, TEST_PASSWORD, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.ms).toBeLessThan(NOT_SLOWED_MS);
  });
});

describe('the logins an address may try a minute, set by configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SEED_DEMO: 'false', LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());
  const login = loginFrom(() => ctx);

  it('refuses the address past LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, even its good logins', async () => {
    const user = await createUser(ctx.database);
    const address = '198.51.100.30';
    for (let i = 0; i < 3; i++) {
      expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
    const refused = await login(user.email, TEST_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: MSG.tooManyRequests });
    expect((await login(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  });
});

describe('sign-in protection: per account and address, per address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No waits: these are about counting (the waits are the tests above's and the unit's).
    ctx = await buildTestApp({ SEED_DEMO: 'false', LOGIN_BACKOFF_BASE_MS: '0' });
  });
  afterAll(() => ctx.close());
  const login = loginFrom(() => ctx);

  it("refuses an attacker's address after 10 failures while the owner signs in from another", async () => {
    const user = await createUser(ctx.database);
    const other = await createUser(ctx.database);
    await guesses(login, user.email, ATTACKER);

    // The attacker's address keeps failing: refused, even with the right password.
    for (const password of ['Wrong@5678', TEST_PASSWORD]) {
      const locked = await login(user.email.toUpperCase(), password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 429, message: MSG.tooManyLogins });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }

    // The owner, from an address of their own, is not refused.
    expect((await login(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(200);
    // Another account is not refused from the attacker's address (only slowed).
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("a successful login forgets its address's failures on the account", async () => {
    const user = await createUser(ctx.database);
    const half = LOGIN_FAILURES_MAX / 2;
    const address = '192.0.2.30';
    for (let i = 0; i < half; i++) await login(user.email, 'Wrong@1234', address);
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect(await ctx.app.loginProtection.addressFailures(address)).toBe(0);
    for (let i = 0; i < half; i++) await login(user.email, 'Wrong@1234', address);
    // Without the forgetting this would be attempt 12 from this address in the window.
    expect((await login(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('a password reset by the emailed link starts every address afresh on the account', async () => {
    const user = await createUser(ctx.database);
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) await login(user.email, 'Wrong@1234', OWNER);
    expect((await login(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(429);

    await post(ctx.app, '/app_api/reset_password', { email: user.email, user_type: 1 });
    const [mail] = await outboxFor(ctx.app, user.email);
    const token = mail?.body.match(/\/set-forget-password\/([\w-]+)/)?.[1] ?? '';
    const changed = await post(ctx.app, '/app_api/change_password', {
      password: 'Unlocked@2026',
      confirm_password: 'Unlocked@2026',
      jwt_token: token,
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(user.email, 'Unlocked@2026', OWNER)).statusCode).toBe(200);
  });

  it('counts unknown emails too, so the answer does not tell which accounts exist', async () => {
    const email = uniqueEmail('ghost');
    const address = '192.0.2.77';
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      expect((await login(email, 'Wrong@1234', address)).statusCode).toBe(400);
    }
    const res = await login(email, 'Wrong@1234', address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyLogins);
  });

  it('limits one address to a few logins a minute, well below the general ceiling', async () => {
    expect(LOGIN_ATTEMPTS_PER_IP_PER_MINUTE * 10).toBeLessThanOrEqual(IP_LIMIT_PER_MINUTE);
    const address = '192.0.2.99';
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP_PER_MINUTE; i++) {
      expect((await login(uniqueEmail('spray'), 'Wrong@1234', address)).statusCode).toBe(400);
    }
    const res = await login(uniqueEmail('spray'), 'Wrong@1234', address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, message: MSG.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await login(uniqueEmail('spray'), 'Wrong@1234', '192.0.2.100')).statusCode).toBe(400);
  });
});

describe('bounded password hashing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SEED_DEMO: 'false', HASH_CONCURRENCY: '1', HASH_QUEUE_MAX: '1' });
  });
  afterAll(() => ctx.close());

  it('answers 503 with Retry-After when the hashing queue is full, and serves the rest', async () => {
    const user = await createUser(ctx.database);
    // Hold the one hashing slot, so that the logins below meet a busy queue however slowly the
    // machine schedules them: the first to arrive waits in the one waiting place, the rest are
    // turned away at once.
    let release!: () => void;
    const held = hashingQueue().run(() => new Promise<void>((resolve) => (release = resolve)));
    let answered = 0;
    const pending = Array.from({ length: 6 }, (_, i) =>
      ctx.app
        .inject({
          method: 'POST',
          url: '/app_api/login',
          payload: { email: user.email, password: TEST_PASSWORD, user_type: 1 },
          remoteAddress: `192.0.2.${10 + i}`,
        })
        .then((res) => {
          answered += 1;
          return res;
        }),
    );
    await vi.waitFor(
      () => {
        expect(hashingQueue().load.waiting).toBe(1);
        expect(answered).toBe(5);
      },
      { timeout: 10_000 },
    );
    release();
    await held;
    const answers = await Promise.all(pending);
    const busy = answers.filter((r) => r.statusCode === 503);
    for (const r of busy) {
      expect(r.json()).toEqual({ code: 503, message: MSG.serverBusy });
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(busy).toHaveLength(5);
    // A refusal is not a pile-up: once the queue has drained, the next call is served.
    await loginAs(ctx.app, user.email);
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
    const env = {
      SEED_DEMO: 'false',
      IP_RATE_LIMIT_PER_MINUTE: '2',
      LOGIN_BACKOFF_BASE_MS: '0',
      REDIS_URL: redisUrl ?? '',
    };
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
    const remoteAddress = `10.${Math.floor(Math.random() * 254)}.0.1`;
    // Counted as the login call counts (the per-IP ceiling here is 2 calls a minute).
    const attempt = { email, userType: 1, ip: remoteAddress, passwordHash: null };
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++)
      await (i % 2 ? a : b).app.loginProtection.admit(attempt);
    const res = await a.app.inject({
      method: 'POST',
      url: '/app_api/login',
      payload: { email, password: 'Whatever@1', user_type: 1 },
      remoteAddress,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyLogins);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
});
