import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { BusinessLimits } from '../lib/business-limits';
import { failFastRedisOptions } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-user ceilings of business calls (bids, comments, requests, chat, direct requests). */
    businessLimits: BusinessLimits;
  }
}

/**
 * Decorates `app.businessLimits`, in Redis when REDIS_URL is set. Its own client, with the
 * options of the abuse limits' one (failFastRedisOptions: plugins/rate-limit.ts keeps its
 * client private): a slow or absent Redis falls back to memory, it does not stall the call.
 * Call it before the realtime server, whose chat messages it limits.
 */
export async function registerBusinessLimits(app: FastifyInstance): Promise<void> {
  const { redisUrl } = app.config;
  const redis = redisUrl ? new Redis(redisUrl, failFastRedisOptions()) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis (business limits) error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      // With Redis away QUIT cannot be sent (no offline queue): drop the connection instead.
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  app.decorate(
    'businessLimits',
    new BusinessLimits(
      { redis },
      {
        requestCreation: app.config.requestCreationsPerHour,
        analyticsEvent: app.config.analytics.eventsPerMinute,
      },
    ),
  );
}
