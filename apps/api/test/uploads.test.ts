import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { eq, notLike, sql } from 'drizzle-orm';
import { MSG, UPLOAD_MAX_BYTES } from '@movehub/shared';
import { companyProfiles, requestItemImages, requestItems, uploads } from '../src/db/schema';
import { uploadSlots } from '../src/modules/uploads/upload-slots';
import {
  REJECTED_NAME_PREFIX,
  UPLOAD_CLEANUP_JOB,
  UPLOAD_QUOTA_EXCEEDED,
  UPLOAD_STORAGE_FULL,
} from '../src/modules/uploads/uploads.service';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';

// A real 1×1 PNG, and the magic bytes of the other accepted formats followed by filler.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0])]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.from([
    0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0,
  ]),
]);

const FILE_URL = /^\/uploads\/[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

let ctx: TestContext;
let dataDir: string;
let uploadDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'movehub-uploads-'));
  uploadDir = path.join(dataDir, 'uploads');
  ctx = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface FilePart {
  bytes: Buffer;
  name?: string;
  type?: string;
}

function form(file?: FilePart, fields: Record<string, string> = {}, field = 'upload_file') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) {
    fd.append(
      field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'photo.png',
    );
  }
  return fd;
}

const upload = (payload: FormData | Buffer | object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/app_api/upload_s3_file',
    payload: payload as never,
    headers,
  });

const storedFiles = () => readdirSync(uploadDir).sort();

