import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES,
  LOGIN_ADDRESS_FAILURES_MAX,
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
  LOGIN_BACKOFF_AFTER_FAILURES,
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_FAILURES_MAX,
  MSG,
} from '@movehub/shared';
import { AppError } from '../errors';
import {
  LoginProtection,
  loginBackoffMs,
  type LoginAttempt,
  type LoginLimits,
} from './login-protection';

describe('loginBackoffMs', () => {
  it('waits nothing below the threshold, then doubles from the base up to the ceiling', () => {
    const after = LOGIN_BACKOFF_AFTER_FAILURES;
    expect(loginBackoffMs(0, after)).toBe(0);
    expect(loginBackoffMs(after - 1, after)).toBe(0);
    expect(loginBackoffMs(after, after)).toBe(LOGIN_BACKOFF_BASE_MS);
    expect(loginBackoffMs(after + 1, after)).toBe(2 * LOGIN_BACKOFF_BASE_MS);
    expect(loginBackoffMs(after + 2, after)).toBe(4 * LOGIN_BACKOFF_BASE_MS);
    expect(loginBackoffMs(after + 50, after)).toBe(LOGIN_BACKOFF_MAX_MS);
    expect(loginBackoffMs(1e9, after)).toBe(LOGIN_BACKOFF_MAX_MS);
    expect(loginBackoffMs(after + 1, after, 10)).toBe(20);
  });

  it('slows an address on an account before it is refused there', () => {
    expect(LOGIN_BACKOFF_AFTER_FAILURES).toBeLessThan(LOGIN_FAILURES_MAX);
    expect(LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES).toBeLessThan(LOGIN_ADDRESS_FAILURES_MAX);
  });
});

