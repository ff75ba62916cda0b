import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CuttableProxy } from './fault-proxy';
import { buildPeerApp, buildTestApp, createUser, TEST_PASSWORD, type TestContext } from './helper';

/*
 * Redis going away mid-run (issue 30, item 10). The API reaches the shared Redis through a TCP
 * proxy that the test cuts: live connections destroyed, new ones refused. The limits it keeps
 * there (the per-IP ceilings, sign-in protection) then count in memory, and the calls they guard
 * answer as before, promptly: before, they answered 500 after ioredis's retries, up to 10 s.
 *
 * Runs where a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis stopping mid-run (through a proxy)', () => {
  let ctx: TestContext;
  let peer: TestContext;
  let limited: TestContext;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const direct = new URL(redisUrl!);
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 6379) });
    await proxy.open();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    peer = await buildPeerApp(ctx, { REDIS_URL: proxied.toString() });
    limited = await buildPeerApp(ctx, {
      REDIS_URL: proxied.toString(),
      IP_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await limited?.close();
    await peer?.close();
    await ctx?.close();
  });

  it('keeps sign-in, codes, address search and public links answering, limited in memory', async () => {
    const user = await createUser(ctx.database);
    const calls = {
      login: () =>
        peer.app.inject({
          method: 'POST',
          url: '/app_api/login',
          payload: { email: user.email, password: TEST_PASSWORD, user_type: 1 },
        }),
      code: () =>
        peer.app.inject({
          method: 'POST',
          url: '/app_api/send_verification_code_on_email',
          payload: { email: `code-${Date.now()}-${Math.random()}@example.com`, name: 'Ada' },
        }),
      autocomplete: () =>
        peer.app.inject({ method: 'GET', url: '/api/geo/autocomplete?input=Main%20St' }),
      publicLink: () =>
        peer.app.inject({
          method: 'POST',
          url: '/app_api/request_detail_by_request_link',
          payload: { public_access_link: 'no-such-link-0123456789' },
        }),
    };
    const expected: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.statusCode, name).toBeLessThan(500);
      expected[name] = res.statusCode;
    }
    expect(expected.login).toBe(200);

    // Redis that answers too late (a half-open connection, an overloaded server): each command
    // is given 100 ms, then counted in memory. Sign-in asks several in a row, hence the bound.
    proxy.delayMs = 1_000;
    for (const [name, call] of Object.entries(calls)) {
      const started = Date.now();
      const res = await call();
      const tookMs = Date.now() - started;
      expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name] });
      expect(tookMs, name).toBeLessThan(1_500);
    }
    proxy.delayMs = 0;

    await proxy.cut();
    // Twice each: the first finds the connection gone, the next one finds it still away.
    for (let round = 0; round < 2; round++) {
      for (const [name, call] of Object.entries(calls)) {
        const started = Date.now();
        const res = await call();
        const tookMs = Date.now() - started;
        expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name] });
        // Redis is given 100 ms; the rest is the call's own work (a password hash).
        expect(tookMs, name).toBeLessThan(1_000);
      }
    }

    // Still limited meanwhile: the per-IP ceiling counts in this process's memory.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await limited.app.inject({ method: 'GET', url: '/api/geo/autocomplete?input=Elm' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    await proxy.restore();
    await expect
      .poll(async () => (await calls.login()).statusCode, { timeout: 10_000, interval: 200 })
      .toBe(200);
  });
});
