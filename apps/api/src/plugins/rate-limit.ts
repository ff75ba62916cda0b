import type { FastifyInstance, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
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
 * Abuse limits. Registers @fastify/rate-limit with `global: false` (only routes that carry a
 * `config.rateLimit` are limited) and decorates `app.loginProtection`. With REDIS_URL both keep their
 * counters in Redis, so the limits hold across processes; in memory otherwise. Call it before
 * the route modules: its onRoute hooks must see their routes.
 *
 * A 429 leaves through the central error handler (MSG.tooManyRequests), with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // A limit check must not hang a request when Redis is away: fail fast, then 500.
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
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
    ...(redis ? { redis, nameSpace: 'movehub:ip:' } : {}),
  });

  app.decorate('loginProtection', new LoginProtection({ redis, limits: config.loginLimits }));
}