/** A GET that sends the path exactly as written (no dot-segment resolution, no re-encoding). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(base), { path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('POST /app_api/upload_s3_file', () => {
  it('accepts a PNG without a token and serves it back with its type, nosniff and a long cache', async () => {
    const res = await upload(form({ bytes: PNG }, { upload_type: 'profile' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      code: 200,
      message: 'Success',
      file_url: expect.stringMatching(FILE_URL),
    });
    expect(body.file_url).toMatch(/\.png$/);

    const served = await ctx.app.inject({ method: 'GET', url: body.file_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const name = body.file_url.slice('/uploads/'.length);
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.fileName, name));
    expect(row).toMatchObject({
      contentType: 'image/png',
      sizeBytes: PNG.length,
      uploadType: 'profile',
    });
  });

  it.each([
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['GIF', GIF, 'gif', 'image/gif'],
    ['WebP', WEBP, 'webp', 'image/webp'],
  ])('accepts a %s and names it by the detected type', async (_label, bytes, ext, mime) => {
    // The declared name and type are wrong on purpose: only the bytes count.
    const res = await upload(
      form({ bytes, name: 'picture.bmp', type: 'application/octet-stream' }),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().file_url;
    expect(url).toMatch(new RegExp(`\\.${ext}$`));
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe(mime);
  });

  it('uses upload_type when given and profile by default', async () => {
    const item = (await upload(form({ bytes: PNG }, { upload_type: 'item' }))).json();
    const plain = (await upload(form({ bytes: PNG }))).json();
    const typeOf = async (url: string) => {
      const [row] = await ctx.database.db
        .select({ t: uploads.uploadType })
        .from(uploads)
        .where(eq(uploads.fileName, url.slice('/uploads/'.length)));
      return row?.t;
    };
    expect(await typeOf(item.file_url)).toBe('item');
    expect(await typeOf(plain.file_url)).toBe('profile');
  });

  it('refuses an unknown upload_type with 422', async () => {
    const res = await upload(form({ bytes: PNG }, { upload_type: 'avatar' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, errors: [{ path: 'upload_type' }] });
  });

  it('gives every file a new random name, never the client’s', async () => {
    const a = (await upload(form({ bytes: PNG, name: 'me.png' }))).json().file_url;
    const b = (await upload(form({ bytes: PNG, name: 'me.png' }))).json().file_url;
    expect(a).toMatch(FILE_URL);
    expect(b).toMatch(FILE_URL);
    expect(a).not.toBe(b);
    expect(a).not.toContain('me');
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, honestly'), 'notes.png', 'image/png'],
    [
      'an HTML page named .jpg',
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      'cat.jpg',
      'image/jpeg',
    ],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'scan.png', 'image/png'],
  ])('refuses %s and stores nothing', async (_label, bytes, name, type) => {
    const before = storedFiles();
    const res = await upload(form({ bytes, name, type }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.uploadNotImage });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a 6 MB image with 400, leaving no file and no row of a file behind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const filesBefore = storedFiles();
    const fileRows = () =>
      ctx.database.db
        .select()
        .from(uploads)
        .where(notLike(uploads.fileName, `${REJECTED_NAME_PREFIX}%`));
    const rowsBefore = (await fileRows()).length;
    // Streamed (no Content-Length): the parser's own 5 MB limit stops it.
    const res = await upload(form({ bytes: big }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.uploadTooLarge });
    expect(storedFiles()).toEqual(filesBefore);
    expect(await fileRows()).toHaveLength(rowsBefore);
  });

  it('refuses an announced oversize body before reading it', async () => {
    const boundary = 'movehubboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="upload_file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      PNG,
      Buffer.alloc(UPLOAD_MAX_BYTES + 200 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await upload(body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.uploadTooLarge });
  });

  it('accepts an image of just under 5 MB', async () => {
    const res = await upload(
      form({ bytes: Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES - PNG.length)]) }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a form without a file', () => form(undefined, { upload_type: 'profile' })],
    ['an empty file (no file chosen)', () => form({ bytes: Buffer.alloc(0), name: '' })],
    ['the file under another field name', () => form({ bytes: PNG }, {}, 'file')],
    ['a JSON body', () => ({ upload_file: 'iVBORw0KGgo=' })],
  ])('answers %s with 400 and the missing-file message', async (_label, payload) => {
    const res = await upload(payload());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.uploadMissing });
  });

  it('refuses two files in one form', async () => {
    const fd = form({ bytes: PNG });
    fd.append('upload_file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
    const res = await upload(fd);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('answers a malformed multipart body with 400, not 500', async () => {
    const res = await upload(
      Buffer.from('--x\r\nContent-Disposition: form-data; name="upload_file"'),
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('keeps a traversal attempt in the file name inside the upload folder', async () => {
    const res = await upload(form({ bytes: PNG, name: '../../../evil.png' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().file_url).toMatch(FILE_URL);
    expect(readdirSync(dataDir).sort()).toEqual(['uploads']);
  });
});

describe('GET /uploads/<name>', () => {
  it('answers an unknown file with the 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.png` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: MSG.notFound });
  });

  it('lists no directory', async () => {
    for (const url of ['/uploads', '/uploads/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe(404);
    }
  });

  it('serves nothing outside the upload folder or not made by the server', async () => {
    writeFileSync(path.join(dataDir, 'secret.png'), PNG);
    writeFileSync(path.join(uploadDir, 'planted.html'), '<script>alert(1)</script>');
    writeFileSync(path.join(uploadDir, `.${'a'.repeat(32)}.png.tmp`), PNG);
    const paths = [
      '/uploads/../secret.png',
      '/uploads/..%2fsecret.png',
      '/uploads/%2e%2e%2fsecret.png',
      '/uploads/%2e%2e/secret.png',
      '/uploads/..%5csecret.png',
      '/uploads/planted.html',
      `/uploads/.${'a'.repeat(32)}.png.tmp`,
      '/uploads/%00.png',
    ];
    // Over a real socket: app.inject would resolve the dots before the server saw them.
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const real = (await upload(form({ bytes: PNG }))).json().file_url as string;
    expect((await rawGet(base, real)).status).toBe(200);
    for (const rawPath of paths) {
      const res = await rawGet(base, rawPath);
      expect(res.status, rawPath).toBe(404);
      expect(JSON.parse(res.body), rawPath).toEqual({ code: 404, message: MSG.notFound });
    }
  });
});

describe('the per-IP ceiling of uploads', () => {
  it('answers 429 with Retry-After once an address passes the limit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'movehub-uploads-limit-'));
    const limited = await buildTestApp({ DATA_DIR: dir, IP_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/app_api/upload_s3_file',
          payload: form({ bytes: PNG }) as never,
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: 429, message: MSG.tooManyRequests });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A PNG padded to about `mb` megabytes: an image by its bytes, large enough to count. */
const pngOf = (mb: number) => Buffer.concat([PNG, Buffer.alloc(Math.round(mb * 1024 * 1024))]);

