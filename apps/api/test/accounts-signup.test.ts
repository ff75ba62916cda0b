import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import { isUniqueViolation } from '../src/db/locks';
import { referrals, users, verificationCodes } from '../src/db/schema';
import { DEMO_CUSTOMER } from '../src/db/seed/demo';
import { buildTestApp, createUser, type TestContext } from './helper';
import {
  outboxFor,
  latestCode,
  post,
  proveEmail,
  provePhone,
  sendEmailCode,
  signUpForm,
  STRONG_PASSWORD,
  uniqueEmail,
  uniquePhone,
} from './accounts-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const register = (form: object) => post(ctx.app, '/api/customer/register_customer', form);
const usersWithEmail = (email: string) =>
  ctx.database.db.select().from(users).where(eq(users.email, email));

describe('POST /app_api/validateEmailandPhone', () => {
  it('answers 200 when the email and the phone are free', async () => {
    const res = await post(ctx.app, '/app_api/validateEmailandPhone', {
      email: uniqueEmail(),
      phone: uniquePhone(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: MSG.emailAndPhoneAvailable });
  });

  it("answers 409 when a customer has the email (any case) or the phone, and ignores other user types' emails", async () => {
    const taken = await post(ctx.app, '/app_api/validateEmailandPhone', {
      email: DEMO_CUSTOMER.email.toUpperCase(),
      phone: '',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 409, message: MSG.emailTaken });

    const phone = await post(ctx.app, '/app_api/validateEmailandPhone', {
      email: uniqueEmail(),
      phone: DEMO_CUSTOMER.phone,
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ code: 409, message: MSG.phoneTaken });

    const company = await createUser(ctx.database, { userType: 2 });
    const free = await post(ctx.app, '/app_api/validateEmailandPhone', { email: company.email });
    expect(free.statusCode).toBe(200);
  });

  it('refuses a malformed email or phone with the spec messages', async () => {
    const email = await post(ctx.app, '/app_api/validateEmailandPhone', { email: 'rosa@' });
    expect(email.statusCode).toBe(422);
    expect(email.json().message).toBe('Please enter a valid email.');
    const phone = await post(ctx.app, '/app_api/validateEmailandPhone', {
      email: uniqueEmail(),
      phone: '+1310555',
    });
    expect(phone.json().message).toBe('Please enter a valid phone number.');
  });
});

describe('sign-up (validate, email code, phone code, register_customer)', () => {
  it('creates the customer from verified codes read in the outbox and signs it in', async () => {
    const form = signUpForm({ email: uniqueEmail('Rosa').toUpperCase(), phone: uniquePhone() });
    const email = form.email.toLowerCase();

    expect(
      (await post(ctx.app, '/app_api/validateEmailandPhone', { email, phone: form.phone }))
        .statusCode,
    ).toBe(200);

    const sent = await sendEmailCode(ctx.app, form.email, 'Rosa');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ code: 200, message: MSG.emailCodeSent });
    const [mail] = await outboxFor(ctx.app, email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your MoveHub verification code' });
    expect(mail?.body).toContain('Hi Rosa,');
    expect(mail?.body).toContain('10 minutes');
    const emailCode = await latestCode(ctx.app, email);
    expect(emailCode).toMatch(/^\d{6}$/);
    const verified = await post(ctx.app, '/app_api/verify_code_send_on_email', {
      email: form.email,
      code: emailCode,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ code: 200, message: MSG.emailVerified });

    const smsSent = await post(ctx.app, '/app_api/send_verification_code_on_ph_number', {
      phonenumber: form.phone,
      channel: 'sms',
    });
    expect(smsSent.json()).toEqual({ code: 200, message: MSG.phoneCodeSent });
    const [sms] = await outboxFor(ctx.app, form.phone as string);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect(sms?.body).toMatch(/MoveHub/);
    const phoneVerified = await post(ctx.app, '/app_api/verify_code_send_on_phone_number', {
      phonenumber: form.phone,
      code: await latestCode(ctx.app, form.phone as string),
    });
    expect(phoneVerified.json()).toEqual({ code: 200, message: MSG.phoneVerified });

    const res = await register({ ...form, first_name: ' Rosa ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, message: MSG.registered });
    expect(body.data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Diaz',
      email,
      phone: form.phone,
      how_found_us: 'google',
      login_by: 'app',
      user_type: 1,
      profile_picture: null,
    });
    expect(body.data.user.invite_friend_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.data.user.room_id).toMatch(/^[0-9a-f-]{36}$/);

    // The token is a live session, and the password works for the next login.
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/profile_customer',
      headers: { 'x-sh-auth': body.data.auth_token },
    });
    expect(profile.json().profile.email).toBe(email);
    const login = await post(ctx.app, '/app_api/login', {
      email,
      password: STRONG_PASSWORD,
      user_type: 1,
    });
    expect(login.statusCode).toBe(200);

    // Both proofs are spent.
    const proofs = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(proofs.every((p) => p.consumedAt !== null)).toBe(true);
    const [row] = await usersWithEmail(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses to register without a verified email (400) and writes nothing', async () => {
    const form = signUpForm();
    const res = await register(form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.emailNotVerified });
    expect(await usersWithEmail(form.email)).toHaveLength(0);

    // A code sent but not verified proves nothing either.
    await sendEmailCode(ctx.app, form.email);
    expect((await register(form)).json().message).toBe(MSG.emailNotVerified);
  });

  it('refuses a phone without a verified phone code, leaving the email proof unspent', async () => {
    const form = signUpForm({ phone: uniquePhone() });
    await proveEmail(ctx.app, form.email);
    const res = await register(form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.phoneNotVerified });
    expect(await usersWithEmail(form.email)).toHaveLength(0);

    // Without the phone the same (still unspent) email proof is enough.
    expect((await register({ ...form, phone: '' })).statusCode).toBe(200);
  });

  it('accepts an email proof for 30 minutes after its verification only', async () => {
    const form = signUpForm();
    await proveEmail(ctx.app, form.email);
    await ctx.database.db
      .update(verificationCodes)
      .set({ verifiedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(verificationCodes.target, form.email));
    expect((await register(form)).json().message).toBe(MSG.emailNotVerified);
  });

  it('answers 409 when the email or the phone belongs to a customer', async () => {
    const existing = await createUser(ctx.database, { phone: uniquePhone() });
    await proveEmail(ctx.app, existing.email);
    const taken = await register(signUpForm({ email: existing.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 409, message: MSG.emailTaken });
    const form = signUpForm({ phone: existing.phone });
    await proveEmail(ctx.app, form.email);
    await provePhone(ctx.app, existing.phone!);
    const phone = await register(form);
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ code: 409, message: MSG.phoneTaken });
  });

  it('answers 422 with the spec message for a weak password or a mismatched confirmation', async () => {
    const weak = await register(
      signUpForm({ password: 'abcdefgh1', confirm_password: 'abcdefgh1' }),
    );
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toBe(MSG.passwordWeak);
    const mismatch = await register(signUpForm({ confirm_password: 'Other@2026' }));
    expect(mismatch.json().message).toBe(MSG.passwordMismatch);
  });
});

