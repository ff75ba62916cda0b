import { deflateSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { TimelineStatus, UserType } from '@movehub/shared';
import {
  companyProfiles,
  notifications,
  outbox,
  requests,
  requestTimeline,
  sessions,
} from '../src/db/schema';
import { LETTER_TEXT } from '../src/modules/letter/letter.service';
import { REQUEST_NOT_FOUND } from '../src/domain/request/lifecycle';
import { hashToken, newToken } from '../src/lib/tokens';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';
import { FIXTURE_ZIP, lifecycle } from './lifecycle';

/*
 * The confirmation letter of a direct request (spec §2 "Confirmation letter
 * signing", §7; decision 016): the company sends it with its rates (0 → 3, additional_status 0),
 * the customer (or the holder of the public link) reads it and signs, a PDF is stored and the
 * request moves to additional_status 1.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());
const life = lifecycle(() => ctx);

/** A real PNG of width × height black pixels, built by hand (no image library needed). */
function png(width = 40, height = 20): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0xff)]);
  for (let x = 0; x < width; x++) row[1 + x * 4] = row[2 + x * 4] = row[3 + x * 4] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const signature = `data:image/png;base64,${png().toString('base64')}`;

const HOURLY = {
  rate_method: 'Hourly',
  cash_payment_rate: 120,
  card_payment_rate: 130.5,
  minimum_hours: 3,
  payment_method: 'Cash',
} as const;

/** A live session of the user (logging in through the call would meet its rate limit). */
async function sessionOf(userId: number): Promise<string> {
  const token = newToken();
  await ctx.database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return token;
}

async function fixture(opts: { template?: string } = {}) {
  const company = await createUser(ctx.database, {
    userType: UserType.company,
    firstName: 'Letter',
    lastName: 'Movers',
  });
  await ctx.database.db.insert(companyProfiles).values({
    userId: company.id,
    name: 'Letter Movers Inc',
    phone: '+13105550100',
    email: 'office@letter-movers.test',
    letterTemplate: opts.template ?? null,
  });
  const customer = await createUser(ctx.database, { firstName: 'Robin', lastName: 'Signer' });
  const request = await createRequest(ctx.database, {
    customerId: customer.id,
    requestType: 1,
    companyId: company.id,
    contactFirstName: 'Robin',
    contactLastName: 'Signer',
    contactEmail: customer.email,
  });
  const companyToken = await sessionOf(company.id);
  const customerToken = await sessionOf(customer.id);
  return { company, customer, request, companyToken, customerToken };
}

const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { 'x-sh-auth': token } : {},
  });
const send = (payload: object, token: string) =>
  post('/api/company/send_confirmation_letter', payload, token);
const getLetter = (payload: object, token?: string) =>
  post('/api/company/get_confirmation_letter', payload, token);
const sign = (payload: object, token?: string) =>
  post('/api/company/attach_signature_make_confirmation_letter_pdf', payload, token);

const rowOf = async (id: number) =>
  (await ctx.database.db.select().from(requests).where(eq(requests.id, id)))[0];

