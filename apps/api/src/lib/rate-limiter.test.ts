import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter';

const WINDOW = 15 * 60_000;

describe('MemoryRateLimiter', () => {
  it('counts hits in a window that opens at the first hit and is not extended', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ now: () => now });
    expect(await limiter.hit('k', WINDOW)).toEqual({ count: 1, resetInMs: WINDOW });
    now += 60_000;
    expect(await limiter.hit('k', WINDOW)).toEqual({ count: 2, resetInMs: WINDOW - 60_000 });
    expect((await limiter.hit('other', WINDOW)).count).toBe(1);
  });

  it('starts again from zero once the window has passed', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 11; i++) await limiter.hit('k', WINDOW);
    now += WINDOW - 1;
    expect((await limiter.hit('k', WINDOW)).count).toBe(12);
    now += 1;
    expect(await limiter.hit('k', WINDOW)).toEqual({ count: 1, resetInMs: WINDOW });
  });

  it('forgets a key on reset', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('k', WINDOW);
    await limiter.reset('k');
    expect((await limiter.hit('k', WINDOW)).count).toBe(1);
  });

  it('sweeps expired keys so that memory stays bounded', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now, sweepAbove: 100 });
    for (let i = 0; i < 100; i++) await limiter.hit(`k${i}`, 1000);
    now += 1000;
    await limiter.hit('fresh', 1000);
    expect(limiter.size).toBe(1);
  });
});

// Runs when a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run --project api
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('RedisRateLimiter', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    await redis?.quit();
  });
  const limiter = (): RateLimiter => new RedisRateLimiter(redis!, `test:${randomUUID()}:`);

  it('counts atomically across concurrent hits and sets the expiry once', async () => {
    const l = limiter();
    const hits = await Promise.all(Array.from({ length: 20 }, () => l.hit('k', WINDOW)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const h of hits) {
      expect(h.resetInMs).toBeGreaterThan(WINDOW - 5_000);
      expect(h.resetInMs).toBeLessThanOrEqual(WINDOW);
    }
  });

  it('starts again after the window and forgets a key on reset', async () => {
    const l = limiter();
    await l.hit('k', 50);
    await new Promise((r) => setTimeout(r, 80));
    expect((await l.hit('k', 50)).count).toBe(1);
    await l.hit('k', WINDOW);
    await l.reset('k');
    expect((await l.hit('k', WINDOW)).count).toBe(1);
  });
});