function attempt(overrides: Partial<LoginAttempt> = {}): LoginAttempt {
  return {
    email: `${randomUUID()}@example.com`,
    userType: 1,
    ip: `203.0.113.5-${randomUUID()}`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function elapsed(promise: Promise<unknown>): Promise<number> {
  const started = performance.now();
  await promise;
  return performance.now() - started;
}

/**
 * Waits short enough to walk through the thresholds, long enough to tell from the store's own
 * time (Redis on a busy machine); tests that are not about time wait nothing.
 */
const BASE_MS = 100;
const NO_WAITS = { backoffBaseMs: 0 };
/** No ceiling of failures a minute but where a test sets one (Redis counts every test's). */
const LIMITS = { backoffBaseMs: BASE_MS, failuresPerMinute: Number.MAX_SAFE_INTEGER };

/** The same behaviour on both stores. */
function behaves(make: (limits?: Partial<LoginLimits>) => LoginProtection) {
  it('refuses an address past its attempts a minute, whatever the accounts', async () => {
    const p = make(NO_WAITS);
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`;
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP_PER_MINUTE; i++) await p.admitAddress(ip);
    const err = await refusal(p.admitAddress(ip));
    expect(err.code).toBe(429);
    expect(err.message).toBe(MSG.tooManyRequests);
    expect(Number(err.headers['retry-after'])).toBeLessThanOrEqual(60);
    await p.admitAddress(`other-${randomUUID()}`);
  });

  it('slows, then refuses an address on an account; the owner elsewhere is not slowed', async () => {
    const p = make();
    const attacker = attempt();
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      const wait = await elapsed(p.admit(attacker));
      // Counted before the check: this attempt waits for the failures before it.
      const expected = loginBackoffMs(i, LOGIN_BACKOFF_AFTER_FAILURES, BASE_MS);
      expect(wait).toBeGreaterThanOrEqual(expected - 5);
      await p.failed(attacker);
    }
    const err = await refusal(p.admit(attacker));
    expect(err.code).toBe(429);
    expect(err.message).toBe(MSG.tooManyLogins);
    expect(Number(err.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner's own address is admitted at once: the account is never slowed.
    expect(await elapsed(p.admit({ ...attacker, ip: `192.0.2.44-${randomUUID()}` }))).toBeLessThan(
      BASE_MS,
    );
  });

  it('slows, then refuses an address failing on many accounts, on every account', async () => {
    const p = make();
    const ip = `203.0.113.9-${randomUUID()}`;
    for (let i = 0; i < LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES; i++) {
      const one = attempt({ ip });
      expect(await elapsed(p.admit(one))).toBeLessThan(BASE_MS);
      await p.failed(one);
    }
    // From here each attempt of the address waits, whatever the account.
    const slowed = attempt({ ip });
    expect(await elapsed(p.admit(slowed))).toBeGreaterThanOrEqual(BASE_MS - 5);
    await p.failed(slowed);
    // The rest of the failures up to the limit (each would have waited longer).
    for (let i = LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES + 1; i < LOGIN_ADDRESS_FAILURES_MAX; i++) {
      await p.failed(attempt({ ip }));
    }
    expect(await p.addressFailures(ip)).toBe(LOGIN_ADDRESS_FAILURES_MAX);
    const err = await refusal(p.admit(attempt({ ip })));
    expect(err.code).toBe(429);
    expect(err.message).toBe(MSG.tooManyLogins);
    expect(Number(err.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address is served at once.
    expect(await elapsed(p.admit(attempt()))).toBeLessThan(BASE_MS);
  });

  it('past the ceiling of failures a minute, refuses addresses that failed, not clean ones', async () => {
    const p = make({ failuresPerMinute: 3 });
    const target = attempt();
    const spread = [1, 2, 3].map((n) => ({ ...target, ip: `10.${n}-${randomUUID()}` }));
    for (const one of spread) {
      await p.admit(one);
      await p.failed(one);
    }
    const [first] = spread;
    const err = await refusal(p.admit(first!));
    expect(err.code).toBe(429);
    expect(err.message).toBe(MSG.tooManyRequests);
    expect(Number(err.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A clean address, on the same account or another, goes through at once.
    expect(await elapsed(p.admit({ ...target, ip: `192.0.2.7-${randomUUID()}` }))).toBeLessThan(
      BASE_MS,
    );
    await p.admit(attempt());
  });

  it('forgets an address’s failures on the account on success, and a new password renews it', async () => {
    const p = make(NO_WAITS);
    const a = attempt();
    for (let i = 0; i < LOGIN_FAILURES_MAX - 1; i++) {
      await p.admit(a);
      await p.failed(a);
    }
    await p.admit(a);
    await p.succeeded(a);
    // Those were the owner's typos: forgotten on the account and in the address's own count.
    expect(await p.addressFailures(a.ip)).toBe(0);
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) await p.admit(a);
    await refusal(p.admit(a));
    // The account's hash changes (a reset, a change): the same address starts afresh.
    await p.admit({ ...a, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3' });
  });

  it('a success on one account leaves the address’s failures on others', async () => {
    const p = make(NO_WAITS);
    const ip = `203.0.113.10-${randomUUID()}`;
    for (let i = 0; i < 3; i++) {
      const victim = attempt({ ip });
      await p.admit(victim);
      await p.failed(victim);
    }
    const own = attempt({ ip });
    await p.admit(own);
    await p.succeeded(own);
    expect(await p.addressFailures(ip)).toBe(3);
  });
}

describe('LoginProtection in memory', () => {
  behaves((limits) => new LoginProtection({ limits: { ...LIMITS, ...limits } }));
});

// Runs when a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run --project api
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('LoginProtection in Redis', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    await redis?.quit();
  });
  behaves((limits) => new LoginProtection({ redis, limits: { ...LIMITS, ...limits } }));

  it('shares the counts between two processes', async () => {
    const limits = { ...LIMITS, ...NO_WAITS };
    const [one, two] = [
      new LoginProtection({ redis, limits }),
      new LoginProtection({ redis, limits }),
    ];
    const a = attempt({ ip: `10.9.${randomUUID()}` });
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) await (i % 2 ? one : two).admit(a);
    await refusal(one.admit(a));
    await refusal(two.admit(a));
  });
});