describe('send_confirmation_letter', () => {
  it('sets the rates and moves the direct request to 3 with additional_status 0, telling the customer', async () => {
    const f = await fixture();
    const res = await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      request_id: f.request.id,
      request_timeline_status: TimelineStatus.paid,
      additional_status: 0,
    });
    const row = await rowOf(f.request.id);
    expect(row).toMatchObject({
      rateMethod: 'Hourly',
      paymentMethod: 'Cash',
      cashPaymentRateCents: 12_000,
      cardPaymentRateCents: 13_050,
      minimumHours: 3,
      cashMinFlatRateCents: null,
    });
    const timeline = await ctx.database.db
      .select()
      .from(requestTimeline)
      .where(eq(requestTimeline.requestId, f.request.id));
    expect(timeline.map((t) => t.activityTitle)).toContain(LETTER_TEXT.timelineSent);
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, f.customer.id));
    expect(notes.map((n) => n.messageBody)).toContain(
      LETTER_TEXT.customerNotice('Letter Movers Inc', f.request.id),
    );
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, f.customer.email));
    expect(
      mails.some((m) => m.body.includes(`/sign-confirmation-letter/${f.request.publicAccessLink}`)),
    ).toBe(true);

    // The detail shows the direct price lines.
    const detail = await post(
      '/api/customer/customer_request_detail',
      { request_id: f.request.id },
      f.customerToken,
    );
    expect(detail.json().data.request).toMatchObject({
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130.5,
      minimum_hours: 3,
      payment_method: 'Cash',
    });
    expect(detail.json().data.confirmation_letter_pdf).toBeNull();
  });

  it('takes flat rates as min - max and refuses a max below its min (422)', async () => {
    const f = await fixture();
    const bad = await send(
      {
        request_id: f.request.id,
        rate_method: 'Flat',
        cash_min_flat_rate: 900,
        cash_max_flat_rate: 800,
        card_min_flat_rate: 950,
        card_max_flat_rate: 1000,
      },
      f.companyToken,
    );
    expect(bad.statusCode).toBe(422);
    const missing = await send({ request_id: f.request.id, rate_method: 'Hourly' }, f.companyToken);
    expect(missing.statusCode).toBe(422);
    const ok = await send(
      {
        request_id: f.request.id,
        rate_method: 'Flat',
        cash_min_flat_rate: 800,
        cash_max_flat_rate: 900,
        card_min_flat_rate: 850,
        card_max_flat_rate: '950.50',
      },
      f.companyToken,
    );
    expect(ok.statusCode).toBe(200);
    expect(await rowOf(f.request.id)).toMatchObject({
      rateMethod: 'Flat',
      cashMinFlatRateCents: 80_000,
      cardMaxFlatRateCents: 95_050,
      cashPaymentRateCents: null,
    });
  });

  it("is the request's company's only: another company 404, a non-direct request 422", async () => {
    const f = await fixture();
    const other = await fixture();
    const res = await send({ request_id: f.request.id, ...HOURLY }, other.companyToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(REQUEST_NOT_FOUND);
    // A marketplace request the company won: its price is the bid's, it has no letter.
    await life.ok('POST', '/api/company/add_zip_code', f.companyToken, { zip_code: FIXTURE_ZIP });
    const plain = await life.requestAt({
      status: TimelineStatus.awaitingPayment,
      customer: { user: f.customer, token: f.customerToken },
      company: {
        user: f.company,
        name: 'Letter Movers Inc',
        token: f.companyToken,
        foremen: [],
        trucks: [],
      },
    });
    const notDirect = await send({ request_id: plain.id, ...HOURLY }, f.companyToken);
    expect(notDirect.statusCode).toBe(422);
    expect(notDirect.json().message).toBe(LETTER_TEXT.notDirect);
    expect((await rowOf(f.request.id))?.timelineStatus).toBe(TimelineStatus.awaitingResponse);
  });
});

describe('get_confirmation_letter', () => {
  it('returns the filled letter, sanitised: a <script> in the template never comes back', async () => {
    const f = await fixture({
      template:
        '<p onclick="steal()">Dear {{customer_name}}</p><script>alert(1)</script>{{rate_lines}}<a href="javascript:x">link</a><p>{{company_name}}</p>',
    });
    await ctx.database.db
      .update(requests)
      .set({ contactFirstName: '<img src=x onerror=alert(2)>' })
      .where(eq(requests.id, f.request.id));
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const res = await getLetter({ request_id: f.request.id }, f.customerToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.confirmation_letter).not.toMatch(
      /<script|onclick|<img|javascript:|<a |alert\(1\)/i,
    );
    expect(body.confirmation_letter).toContain('Cash Hour Rate: $120.00');
    expect(body.confirmation_letter).toContain('Letter Movers Inc');
    expect(body.confirmation_letter).toContain('&lt;img');
    expect(body.get_request).toMatchObject({
      id: f.request.id,
      request_timeline_status: TimelineStatus.paid,
      additional_status: 0,
      confirmation_letter_pdf: null,
    });
  });

  it('is open to the holder of the public link, and 404 to another customer or a wrong link', async () => {
    const f = await fixture();
    const stranger = await fixture();
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const byLink = await getLetter({
      request_id: f.request.id,
      public_access_link: f.request.publicAccessLink,
    });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().confirmation_letter).toContain('Robin Signer');
    // The company's phone as every screen prints it.
    expect(byLink.json().confirmation_letter).toContain('(310) 555-0100');
    // The public page knows only the link: it names the request.
    const linkOnly = await getLetter({ public_access_link: f.request.publicAccessLink });
    expect(linkOnly.statusCode).toBe(200);
    expect(linkOnly.json().get_request.id).toBe(f.request.id);
    expect((await getLetter({ public_access_link: 'no-such-link' })).statusCode).toBe(404);
    expect((await getLetter({})).statusCode).toBe(422);
    const other = await getLetter({ request_id: f.request.id }, stranger.customerToken);
    expect(other.statusCode).toBe(404);
    const wrongLink = await getLetter({
      request_id: f.request.id,
      public_access_link: stranger.request.publicAccessLink,
    });
    expect(wrongLink.statusCode).toBe(404);
    const deadToken = await getLetter({ request_id: f.request.id }, 'x'.repeat(43));
    expect(deadToken.statusCode).toBe(401);
  });

  it('answers 409 before the letter is sent', async () => {
    const f = await fixture();
    const res = await getLetter({ request_id: f.request.id }, f.customerToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LETTER_TEXT.notSent);
  });
});

