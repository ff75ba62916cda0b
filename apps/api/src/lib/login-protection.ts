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
  LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES,
  LOGIN_ADDRESS_FAILURES_MAX,
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
  LOGIN_BACKOFF_AFTER_FAILURES,
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_MAX,
  LOGIN_FAILURES_PER_MINUTE,
  MSG,
} from '@movehub/shared';
import { AppError } from '../errors';

/** One password check (a sign-in, a password change): the account as typed and its address. */
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
 * The tunable limits (configuration: LOGIN_BACKOFF_BASE_MS, LOGIN_FAILURES_PER_MINUTE,
 * LOGIN_ATTEMPTS_PER_IP_PER_MINUTE).
 */
export interface LoginLimits {
  /** Login attempts of one address a minute, whatever the accounts. */
  attemptsPerAddressPerMinute: number;
  /** The first wait of a failing address, doubled with each further failure. */
  backoffBaseMs: number;
  /** Failures a minute, everywhere together, from which on failing addresses are refused. */
  failuresPerMinute: number;
}

/**
 * The wait before an attempt of an address that failed `failures` times: none below `after`,
 * then `baseMs` doubled with each further failure, at most LOGIN_BACKOFF_MAX_MS.
 */
export function loginBackoffMs(
  failures: number,
  after: number,
  baseMs: number = LOGIN_BACKOFF_BASE_MS,
): number {
  if (failures < after) return 0;
  const doublings = Math.min(failures - after, 30);
  return Math.min(LOGIN_BACKOFF_MAX_MS, baseMs * 2 ** doublings);
}

/**
 * Failures per account and address are keyed to the account's current password hash as well,
 * so that a new password (a reset, a change) starts every address's count afresh without
 * listing the keys of the store.
 */
function accountAndAddressKey(a: LoginAttempt): string {
  const version = a.passwordHash
    ? createHash('sha256').update(a.passwordHash).digest('base64url').slice(0, 12)
    : '-';
  return `${a.userType}:${a.email}:${version}:${a.ip}`;
}

/** The one key of the count of failures everywhere. */
const EVERYWHERE = 'all';

function isRefusal(err: unknown): err is RateLimiterRes {
  return err instanceof RateLimiterRes;
}

/**
 * Sign-in protection after rate-limiter-flexible's "login endpoint protection", in one store
 * (Redis when REDIS_URL is set, so that every process sees the same counts; memory otherwise, and
 * memory meanwhile whenever Redis does not answer).
 * It slows and refuses the addresses that fail, never an account: the owner signing in from an
 * address without failures is served at once whatever others do (docs/decisions/036).
 *
 * - Attempts per address: LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, whatever the accounts, so that one
 *   address cannot make the server hash for it faster than that (429 tooManyRequests).
 * - Failures per account and address: past LOGIN_BACKOFF_AFTER_FAILURES each attempt of that
 *   address on that account waits (loginBackoffMs); after LOGIN_FAILURES_MAX in
 *   LOGIN_FAILURE_WINDOW_MINUTES it is refused (429 tooManyLogins). Counted before the password
 *   is checked, so that concurrent guesses cannot slip past, and forgotten on success.
 * - Failures per address, on any accounts: past LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES each of its
 *   attempts waits; after LOGIN_ADDRESS_FAILURES_MAX in the window it is refused everywhere.
 * - Failures everywhere a minute: at or above `failuresPerMinute` (a guessing attack spread over
 *   many addresses) an address that has failed in the window is refused (429 tooManyRequests)
 *   until the minute ends; an address without failures is not.
 */
export class LoginProtection {
  private readonly attemptsByAddress: RateLimiterAbstract;
  private readonly failuresByAccountAndAddress: RateLimiterAbstract;
  private readonly failuresByAddress: RateLimiterAbstract;
  private readonly failuresEverywhere: RateLimiterAbstract;
  private readonly limits: LoginLimits;

