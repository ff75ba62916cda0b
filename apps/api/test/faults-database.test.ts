import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, ErrorCode, MSG, TimelineStatus } from '@movehub/shared';
import { openDatabase } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { CuttableProxy } from './fault-proxy';
import { moveFixtures } from './moves-helpers';
import { connected, openSocket } from './socket-client';
import {
  buildPeerApp,
  buildTestApp,
  createRequest,
  createUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from './helper';

/*
 * PostgreSQL stopped mid-run. The machine's server is shared, so it is not stopped: the API
 * reaches it through a TCP proxy that the test cuts (live connections destroyed, new ones
 * refused, as a stopped server does) and then restores. While it is cut every call answers 503
 * with Retry-After in the {code, message} envelope, promptly; once it is back the same calls
 * succeed on the same server, which was never restarted.
 *
 * Runs where a PostgreSQL server is at hand (CI's npm test: DATABASE_URL). It skips on
 * PGlite: the embedded database lives inside the process, with no connection that can be lost.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the database stopping mid-run (PostgreSQL through a proxy)', () => {
  let ctx: TestContext;
  let peer: TestContext;
  let proxy: CuttableProxy;
  const f = moveFixtures(() => ctx);

  beforeAll(async () => {
    ctx = await buildTestApp();
    const direct = new URL(ctx.databaseUrl!);
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // The API under test reaches the database only through the proxy, its job queue included.
    peer = await buildPeerApp(
      ctx,
      { IP_RATE_LIMIT_PER_MINUTE: '100000', JOB_WORKERS: 'true' },
      undefined,
      { databaseUrl: proxied.toString(), connectTimeoutMs: 2_000 },
    );
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await peer?.close();
    await ctx?.close();
  });

  it('answers 503 with Retry-After while it is away, and recovers by itself when it returns', async () => {
    const user = await createUser(ctx.database);
    await createRequest(ctx.database, { customerId: user.id });
    const token = await loginAs(peer.app, user.email);
    const calls = {
      health: () => peer.app.inject({ method: 'GET', url: '/healthz' }),
      requests: () =>
        peer.app.inject({
          method: 'POST',
          url: '/api/customer/get_customer_request',
          headers: { 'x-sh-auth': token },
          payload: { request_status: '0' },
        }),
      notifications: () =>
        peer.app.inject({
          method: 'GET',
          url: '/app_api/get_notification',
          headers: { 'x-sh-auth': token },
        }),
      login: () =>
        peer.app.inject({
          method: 'POST',
          url: '/app_api/login',
          payload: { email: user.email, password: TEST_PASSWORD, user_type: 1 },
        }),
    };
    expect((await calls.health()).statusCode).toBe(200);
    expect((await calls.requests()).json().data.length).toBe(1);

    // A statement on the wire when the database goes away fails as "unavailable", not as a hang.
    const inFlight = peer.database.db.execute(sql`select pg_sleep(20)`).then(
      () => null,
      (err: unknown) => err,
    );
    // Let it reach the server before the cut.
    await expect
      .poll(
        async () => {
          const result = (await ctx.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(20)%' and state = 'active'`,
          )) as unknown as { rows: { n: number }[] };
          return result.rows[0]?.n;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(1);

    await proxy.cut();
    const lost = await inFlight;
    expect(lost).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(lost)).toBe(true);

    for (const [name, call] of Object.entries(calls)) {
      const started = Date.now();
      const res = await call();
      const tookMs = Date.now() - started;
      expect({ name, status: res.statusCode }).toEqual({ name, status: 503 });
      // Well within the pool's 2 s connect bound, with room for a loaded machine.
      expect(tookMs).toBeLessThan(5_000);
      if (name === 'health') {
        // Readiness says so, for a load balancer to take this process out of rotation.
        expect(res.json()).toEqual({ code: 503, message: 'Database unreachable' });
        expect(res.headers['retry-after']).toBe('5');
      } else {
        expect(res.json()).toEqual({
          code: ErrorCode.serviceUnavailable,
          message: MSG.serviceUnavailable,
        });
        expect(res.headers['retry-after']).toBe('5');
      }
    }

    await proxy.restore();
    // The pool opens fresh connections on the next call: no restart, no manual reset.
    await expect
      .poll(async () => (await calls.health()).statusCode, { timeout: 15_000, interval: 200 })
      .toBe(200);
    const again = await calls.requests();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.length).toBe(1);
    expect((await calls.notifications()).statusCode).toBe(200);
    const login = await calls.login();
    expect(login.statusCode).toBe(200);
    // The new session was written, and it works.
    const fresh = login.json().data.auth_token as string;
    const mine = await peer.app.inject({
      method: 'GET',
      url: '/app_api/get_notification',
      headers: { 'x-sh-auth': fresh },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('stays up when connections are lost inside transactions: 20 of them, the database cut', async () => {
    let inside = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Twenty transactions, each past its first statement and waiting, its connection checked
    // out of the pool between two statements (the pool holds some; the rest wait for one).
    const writers = Array.from({ length: 20 }, () =>
      peer.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select txid_current()`);
          inside += 1;
          await held;
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        ),
    );
    await expect.poll(() => inside, { timeout: 10_000, interval: 50 }).toBeGreaterThan(1);

    await proxy.cut();
    // Let every lost connection say so while its transaction still holds it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const outcomes = await Promise.all(writers);
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
    }
    // The process is still here: it answers 503 while the database is away, then recovers.
    expect((await peer.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    await proxy.restore();
    await expect
      .poll(async () => (await peer.app.inject({ method: 'GET', url: '/healthz' })).statusCode, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(200);
  });

  it('acknowledges a chat message refused while it is away 503, in the envelope', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
      status: TimelineStatus.paid,
    });
    const baseUrl = await peer.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = openSocket(baseUrl, {
      token: customer.token,
      roomId: customer.user.roomId,
      type: customer.user.userType,
    });
    try {
      await connected(socket);
      const message = () => ({
        client_id: randomUUID(),
        sender_id: customer.user.roomId,
        room_id: customer.user.roomId,
        receiver_id: company.user.roomId,
        receive_type: ChatType.company,
        request_id: request.id,
        message: 'Is the truck on its way?',
      });
      expect(await socket.emitWithAck('sendMessage', message())).toMatchObject({ code: 200 });

      await proxy.cut();
      // Refused as "try again", as the HTTP calls are: not as a fault of the server (500).
      expect(await socket.emitWithAck('sendMessage', message())).toEqual({
        code: ErrorCode.serviceUnavailable,
        message: MSG.serviceUnavailable,
      });
    } finally {
      socket.close();
      await proxy.restore();
    }
  });

  it('gives back a connection lost before its transaction began: the pool goes on and closes', async () => {
    const proxied = new URL(ctx.databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // One connection: one that is never given back leaves none for the next call.
    const database = await openDatabase({
      databaseUrl: proxied.toString(),
      poolSize: 1,
      connectTimeoutMs: 2_000,
    });
    try {
      await database.db.execute(sql`select 1`);
      // BEGIN on the wire, not yet answered, when the connection is lost.
      proxy.delayMs = 300;
      const transaction = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await proxy.cut();
      proxy.delayMs = 0;
      const lost = await transaction;
      expect(isDatabaseUnavailable(lost)).toBe(true);
      await proxy.restore();

      const after = (await database.db.execute(sql`select 2 as n`)) as unknown as {
        rows: { n: number }[];
      };
      expect(after.rows).toEqual([{ n: 2 }]);
    } finally {
      proxy.delayMs = 0;
      await proxy.restore().catch(() => undefined);
      const closed = await Promise.race([
        database.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
      ]);
      expect(closed).toBe('closed');
    }
  });
});