describe('referral at sign-up', () => {
  it('records the referral when reference_code is a customer’s invite code', async () => {
    const referrer = await createUser(ctx.database);
    const form = signUpForm({ reference_code: referrer.inviteFriendCode?.toLowerCase() });
    await proveEmail(ctx.app, form.email);
    const res = await register(form);
    expect(res.statusCode).toBe(200);
    const userId = res.json().data.user.id as number;
    const [row] = await usersWithEmail(form.email);
    expect(row?.referredById).toBe(referrer.id);
    const recorded = await ctx.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredId, userId));
    expect(recorded).toEqual([
      expect.objectContaining({
        referrerId: referrer.id,
        code: referrer.inviteFriendCode,
        discountRequestId: null,
      }),
    ]);
  });

  it('refuses an unknown code with 400 and writes nothing (the proof stays usable)', async () => {
    const form = signUpForm({ reference_code: 'NOPE2345' });
    await proveEmail(ctx.app, form.email);
    const before = (await ctx.database.db.select().from(referrals)).length;
    const res = await register(form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.referralInvalid });
    expect(await usersWithEmail(form.email)).toHaveLength(0);
    expect((await ctx.database.db.select().from(referrals)).length).toBe(before);
    const [proof] = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, form.email)));
    expect(proof?.consumedAt).toBeNull();

    const withoutCode = await register({ ...form, reference_code: '' });
    expect(withoutCode.statusCode).toBe(200);
    expect(withoutCode.json().data.user.invite_friend_code).not.toBe('NOPE2345');
  });
});

describe('isUniqueViolation', () => {
  it("recognises this database driver's unique violation by index name", async () => {
    const user = await createUser(ctx.database);
    let error: unknown;
    try {
      await createUser(ctx.database, { email: user.email });
    } catch (err) {
      error = err;
    }
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_type_uq')).toBe(true);
    expect(isUniqueViolation(error, 'users_room_id_uq')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});