describe('attach_signature_make_confirmation_letter_pdf', () => {
  it('stores a real PDF with the letter, the signer and the signature, and sets additional_status 1', async () => {
    const f = await fixture();
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const res = await sign(
      { request_id: f.request.id, signature_path: signature },
      f.customerToken,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.additional_status).toBe(1);
    expect(data.confirmation_letter_pdf).toMatch(/^\/uploads\/[a-f0-9]{32}\.pdf$/);

    // The stored file, served by the storage adapter's route.
    const file = await ctx.app.inject({ method: 'GET', url: data.confirmation_letter_pdf });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    expect(pdf.getSubject()).toContain('Robin Signer');
    expect(pdf.getSubject()).toContain(`#${f.request.id}`);
    const objects = pdf.context.enumerateIndirectObjects();
    const images = objects.filter(
      ([, obj]) =>
        obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
    expect(images.length).toBeGreaterThan(0);

    const row = await rowOf(f.request.id);
    expect(row).toMatchObject({
      additionalStatus: 1,
      timelineStatus: TimelineStatus.paid,
      letterSignerName: 'Robin Signer',
      letterPdfUrl: data.confirmation_letter_pdf,
    });
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, f.company.id));
    expect(notes.map((n) => n.messageBody)).toContain(
      LETTER_TEXT.companyNotice('Robin Signer', f.request.id),
    );
    // The detail links the PDF.
    const detail = await post(
      '/api/customer/customer_request_detail',
      { request_id: f.request.id },
      f.customerToken,
    );
    expect(detail.json().data.confirmation_letter_pdf).toBe(data.confirmation_letter_pdf);
    expect(detail.json().data.additional_status).toBe(1);

    // Signed once: a second signature is a conflict, and the letter cannot be re-sent.
    const again = await sign(
      { request_id: f.request.id, signature_path: signature },
      f.customerToken,
    );
    expect(again.statusCode).toBe(409);
    const resend = await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    expect(resend.statusCode).toBe(409);
  });

  it('signs through the public link with its owner signed in, not through the link alone', async () => {
    // The request is in the customer's account: the link alone no longer signs in their name
    // (decision 037; an unclaimed request's link signs: claimed-links.test.ts).
    const f = await fixture();
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const body = {
      request_id: f.request.id,
      signature_path: signature,
      public_access_link: f.request.publicAccessLink,
    };
    const alone = await sign(body);
    expect(alone.statusCode).toBe(401);
    expect(alone.json().message).toBe(LETTER_TEXT.logInToSign);
    expect((await rowOf(f.request.id))?.additionalStatus).toBe(0);
    const res = await sign(body, f.customerToken);
    expect(res.statusCode).toBe(200);
    expect((await rowOf(f.request.id))?.additionalStatus).toBe(1);
  });

  it('refuses what is not a PNG data URL (422) and changes nothing', async () => {
    const f = await fixture();
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const gif = Buffer.from('GIF89a....................................').toString('base64');
    const bigPng = png(5000, 1);
    const cases: [string, number][] = [
      ['data:image/jpeg;base64,AAAA', 422],
      ['not a data url', 422],
      [`data:image/png;base64,${gif}`, 422],
      [`data:image/png;base64,${bigPng.toString('base64')}`, 422],
      // PNG magic and header, then garbage: pdf-lib cannot read it.
      [
        `data:image/png;base64,${Buffer.concat([png().subarray(0, 33), Buffer.from('garbage')]).toString('base64')}`,
        422,
      ],
    ];
    for (const [dataUrl, status] of cases) {
      const res = await sign(
        { request_id: f.request.id, signature_path: dataUrl },
        f.customerToken,
      );
      expect(res.statusCode, dataUrl.slice(0, 40)).toBe(status);
    }
    const huge = await sign(
      { request_id: f.request.id, signature_path: `data:image/png;base64,${'A'.repeat(600_000)}` },
      f.customerToken,
    );
    expect(huge.statusCode).toBe(422);
    expect((await rowOf(f.request.id))?.additionalStatus).toBe(0);
  });

  it("is 404 for another customer's request and leaves it unsigned", async () => {
    const f = await fixture();
    const stranger = await fixture();
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const res = await sign(
      { request_id: f.request.id, signature_path: signature },
      stranger.customerToken,
    );
    expect(res.statusCode).toBe(404);
    const anonymous = await sign({ request_id: f.request.id, signature_path: signature });
    expect(anonymous.statusCode).toBe(404);
    expect((await rowOf(f.request.id))?.additionalStatus).toBe(0);
  });

  it('signs once when two signatures race; the loser’s file is removed', async () => {
    const f = await fixture();
    await send({ request_id: f.request.id, ...HOURLY }, f.companyToken);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sign({ request_id: f.request.id, signature_path: signature }, f.customerToken),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    const dir = (ctx.app.storage as unknown as { dir?: string }).dir;
    if (dir) {
      const url = (await rowOf(f.request.id))?.letterPdfUrl as string;
      await expect(readFile(path.join(dir, url.split('/').pop() as string))).resolves.toBeTruthy();
    }
  });
});
