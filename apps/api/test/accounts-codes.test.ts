import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import { verificationCodes } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import {
  ageCodes,
  latestCode,
  outboxFor,
  post,
  sendEmailCode,
  sendPhoneCode,
  uniqueEmail,
  uniquePhone,
} from './accounts-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const verifyEmail = (email: string, code: string) =>
  post(ctx.app, '/app_api/verify_code_send_on_email', { email, code });
const codesOf = (target: string) =>
  ctx.database.db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.target, target))
    .orderBy(desc(verificationCodes.id));
/** A 6-digit code that is not the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verification codes', () => {
  it('are 6 digits, stored only as a hash, valid 10 minutes', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const code = await latestCode(ctx.app, email);
    const [row] = await codesOf(email);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttl).toBeCloseTo(10, 5);
  });

  it('a wrong code answers 400 and changes nothing but the attempt count', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const code = await latestCode(ctx.app, email);
    const [before] = await codesOf(email);

    const res = await verifyEmail(email, wrong(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.codeInvalid });
    const [after] = await codesOf(email);
    expect(after).toEqual({ ...before, attempts: 1 });

    expect((await verifyEmail(email, code)).statusCode).toBe(200);
  });

  it('is dead after 5 wrong tries, even for the right code', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const code = await latestCode(ctx.app, email);
    for (let i = 0; i < 5; i++) {
      expect((await verifyEmail(email, wrong(code))).json().message).toBe(MSG.codeInvalid);
    }
    const res = await verifyEmail(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.codeTooManyAttempts });
    expect((await codesOf(email))[0]).toMatchObject({ attempts: 5, verifiedAt: null });
  });

  it('counts concurrent wrong guesses one by one', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const code = await latestCode(ctx.app, email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        verifyEmail(email, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    );
    const messages = answers.map((r) => r.json().message);
    expect(messages.filter((m) => m === MSG.codeInvalid)).toHaveLength(5);
    expect(messages.filter((m) => m === MSG.codeTooManyAttempts)).toHaveLength(3);
  });

  it('expires: after its 10 minutes the right code answers 400 expired', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const code = await latestCode(ctx.app, email);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, email));
    const res = await verifyEmail(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.codeExpired });
  });

  it('is single use', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const code = await latestCode(ctx.app, email);
    expect((await verifyEmail(email, code)).statusCode).toBe(200);
    const again = await verifyEmail(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(400);
  });

  it('answers 400 when no code was sent to the address', async () => {
    const res = await verifyEmail(uniqueEmail(), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.codeInvalid });
  });

  it('refuses a code that is not 6 digits (422)', async () => {
    const res = await verifyEmail(uniqueEmail(), '12345');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.codeFormat);
  });

  it('a new code kills the older one', async () => {
    const email = uniqueEmail();
    await sendEmailCode(ctx.app, email);
    const first = await latestCode(ctx.app, email);
    await ageCodes(ctx.database, email, 2);
    await sendEmailCode(ctx.app, email);
    const second = await latestCode(ctx.app, email);
    if (first !== second) expect((await verifyEmail(email, first)).statusCode).toBe(400);
    expect((await verifyEmail(email, second)).statusCode).toBe(200);
    const [, older] = await codesOf(email);
    expect(older?.verifiedAt).toBeNull();
    expect(older!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('sends at most 1 code a minute per address (429 with Retry-After)', async () => {
    const email = uniqueEmail();
    expect((await sendEmailCode(ctx.app, email)).statusCode).toBe(200);
    const res = await sendEmailCode(ctx.app, email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, message: MSG.codeTooSoon });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await outboxFor(ctx.app, email)).toHaveLength(1);
    // Another address is not affected.
    expect((await sendEmailCode(ctx.app, uniqueEmail())).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour per address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      expect((await sendEmailCode(ctx.app, email)).statusCode).toBe(200);
      await ageCodes(ctx.database, email, 2);
    }
    const res = await sendEmailCode(ctx.app, email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, message: MSG.codeHourLimit });
    const retryAfter = Number(res.headers['retry-after']);
    // The oldest of the five was sent 10 minutes ago: it leaves the hour in 50 minutes.
    expect(retryAfter).toBeGreaterThan(2900);
    expect(retryAfter).toBeLessThanOrEqual(3000);

    // Once the oldest is more than an hour old, a code can be sent again.
    await ageCodes(ctx.database, email, 51);
    expect((await sendEmailCode(ctx.app, email)).statusCode).toBe(200);
  });

  it('apply to phone codes by SMS as well', async () => {
    const phone = uniquePhone();
    expect((await sendPhoneCode(ctx.app, phone)).statusCode).toBe(200);
    expect((await sendPhoneCode(ctx.app, phone)).statusCode).toBe(429);
    const code = await latestCode(ctx.app, phone);
    const verify = (c: string) =>
      post(ctx.app, '/app_api/verify_code_send_on_phone_number', { phonenumber: phone, code: c });
    expect((await verify(wrong(code))).json().message).toBe(MSG.codeInvalid);
    expect((await verify(code)).json()).toEqual({ code: 200, message: MSG.phoneVerified });
    expect((await verify(code)).statusCode).toBe(400);
  });

  it('refuses a phone that is not +1 and ten digits, and any channel but sms', async () => {
    const bad = await post(ctx.app, '/app_api/send_verification_code_on_ph_number', {
      phonenumber: '3105550142',
      channel: 'sms',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MSG.phoneInvalid);
    const voice = await post(ctx.app, '/app_api/send_verification_code_on_ph_number', {
      phonenumber: uniquePhone(),
      channel: 'voice',
    });
    expect(voice.statusCode).toBe(422);
  });
});
