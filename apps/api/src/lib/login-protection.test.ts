import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
  LOGIN_BACKOFF_AFTER_FAILURES,
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_FAILURES_MAX,
  MSG,
} from '@movehub/shared';
import { AppError } from '../errors';
import { LoginProtection, loginBackoffMs, type LoginAttempt } from './login-protection';

describe('loginBackoffMs', () => {
  it('waits nothing below the threshold, then doubles from the base up to the ceiling', () => {
    expect(loginBackoffMs(0)).toBe(0);
    expect(loginBackoffMs(LOGIN_BACKOFF_AFTER_FAILURES - 1)).toBe(0);
    expect(loginBackoffMs(LOGIN_BACKOFF_AFTER_FAILURES)).toBe(LOGIN_BACKOFF_BASE_MS);
    expect(loginBackoffMs(LOGIN_BACKOFF_AFTER_FAILURES + 1)).toBe(2 * LOGIN_BACKOFF_BASE_MS);
    expect(loginBackoffMs(LOGIN_BACKOFF_AFTER_FAILURES + 2)).toBe(4 * LOGIN_BACKOFF_BASE_MS);
    expect(loginBackoffMs(LOGIN_BACKOFF_AFTER_FAILURES + 50)).toBe(LOGIN_BACKOFF_MAX_MS);
    expect(loginBackoffMs(1e9)).toBe(LOGIN_BACKOFF_MAX_MS);
  });
});

function attempt(overrides: Partial<LoginAttempt> = {}): LoginAttempt {
  return {
    email: `${randomUUID()}@example.com`,
    userType: 1,
    ip: '203.0.113.5',
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

/** The same behaviour on both stores. */
function behaves(make: () => LoginProtection) {
  it('refuses an address past its attempts a minute, whatever the accounts', async () => {
    const p = make();
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`;
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP_PER_MINUTE; i++) await p.admitAddress(ip);
    const err = await refusal(p.admitAddress(ip));
    expect(err.code).toBe(429);
    expect(err.message).toBe(MSG.tooManyRequests);
    expect(Number(err.headers['retry-after'])).toBeLessThanOrEqual(60);
    await p.admitAddress(`other-${randomUUID()}`);
  });

  it('refuses an address on an account after LOGIN_FAILURES_MAX, not another address', async () => {
    const p = make();
    const attacker = attempt();
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      await p.admit(attacker);
      await p.failed(attacker);
    }
    const err = await refusal(p.admit(attacker));
    expect(err.code).toBe(429);
    expect(err.message).toBe(MSG.tooManyLogins);
    expect(Number(err.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner's own address is admitted (after the account's backoff of one base step).
    const started = performance.now();
    await p.admit({ ...attacker, ip: '192.0.2.44' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_BACKOFF_BASE_MS - 20);
    expect(await p.accountFailures(attacker)).toBe(LOGIN_FAILURES_MAX);
  });

  it('forgets an address’s failures on success, and a new password renews every address', async () => {
    const p = make();
    const a = attempt();
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) await p.admit(a);
    await p.succeeded(a);
    await p.admit(a);
    for (let i = 1; i < LOGIN_FAILURES_MAX; i++) await p.admit(a);
    await refusal(p.admit(a));
    // The account's hash changes (a reset): the same address starts afresh.
    await p.admit({ ...a, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3' });
  });

  it('a password reset clears the account-wide count', async () => {
    const p = make();
    const a = attempt();
    await p.failed(a);
    await p.failed(a);
    expect(await p.accountFailures(a)).toBe(2);
    await p.passwordReset(a);
    expect(await p.accountFailures(a)).toBe(0);
  });
}

describe('LoginProtection in memory', () => {
  behaves(() => new LoginProtection());
});

// Runs when a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run --project api
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('LoginProtection in Redis', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    await redis?.quit();
  });
  behaves(() => new LoginProtection({ redis }));

  it('shares the counts between two processes', async () => {
    const [one, two] = [new LoginProtection({ redis }), new LoginProtection({ redis })];
    const a = attempt({ ip: `10.9.${randomUUID()}` });
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) await (i % 2 ? one : two).admit(a);
    await refusal(one.admit(a));
    await refusal(two.admit(a));
  });
});
