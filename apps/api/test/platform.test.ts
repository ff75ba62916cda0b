import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../src/modules/outbox/outbox.service';
import { buildTestApp, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, (app) => {
    app.get('/api/test/explode', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
  });
});
afterAll(() => ctx.close());

describe('the response envelope', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    for (const url of ['/api/customer/nope', '/app_api/nope', '/api']) {
      const res = await ctx.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'The requested resource was not found.' });
    }
  });

  it('hides the details of an unexpected fault behind a 500 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('secret');
  });
});

describe('operations', () => {
  it('reports health with the database it uses', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'ok', database: ctx.database.kind });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('serves the OpenAPI document generated from the shared schemas, and its UI', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/app_api/login',
        '/app_api/log_out',
        '/api/customer/profile_customer',
        '/api/customer/get_customer_request',
      ]),
    );
    const login = doc.paths['/app_api/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('user_type');
    const ui = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('GET /dev/outbox', () => {
  it('lists what was sent to an address, newest first, in any letter case', async () => {
    const log = ctx.app.log;
    await enqueueMessage({
      db: ctx.database.db,
      log,
      message: { channel: 'email', to: 'Pat@Example.com', subject: 'First', body: 'one' },
    });
    await enqueueMessage({
      db: ctx.database.db,
      log,
      message: { channel: 'sms', to: '+13105550101', body: 'code 123456' },
    });
    await enqueueMessage({
      db: ctx.database.db,
      log,
      message: { channel: 'email', to: 'pat@example.com', subject: 'Second', body: 'two' },
    });

    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox?to=pat@example.com' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(body.messages[0]).toEqual({
      channel: 'email',
      to: 'pat@example.com',
      subject: 'Second',
      body: 'two',
      attachments: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const sms = (
      await ctx.app.inject({ method: 'GET', url: '/dev/outbox?to=%2B13105550101' })
    ).json();
    expect(sms.messages).toEqual([
      expect.objectContaining({ channel: 'sms', subject: null, body: 'code 123456' }),
    ]);
    // The same phone typed unencoded (its '+' arrives as a space) or as it is shown.
    for (const to of ['+13105550101', '(310)%20555-0101', '310-555-0101']) {
      const found = (await ctx.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` })).json();
      expect(found.messages, to).toHaveLength(1);
    }
  });

  it('requires the to parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(422);
  });
});

describe('production mode', () => {
  it('has no /dev/outbox route', async () => {
    const prod = await buildTestApp({
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://movehub.example',
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox?to=a@b.co' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
