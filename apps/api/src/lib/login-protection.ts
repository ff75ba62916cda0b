import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import {
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
  LOGIN_BACKOFF_AFTER_FAILURES,
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_MAX,
  MSG,
} from '@movehub/shared';
import { AppError } from '../errors';

/** One sign-in attempt: the account as typed (known or not) and where it comes from. */
export interface LoginAttempt {
  /** Trimmed and lower-cased. */
  email: string;
  userType: number;
  /** The client address (request.ip: TRUST_PROXY_HOPS decides how far X-Forwarded-For counts). */
  ip: string;
  /** The account's stored hash, null for an unknown email or an account without a password. */
  passwordHash: string | null;
}

/**
 * The wait before an attempt on an account that failed `failures` times in the window: none
 * up to LOGIN_BACKOFF_AFTER_FAILURES, then LOGIN_BACKOFF_BASE_MS doubled with each further
 * failure, at most LOGIN_BACKOFF_MAX_MS. The account is slowed, never closed.
 */
export function loginBackoffMs(failures: number): number {
  if (failures < LOGIN_BACKOFF_AFTER_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_BACKOFF_AFTER_FAILURES, 30);
  return Math.min(LOGIN_BACKOFF_MAX_MS, LOGIN_BACKOFF_BASE_MS * 2 ** doublings);
}

function accountKey(a: { email: string; userType: number }): string {
  return `${a.userType}:${a.email}`;
}

/**
 * Failures per account and address are keyed to the account's current password hash as well,
 * so that a password reset (a new hash) starts every address's count afresh without listing
 * the keys of the store.
 */
function accountAndAddressKey(a: LoginAttempt): string {
  const version = a.passwordHash
    ? createHash('sha256').update(a.passwordHash).digest('base64url').slice(0, 12)
    : '-';
  return `${accountKey(a)}:${version}:${a.ip}`;
}

function isRefusal(err: unknown): err is RateLimiterRes {
  return err instanceof RateLimiterRes;
}

/**
 * Sign-in protection after rate-limiter-flexible's "login endpoint protection": three counters
 * in one store (Redis when REDIS_URL is set, so that every process sees them; memory otherwise).
 *
 * - Attempts per address: LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, whatever the accounts, so that one
 *   address cannot make the server hash for it faster than that.
 * - Failures per account and address: after LOGIN_FAILURES_MAX in LOGIN_FAILURE_WINDOW_MINUTES
 *   that address is refused on that account (429); other addresses are not.
 * - Failures per account, from any address: past LOGIN_BACKOFF_AFTER_FAILURES each attempt on
 *   the account waits (loginBackoffMs) before its password is checked. Many addresses together
 *   are slowed down; the owner, from an address of their own, still gets in.
 *
 * A successful login forgets its address's failures on the account; a password reset forgets
 * the account's (the new hash also renews every per-address key).
 */
export class LoginProtection {
  private readonly byAddress: RateLimiterAbstract;
  private readonly byAccountAndAddress: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;

  constructor(store: { redis?: Redis | undefined } = {}) {
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      store.redis
        ? new RateLimiterRedis({ storeClient: store.redis, keyPrefix, points, duration })
        : new RateLimiterMemory({ keyPrefix, points, duration });
    const window = LOGIN_FAILURE_WINDOW_MINUTES * 60;
    this.byAddress = limiter('movehub:login:ip', LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, 60);
    this.byAccountAndAddress = limiter('movehub:login:account-ip', LOGIN_FAILURES_MAX, window);
    // Counted only, never refused: a count far above any backoff step.
    this.byAccount = limiter('movehub:login:account', Number.MAX_SAFE_INTEGER, window);
  }

  /** Counts an attempt of an address, before any work: 429 past the per-address limit. */
  async admitAddress(ip: string): Promise<void> {
    try {
      await this.byAddress.consume(ip);
    } catch (err) {
      if (isRefusal(err))
        throw AppError.tooManyRequests(MSG.tooManyRequests, err.msBeforeNext / 1000);
      throw err;
    }
  }

  /**
   * Before the password is checked: counts the attempt as a failure of its address on the
   * account (forgotten on success, so concurrent guesses cannot slip past the limit between a
   * read and a write), refuses an address past LOGIN_FAILURES_MAX with 429, then waits the
   * account's backoff.
   */
  async admit(attempt: LoginAttempt): Promise<void> {
    try {
      await this.byAccountAndAddress.consume(accountAndAddressKey(attempt));
    } catch (err) {
      if (isRefusal(err))
        throw AppError.tooManyRequests(MSG.tooManyLogins, err.msBeforeNext / 1000);
      throw err;
    }
    const wait = loginBackoffMs(await this.accountFailures(attempt));
    if (wait > 0) await sleep(wait);
  }

  /** A wrong password (or an unknown email): one more failure on the account. */
  async failed(attempt: LoginAttempt): Promise<void> {
    await this.byAccount.consume(accountKey(attempt));
  }

  /** The right password: the address's failures on the account are forgotten. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.byAccountAndAddress.delete(accountAndAddressKey(attempt));
  }

  /** A password reset by the emailed link: the owner proved the mailbox; the account is clear. */
  async passwordReset(account: { email: string; userType: number }): Promise<void> {
    await this.byAccount.delete(accountKey({ ...account, email: account.email.toLowerCase() }));
  }

  /** Failures on the account in the current window, from any address. */
  async accountFailures(account: { email: string; userType: number }): Promise<number> {
    const res = await this.byAccount.get(accountKey(account));
    return res?.consumedPoints ?? 0;
  }
}
