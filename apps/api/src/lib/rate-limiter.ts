import type { Redis } from 'ioredis';

/** The state of one counter after a hit: how many events in the window, and when it ends. */
export interface RateLimitHit {
  count: number;
  /** Milliseconds until the window closes and the counter starts again from zero. */
  resetInMs: number;
}

/**
 * Fixed-window counters for abuse limits (failed logins per account). The window opens at the
 * first hit of a key and is not extended by later hits, so a lock-out ends when the window
 * passes. Redis keeps the counters when several processes run; memory does otherwise.
 */
export interface RateLimiter {
  /** Counts one event under key and returns the count including it. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Forgets the key (a successful login, a password reset). */
  reset(key: string): Promise<void>;
}

/** One process only: counters in a Map, expired ones swept lazily. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();
  private readonly now: () => number;
  private readonly sweepAbove: number;

  constructor(options: { now?: () => number; sweepAbove?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.sweepAbove = options.sweepAbove ?? 10_000;
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.now();
    if (this.counters.size >= this.sweepAbove) this.sweep(now);
    let counter = this.counters.get(key);
    if (!counter || counter.endsAt <= now) {
      counter = { count: 0, endsAt: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { count: counter.count, resetInMs: counter.endsAt - now };
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  /** How many keys are held (for tests of the sweep). */
  get size(): number {
    return this.counters.size;
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.endsAt <= now) this.counters.delete(key);
    }
  }
}

// INCR and the expiry of a new key in one atomic step, so two processes never both start a
// window and a crash between the two commands cannot leave a counter without expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** Shared by every process that talks to the same Redis. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'movehub:limit:',
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const [count, ttl] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.prefix + key,
      String(Math.max(1, Math.round(windowMs))),
    )) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