  constructor(store: { redis?: Redis | undefined; limits?: Partial<LoginLimits> } = {}) {
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      store.redis
        ? new RateLimiterRedis({
            storeClient: store.redis,
            keyPrefix,
            points,
            duration,
            // Redis away (refused at once, or past the client's commandTimeout): this process
            // counts in memory meanwhile, so sign-in neither fails nor waits on Redis.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
          })
        : new RateLimiterMemory({ keyPrefix, points, duration });
    this.limits = {
      attemptsPerAddressPerMinute:
        store.limits?.attemptsPerAddressPerMinute ?? LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
      backoffBaseMs: store.limits?.backoffBaseMs ?? LOGIN_BACKOFF_BASE_MS,
      failuresPerMinute: store.limits?.failuresPerMinute ?? LOGIN_FAILURES_PER_MINUTE,
    };
    const window = LOGIN_FAILURE_WINDOW_MINUTES * 60;
    // Counted only, refused by admit's own reading: a count far above any limit.
    const uncapped = Number.MAX_SAFE_INTEGER;
    this.attemptsByAddress = limiter(
      'movehub:login:ip',
      this.limits.attemptsPerAddressPerMinute,
      60,
    );
    this.failuresByAccountAndAddress = limiter(
      'movehub:login:account-ip',
      LOGIN_FAILURES_MAX,
      window,
    );
    this.failuresByAddress = limiter('movehub:login:ip-failures', uncapped, window);
    this.failuresEverywhere = limiter('movehub:login:all-failures', uncapped, 60);
  }

  /** Counts an attempt of an address, before any work: 429 past the per-address limit. */
  async admitAddress(ip: string): Promise<void> {
    try {
      await this.attemptsByAddress.consume(ip);
    } catch (err) {
      if (isRefusal(err))
        throw AppError.tooManyRequests(MSG.tooManyRequests, err.msBeforeNext / 1000);
      throw err;
    }
  }

  /**
   * Before the password is checked: refuses an address past its failures (everywhere, or while
   * failures everywhere are above the ceiling), counts the attempt as a failure of the address
   * on the account and refuses it past LOGIN_FAILURES_MAX, then waits the address's backoff.
   * An address without failures goes through at once.
   */
  async admit(attempt: LoginAttempt): Promise<void> {
    const [byAddress, everywhere] = await Promise.all([
      this.failuresByAddress.get(attempt.ip),
      this.failuresEverywhere.get(EVERYWHERE),
    ]);
    const addressFailures = byAddress?.consumedPoints ?? 0;
    if (byAddress && addressFailures >= LOGIN_ADDRESS_FAILURES_MAX) {
      throw AppError.tooManyRequests(MSG.tooManyLogins, byAddress.msBeforeNext / 1000);
    }
    if (
      addressFailures > 0 &&
      everywhere &&
      everywhere.consumedPoints >= this.limits.failuresPerMinute
    ) {
      throw AppError.tooManyRequests(MSG.tooManyRequests, everywhere.msBeforeNext / 1000);
    }
    let onAccount: RateLimiterRes;
    try {
      onAccount = await this.failuresByAccountAndAddress.consume(accountAndAddressKey(attempt));
    } catch (err) {
      if (isRefusal(err))
        throw AppError.tooManyRequests(MSG.tooManyLogins, err.msBeforeNext / 1000);
      throw err;
    }
    const base = this.limits.backoffBaseMs;
    const wait = Math.max(
      // This attempt is already counted: the failures before it are one fewer.
      loginBackoffMs(onAccount.consumedPoints - 1, LOGIN_BACKOFF_AFTER_FAILURES, base),
      loginBackoffMs(addressFailures, LOGIN_ADDRESS_BACKOFF_AFTER_FAILURES, base),
    );
    if (wait > 0) await sleep(wait);
  }

  /** A wrong password (or an unknown email): a failure of the address, and one everywhere. */
  async failed(attempt: LoginAttempt): Promise<void> {
    await Promise.all([
      this.failuresByAddress.consume(attempt.ip),
      this.failuresEverywhere.consume(EVERYWHERE),
    ]);
  }

  /**
   * The right password: the address's failures on this account are forgotten, there and in the
   * address's own count (they were the owner's typing). Its failures on other accounts stay: an
   * attacker signing in to an account of their own clears nothing else.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const key = accountAndAddressKey(attempt);
    const [onAccount, byAddress] = await Promise.all([
      this.failuresByAccountAndAddress.get(key),
      this.failuresByAddress.get(attempt.ip),
    ]);
    await this.failuresByAccountAndAddress.delete(key);
    // This attempt is counted on the account but was no failure of the address.
    const typos = Math.min((onAccount?.consumedPoints ?? 1) - 1, byAddress?.consumedPoints ?? 0);
    if (typos > 0) await this.failuresByAddress.reward(attempt.ip, typos);
  }

  /** Failures of an address in the current window, on any accounts. */
  async addressFailures(ip: string): Promise<number> {
    const res = await this.failuresByAddress.get(ip);
    return res?.consumedPoints ?? 0;
  }
}