describe('the hourly byte quota of an address', () => {
  let limited: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'movehub-uploads-quota-'));
    // The smallest quota allowed: one full-size upload an hour.
    limited = await buildTestApp({
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      UPLOAD_QUOTA_BYTES_PER_HOUR: String(UPLOAD_MAX_BYTES),
    });
  });
  afterAll(async () => {
    await limited.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const send = (bytes: Buffer, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/app_api/upload_s3_file',
      payload: form({ bytes }) as never,
      remoteAddress,
    });

  it('answers 429 with Retry-After in the envelope once an address has sent its bytes for the hour', async () => {
    expect((await send(pngOf(3), '10.0.0.1')).statusCode).toBe(200);
    const res = await send(pngOf(3), '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, message: UPLOAD_QUOTA_EXCEEDED });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(readdirSync(path.join(dir, 'uploads'))).toHaveLength(1);
  });

  it('refuses over the quota before it inspects the bytes', async () => {
    // Not an image: past the quota the answer is still 429, so the image check never ran.
    const res = await send(Buffer.alloc(3 * 1024 * 1024, 'a'), '10.0.0.1');
    expect(res.statusCode).toBe(429);
  });

  it('refuses an announced body over the quota before reading it', async () => {
    // A body that announces its size and would not even parse: 429, not 400, so it was not read.
    const res = await limited.app.inject({
      method: 'POST',
      url: '/app_api/upload_s3_file',
      payload: Buffer.alloc(3 * 1024 * 1024, 'x'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(429);
  });

  it('counts each address apart', async () => {
    expect((await send(pngOf(3), '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts the bytes of refused uploads, so an address sending only refused files reaches 429', async () => {
    // Not images, 2 MB each: refused, but received, so they use up the 5 MB of the hour.
    const junk = Buffer.alloc(2 * 1024 * 1024, 'a');
    expect((await send(junk, '10.0.0.3')).statusCode).toBe(400);
    expect((await send(junk, '10.0.0.3')).statusCode).toBe(400);
    const res = await send(pngOf(2), '10.0.0.3');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, message: UPLOAD_QUOTA_EXCEEDED });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(readdirSync(path.join(dir, 'uploads')).filter((f) => !f.startsWith('.'))).toHaveLength(
      2,
    );
  });

  it('counts the bytes of an oversize upload cut off at 5 MB', async () => {
    // Streamed without a length, so only reading finds it too large; what was read counts.
    expect((await send(pngOf(6), '10.0.0.4')).statusCode).toBe(400);
    expect((await send(pngOf(1), '10.0.0.4')).statusCode).toBe(429);
  });
});

describe('the ceiling of all stored uploads', () => {
  let full: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'movehub-uploads-full-'));
    full = await buildTestApp({
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      UPLOAD_STORAGE_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    });
  });
  afterAll(async () => {
    await full.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 507 in the envelope, to every address, once storage holds its ceiling', async () => {
    const send = (remoteAddress: string) =>
      full.app.inject({
        method: 'POST',
        url: '/app_api/upload_s3_file',
        payload: form({ bytes: pngOf(3) }) as never,
        remoteAddress,
      });
    expect((await send('10.0.1.1')).statusCode).toBe(200);
    for (const address of ['10.0.1.1', '10.0.1.2']) {
      const res = await send(address);
      expect(res.statusCode, address).toBe(507);
      expect(res.json(), address).toEqual({ code: 507, message: UPLOAD_STORAGE_FULL });
    }
    expect(readdirSync(path.join(dir, 'uploads'))).toHaveLength(1);
  });
});

describe('the clean-up of unreferenced uploads', () => {
  const nameOf = (url: string) => url.slice('/uploads/'.length);
  const uploadOne = async () => {
    const res = await upload(form({ bytes: PNG }));
    expect(res.statusCode).toBe(200);
    return res.json().file_url as string;
  };
  const age = (url: string, hours: number) =>
    ctx.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(uploads.fileName, nameOf(url)));
  const stored = async (url: string) => {
    const rows = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, nameOf(url)));
    return rows.length === 1 && existsSync(path.join(uploadDir, nameOf(url)));
  };

  it('deletes an upload nothing references after 24 hours and keeps pictures, item photos and young files', async () => {
    const [orphan, profile, company, item, young] = await Promise.all(
      Array.from({ length: 5 }, uploadOne),
    );
    for (const url of [orphan, profile, company, item]) await age(url!, 25);
    await age(young!, 23);

    const customer = await createUser(ctx.database, { profilePicture: profile });
    const mover = await createUser(ctx.database, { userType: 2 });
    await ctx.database.db
      .insert(companyProfiles)
      .values({ userId: mover.id, name: 'Swift', profilePicture: `/uploads/${nameOf(company!)}` });
    const request = await createRequest(ctx.database, { customerId: customer.id });
    const [line] = await ctx.database.db
      .insert(requestItems)
      .values({ requestId: request.id, name: 'Sofa', quantity: 1, type: '1', position: 0 })
      .returning();
    await ctx.database.db
      .insert(requestItemImages)
      .values({ requestItemId: line!.id, imageUrl: item! });

    await ctx.app.jobs.send(UPLOAD_CLEANUP_JOB);
    expect(await ctx.app.jobs.runDue(UPLOAD_CLEANUP_JOB)).toBe(1);

    expect(await stored(orphan!)).toBe(false);
    expect(existsSync(path.join(uploadDir, nameOf(orphan!)))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: orphan! })).statusCode).toBe(404);
    for (const kept of [profile, company, item, young])
      expect(await stored(kept!), kept).toBe(true);
  });
});

