import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONSENT_COOKIE } from '@movehub/shared';
import { moveTypes } from '../src/db/schema';
import { catalogueChanged } from '../src/modules/catalogue/catalogue.service';
import { setSetting } from '../src/modules/settings/settings.service';
import { buildTestApp, type TestContext } from './helper';

/*
 * A built web app as the build leaves it (apps/web/build/precompress.ts): a fingerprinted
 * script with its .br and .gz copies, index.html with its copies, and a small file without.
 * Each copy holds different bytes so a test sees which one was sent.
 */
const SCRIPT = 'assets/index-Ab12Cd34.js';
const webDist = mkdtempSync(path.join(tmpdir(), 'movehub-web-dist-'));
const plain = {
  script: `console.log(${JSON.stringify('x'.repeat(2000))});`,
  index: `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head></html>`,
};
/** A text file as the build leaves it: plain, with its brotli and gzip copies beside it. */
function writeWithCopies(file: string, body: string): void {
  writeFileSync(path.join(webDist, file), body);
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(body));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(body));
}
mkdirSync(path.join(webDist, 'assets'));
writeWithCopies(SCRIPT, plain.script);
writeWithCopies('index.html', plain.index);
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// Two prerendered entry pages and a request's detail (apps/web/build/prerender.ts), each with and
// without the cookie notice, with their copies.
const prerendered = {
  login: page('Login', 'Cookie consent'),
  loginConsented: page('Login', ''),
  wizard: page('Move', 'Cookie consent'),
  wizardConsented: page('Move', ''),
  detail: page('Request DETAIL', 'Cookie consent'),
  detailConsented: page('Request DETAIL', ''),
};
function page(screen: string, notice: string): string {
  return plain.index.replace(
    '</html>',
    `<body><div id="root" data-prerendered>${screen}${notice}</div></body></html>`,
  );
}
mkdirSync(path.join(webDist, 'prerendered'));
writeFileSync(
  path.join(webDist, 'prerendered/pages.json'),
  JSON.stringify({
    '/login': {
      firstVisit: 'prerendered/login.html',
      consented: 'prerendered/login.consented.html',
    },
    '/create-request': {
      firstVisit: 'prerendered/create-request.html',
      consented: 'prerendered/create-request.consented.html',
    },
    // An address with an id: any digits there.
    '/dashboard/my-requests/:requestId': {
      firstVisit: 'prerendered/detail.html',
      consented: 'prerendered/detail.consented.html',
    },
    // Listed, but its files are not there: the address gets index.html.
    '/register': {
      firstVisit: 'prerendered/register.html',
      consented: 'prerendered/register.consented.html',
    },
  }),
);
for (const [file, html] of [
  ['login.html', prerendered.login],
  ['login.consented.html', prerendered.loginConsented],
  ['create-request.html', prerendered.wizard],
  ['create-request.consented.html', prerendered.wizardConsented],
  ['detail.html', prerendered.detail],
  ['detail.consented.html', prerendered.detailConsented],
] as const) {
  writeWithCopies(`prerendered/${file}`, html);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const IMMUTABLE = 'public, max-age=31536000, immutable';
const BROWSER = 'gzip, deflate, br, zstd';

describe('the built web app', () => {
  it('sends a script as its brotli copy when the browser accepts br, cached for a year', async () => {
    const res = await get(`/${SCRIPT}`, { 'accept-encoding': BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(plain.script))).toBe(true);
  });

  it('sends the gzip copy to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gz.rawPayload.equals(gzipSync(plain.script))).toBe(true);

    const identity = await get(`/${SCRIPT}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['cache-control']).toBe(IMMUTABLE);
    expect(identity.body).toBe(plain.script);
  });

  it('sends index.html compressed but always revalidated, at / and at every screen path', async () => {
    for (const url of [
      '/',
      '/dashboard/my-requests',
      '/create-request/swift-movers-sales',
      '/register',
      // Not an id where the prerendered detail's address has one.
      '/dashboard/my-requests/abc',
      '/dashboard/my-requests/:requestId',
      '/dashboard/my-requests/tracking-location/42',
    ]) {
      const res = await get(url, { 'accept-encoding': BROWSER });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.rawPayload.equals(brotliCompressSync(plain.index)), url).toBe(true);
    }
  });

  it('sends a prerendered entry page at its address, compressed and revalidated', async () => {
    for (const [url, html] of [
      ['/login', prerendered.login],
      ['/login/', prerendered.login],
      ['/login?next=1', prerendered.login],
      ['/create-request', prerendered.wizard],
      ['/dashboard/my-requests/42', prerendered.detail],
      ['/dashboard/my-requests/7/', prerendered.detail],
    ] as const) {
      const res = await get(url, { 'accept-encoding': BROWSER });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding.*cookie/i);
      expect(res.rawPayload.equals(brotliCompressSync(html)), url).toBe(true);
    }
    expect((await get('/login')).body).toBe(prerendered.login);
  });

  it('sends the page without the cookie notice to a visitor whose cookie says it was accepted', async () => {
    for (const [cookie, html] of [
      [`${CONSENT_COOKIE}=1`, prerendered.loginConsented],
      [`theme=dark; ${CONSENT_COOKIE}=1; lang=en`, prerendered.loginConsented],
      [`${CONSENT_COOKIE}=0`, prerendered.login],
      [`x${CONSENT_COOKIE}=1`, prerendered.login],
    ] as const) {
      expect((await get('/login', { cookie })).body, cookie).toBe(html);
    }
    expect((await get('/create-request', { cookie: `${CONSENT_COOKIE}=1` })).body).toBe(
      prerendered.wizardConsented,
    );
    expect((await get('/dashboard/my-requests/42', { cookie: `${CONSENT_COOKIE}=1` })).body).toBe(
      prerendered.detailConsented,
    );
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('revalidated reads', () => {
  const reads = [
    { method: 'GET', url: '/api/customer/get_move_type' },
    { method: 'POST', url: '/api/customer/get_item_categories_by_type', payload: { type: '1' } },
    { method: 'POST', url: '/api/customer/get_item', payload: { type: '1' } },
    { method: 'POST', url: '/api/customer/get_item', payload: { type: '2' } },
    {
      method: 'POST',
      url: '/api/customer/get_item_by_category_id',
      payload: { type: '', category_id: 1 },
    },
    { method: 'GET', url: '/api/admin/get_setting' },
    { method: 'GET', url: '/api/geo/config' },
  ] as const;

  it.each(reads)(
    '$method $url answers 304 with no body when If-None-Match names its ETag',
    async (read) => {
      const first = await ctx.app.inject(read);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');

      const again = await ctx.app.inject({ ...read, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      // A browser's weak form of the same tag, and a list holding it, match as well.
      const weak = await ctx.app.inject({
        ...read,
        headers: { 'if-none-match': `"other", W/${String(etag)}` },
      });
      expect(weak.statusCode).toBe(304);
    },
  );

  it('keeps the catalogue answer until the catalogue is changed, then answers 200 with a new ETag', async () => {
    const read = { method: 'GET', url: '/api/customer/get_move_type' } as const;
    const before = await ctx.app.inject(read);
    const [first] = await ctx.database.db.select().from(moveTypes).limit(1);
    if (!first) throw new Error('no move type seeded');
    const db = ctx.database.db;
    try {
      await db
        .update(moveTypes)
        .set({ name: `${first.name} (edited)` })
        .where(eq(moveTypes.id, first.id));
      // Written behind the catalogue's back: the kept answer is still served (SharedAnswers).
      const kept = await ctx.app.inject(read);
      expect(kept.body).toBe(before.body);
      expect(kept.headers.etag).toBe(before.headers.etag);

      catalogueChanged({ db });
      const after = await ctx.app.inject({
        ...read,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body).toContain('(edited)');
      const again = await ctx.app.inject({
        ...read,
        headers: { 'if-none-match': String(after.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await db.update(moveTypes).set({ name: first.name }).where(eq(moveTypes.id, first.id));
      catalogueChanged({ db });
    }
  });

  it('keeps each catalogue read apart: items by type and by category', async () => {
    const body = async (url: string, payload: object) =>
      (await ctx.app.inject({ method: 'POST', url, payload })).json() as {
        data: { items: { type: string; category_id: number }[] };
      };
    const regular = await body('/api/customer/get_item', { type: '1' });
    const extra = await body('/api/customer/get_item', { type: '2' });
    expect(regular.data.items.every((item) => item.type === '1')).toBe(true);
    expect(extra.data.items.every((item) => item.type === '2')).toBe(true);
    const categoryId = regular.data.items[0]!.category_id;
    const other = regular.data.items.find((item) => item.category_id !== categoryId)!.category_id;
    for (const id of [categoryId, other]) {
      const items = await body('/api/customer/get_item_by_category_id', {
        type: '',
        category_id: id,
      });
      expect(items.data.items.length).toBeGreaterThan(0);
      expect(items.data.items.every((item) => item.category_id === id)).toBe(true);
    }
  });

  it('answers 200 with a new ETag once a setting is edited', async () => {
    const read = { method: 'GET', url: '/api/admin/get_setting' } as const;
    const before = await ctx.app.inject(read);
    await setSetting({ db: ctx.database.db, key: 'about', html: '<p>Edited about text</p>' });
    const after = await ctx.app.inject({
      ...read,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Edited about text');
  });

  it('leaves a refused read without an ETag', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/get_item',
      payload: { type: '9' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers.etag).toBeUndefined();
  });
});
