import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { AUTH_HEADER, SOCKET_PATH } from '@movehub/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { post, provePhone, uniqueEmail, uniquePhone } from './accounts-helpers';
import {
  buildPeerApp,
  buildTestApp,
  createUser,
  loginAs,
  TEST_PASSWORD,
  type TestContext,
} from './helper';
import { connected, openSocket, refusal, type TestSocket } from './socket-client';

/*
 * What the server lets others keep of an answer or a request: no cache stores an authenticated
 * answer or a handed-out session, the logs keep no secret link, the socket's token never rides
 * in a URL, and production does not publish its API map unless told to.
 */

let ctx: TestContext;
let customer: Awaited<ReturnType<typeof createUser>>;
let token: string;
beforeAll(async () => {
  ctx = await buildTestApp({ SEED_DEMO: 'false', SOCIAL_SANDBOX: 'true' });
  customer = await createUser(ctx.database);
  token = await loginAs(ctx.app, customer.email);
});
afterAll(() => ctx.close());

const withToken = (value: string) => ({ [AUTH_HEADER]: value });

describe('Cache-Control: no-store', () => {
  it('is on the login answer, which hands out a session', async () => {
    const res = await post(ctx.app, '/app_api/login', {
      email: customer.email,
      password: TEST_PASSWORD,
      user_type: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is on the social sign-in answers, the session and the phone question alike', async () => {
    const email = uniqueEmail('social');
    const access_token = `sandbox:sub-${Date.now()}:${email}:Sam:Lee`;
    const asked = await post(ctx.app, '/api/customer/login_by_google', {
      access_token,
      phone_number: '',
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.headers['cache-control']).toBe('no-store');
    const phone = uniquePhone();
    await provePhone(ctx.app, phone);
    const res = await post(ctx.app, '/api/customer/login_by_google', {
      access_token,
      phone_number: phone,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.auth_token).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is on an authenticated answer, and on its refusal without a token', async () => {
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers: withToken(token),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');

    const refused = await ctx.app.inject({ method: 'GET', url: '/api/customer/profile_customer' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is on every answer to a caller with a token, a public read and a 404 too', async () => {
    const url = '/api/customer/get_move_type';
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    // The public read keeps its revalidation for everyone else.
    expect(anonymous.headers['cache-control']).toBe('public, no-cache');

    const signedIn = await ctx.app.inject({ method: 'GET', url, headers: withToken(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/no_such_call',
      headers: withToken(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('the request log', () => {
  const SECRET = 'Zx9SecretLinkValue0123456789abcdefghijklmnop';
  const lines: string[] = [];
  let logged: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false' });
    logged = await buildApp({
      config,
      database: ctx.database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await logged.ready();
  });
  afterAll(() => logged.close());

  /** The URLs the log kept for requests to `url`. */
  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  it('shows the reset, claim and view links with their token redacted', async () => {
    const urls = [
      `/set-forget-password/${SECRET}`,
      `/claim-request/${SECRET}`,
      `/view-request/${SECRET}`,
      `/sign-confirmation-letter/${SECRET}`,
      `/partner/set-password?token=${SECRET}&from=email`,
      `/dashboard?access_token=${SECRET}`,
    ];
    for (const url of urls) await logged.inject({ method: 'GET', url });

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/set-forget-password/[redacted]',
        '/claim-request/[redacted]',
        '/view-request/[redacted]',
        '/sign-confirmation-letter/[redacted]',
        '/partner/set-password?token=[redacted]&from=email',
        '/dashboard?access_token=[redacted]',
      ]),
    );
  });

  it('keeps the other URLs as they were', async () => {
    await logged.inject({ method: 'GET', url: '/api/customer/get_move_type?lang=en' });
    expect(loggedUrls()).toContain('/api/customer/get_move_type?lang=en');
  });
});

describe('the socket', () => {
  let baseUrl: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });
  const track = (socket: TestSocket) => {
    sockets.push(socket);
    return socket;
  };

  it('takes its token from the handshake’s auth', async () => {
    const socket = track(openSocket(baseUrl, { token, roomId: customer.roomId, type: 1 }));
    await connected(socket);
    expect(socket.connected).toBe(true);
  });

  it('refuses a token in the query string', async () => {
    // As openSocket connects, with the token moved from `auth` into the handshake's URL.
    const socket: TestSocket = track(
      connect(baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        query: { token, room_id: customer.roomId, type: '1' },
        reconnection: false,
        forceNew: true,
        timeout: 5_000,
      }),
    );
    expect(await refusal(socket)).toMatchObject({ code: 401 });
  });
});

describe('the API docs', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://movehub.example',
    JOB_WORKERS: 'false',
  };
  const docsOf = async (app: FastifyInstance) =>
    Promise.all(
      ['/docs', '/docs/json'].map(
        async (url) => (await app.inject({ method: 'GET', url })).statusCode,
      ),
    );

  it('are served outside production', async () => {
    expect(await docsOf(ctx.app)).toEqual([200, 200]);
  });

  it('are off in production', async () => {
    const peer = await buildPeerApp(ctx, production);
    try {
      expect(await docsOf(peer.app)).toEqual([404, 404]);
    } finally {
      await peer.close();
    }
  });

  it('are served in production when API_DOCS_PUBLIC=true', async () => {
    const peer = await buildPeerApp(ctx, { ...production, API_DOCS_PUBLIC: 'true' });
    try {
      expect(await docsOf(peer.app)).toEqual([200, 200]);
    } finally {
      await peer.close();
    }
  });
});