describe('uploads processed at once', () => {
  const boundary = 'movehubslots';
  /** An upload whose body arrives only when the test says so: it holds its turn till then. */
  function heldUpload(remoteAddress: string) {
    const body = new PassThrough();
    body.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    body.write(PNG.subarray(0, 8));
    const response = ctx.app.inject({
      method: 'POST',
      url: '/app_api/upload_s3_file',
      payload: body as never,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress,
    });
    const finish = () => {
      body.end(Buffer.concat([PNG.subarray(8), Buffer.from(`\r\n--${boundary}--\r\n`)]));
      return response;
    };
    return { response, finish };
  }

  async function until(condition: () => boolean) {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(condition()).toBe(true);
  }

  it('runs at most 4 uploads at once; the others wait their turn and all are stored', async () => {
    uploadSlots.resetPeak();
    const held = Array.from({ length: 10 }, (_, i) => heldUpload(`10.0.2.${i + 1}`));
    await until(() => uploadSlots.load.running === 4 && uploadSlots.load.waiting === 6);
    const results = await Promise.all(held.map((h) => h.finish()));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(uploadSlots.peak).toBe(4);
    expect(uploadSlots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 503 with Retry-After when 4 run and 16 wait', async () => {
    const held = Array.from({ length: 20 }, (_, i) => heldUpload(`10.0.3.${i + 1}`));
    await until(() => uploadSlots.load.running === 4 && uploadSlots.load.waiting === 16);
    const res = await upload(form({ bytes: PNG }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, message: MSG.serverBusy });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const results = await Promise.all(held.map((h) => h.finish()));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });

  it('stores a streamed upload of several megabytes intact', async () => {
    // Random bytes after a PNG header, sent in 16 KB pieces as a socket delivers them: any piece
    // lost, doubled or reordered would show.
    const bytes = Buffer.concat([PNG, randomBytes(4 * 1024 * 1024 + 12345)]);
    const whole = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="upload_file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const pieces = Array.from({ length: Math.ceil(whole.length / 16384) }, (_, i) =>
      whole.subarray(i * 16384, (i + 1) * 16384),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/upload_s3_file',
      payload: Readable.from(pieces) as never,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().file_url;
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.rawPayload.length).toBe(bytes.length);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // No temporary file left beside it.
    expect(storedFiles().filter((f) => f.startsWith('.upload-'))).toEqual([]);
  });
});
