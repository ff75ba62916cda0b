import type { FastifyInstance, RouteOptions } from 'fastify';
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { Redis, type RedisOptions } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { IP_LIMIT_PER_MINUTE } from '@movehub/shared';
import { LoginProtection } from '../lib/login-protection';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in counters (per address, per account and address, everywhere). */
    loginProtection: LoginProtection;
  }
}

/**
 * The per-IP ceiling of a route that can be abused (sign-in, sign-up, codes, password reset,
 * uploads): put it in the route's `config`. Loose on purpose (300 a minute) so that an office
 * behind one address still works; the sign-in limits (LoginProtection) are the tight ones.
 */
export const ipRateLimit = { rateLimit: { max: IP_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

/**
 * The longest a call waits on Redis. Past it (or at once, while the connection is down) a limit
 * is counted in this process's memory instead: a Redis outage loosens the limits to one
 * process's counts, it does not fail or stall the calls they guard (issue 30, item 10).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 100;

/** Options of every Redis client of the API whose commands a request waits for. */
export function failFastRedisOptions(): RedisOptions {
  return {
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Neither queue a command while disconnected nor retry it: the caller falls back instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  };
}

/** Counts no refusal of its own: @fastify/rate-limit compares the count with the route's max. */
const UNCAPPED = Number.MAX_SAFE_INTEGER;

/**
 * A @fastify/rate-limit store on rate-limiter-flexible: counted in Redis, and in memory (its
 * insuranceLimiter) whenever Redis does not answer in time. The plugin's own Redis store has no
 * fallback: with Redis away every limited route answered 500 after ioredis's retries.
 */
class RedisWithMemoryStore implements FastifyRateLimitStore {
  private readonly limiters = new Map<number, RateLimiterAbstract>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private limiter(timeWindowMs: number): RateLimiterAbstract {
    let limiter = this.limiters.get(timeWindowMs);
    if (!limiter) {
      const duration = Math.max(1, Math.ceil(timeWindowMs / 1000));
      const keyPrefix = `${this.keyPrefix}${duration}`;
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix,
        points: UNCAPPED,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: UNCAPPED, duration }),
      });
      this.limiters.set(timeWindowMs, limiter);
    }
    return limiter;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow?: number,
  ): void {
    this.limiter(timeWindow ?? 60_000)
      .consume(key)
      .then(
        (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
    return new RedisWithMemoryStore(
      this.redis,
      `${this.keyPrefix}${info?.method ?? ''}${info?.url ?? ''}:`,
    );
  }
}

/**
 * Abuse limits. Registers @fastify/rate-limit with `global: false` (only routes that carry a
 * `config.rateLimit` are limited) and decorates `app.loginProtection`. With REDIS_URL both keep their
 * counters in Redis, so the limits hold across processes; in memory otherwise. Call it before
 * the route modules: its onRoute hooks must see their routes.
 *
 * Redis away (or slower than REDIS_COMMAND_TIMEOUT_MS) falls back to memory, never to a 5xx.
 *
 * A 429 leaves through the central error handler (MSG.tooManyRequests), with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const redis = config.redisUrl
    ? // A limit check must not hang a request when Redis is away: fail fast, then memory.
      new Redis(config.redisUrl, failFastRedisOptions())
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      // Without its offline queue a client that is down cannot send QUIT: drop it instead.
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  // Routes declare the standard ceiling (IP_LIMIT_PER_MINUTE); the configured one replaces it,
  // so that an operator (or a test) can tighten or loosen every such route in one place.
  const configured = config.ipRateLimitPerMinute;
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.rateLimit;
    if (limit && typeof limit === 'object' && limit.max === IP_LIMIT_PER_MINUTE) {
      route.config = { ...route.config, rateLimit: { ...limit, max: configured } };
    }
  });

  await app.register(rateLimit, {
    global: false,
    max: configured,
    timeWindow: '1 minute',
    ...(redis ? { store: ipStore(redis) } : {}),
  });

  app.decorate('loginProtection', new LoginProtection({ redis, limits: config.loginLimits }));
}

/** The plugin builds its store from a constructor given its options: bind ours to the client. */
function ipStore(redis: Redis): FastifyRateLimitStoreCtor {
  return class extends RedisWithMemoryStore {
    constructor(_options: FastifyRateLimitOptions) {
      super(redis, 'movehub:ip:');
    }
  };
}
