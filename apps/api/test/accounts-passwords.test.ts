import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_FAILURES_MAX, MSG } from '@movehub/shared';
import { passwordResets } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { buildTestApp, createUser, loginAs, TEST_PASSWORD, type TestContext } from './helper';
import { outboxFor, post, sessionFor, STRONG_PASSWORD, uniqueEmail } from './accounts-helpers';

let ctx: TestContext;
beforeAll(async () => {
  // No waits for an address that keeps failing: these tests count (accounts-limits times them).
  ctx = await buildTestApp({ LOGIN_BACKOFF_BASE_MS: '0' });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'Changed#2026';
const requestReset = (email: string, headers: Record<string, string> = {}) =>
  post(ctx.app, '/app_api/reset_password', { email, user_type: 1 }, headers);
const changePassword = (jwt_token: string, password = NEW_PASSWORD) =>
  post(ctx.app, '/app_api/change_password', { password, confirm_password: password, jwt_token });
const profile = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/customer/profile_customer',
    headers: { 'x-sh-auth': token },
  });

/** The token of the newest reset link emailed to an address. */
async function tokenFromEmail(email: string): Promise<string> {
  const [mail] = await outboxFor(ctx.app, email);
  const token = mail?.body.match(/\/set-forget-password\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

describe('POST /app_api/reset_password', () => {
  it('emails a link to /set-forget-password/{token} and never returns the token', async () => {
    const user = await createUser(ctx.database, { firstName: 'Rosa' });
    const res = await requestReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: MSG.resetLinkSent });

    const [mail] = await outboxFor(ctx.app, user.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Reset your MoveHub password' });
    expect(mail?.body).toContain('Hi Rosa,');
    // No PUBLIC_URL here: the link is on http://HOST:PORT of the configuration.
    expect(mail?.body).toMatch(/http:\/\/127\.0\.0\.1:3000\/set-forget-password\/[\w-]{43}\b/);
    expect(mail?.body).toContain('30 minutes');
    const token = await tokenFromEmail(user.email);
    expect(res.body).not.toContain(token);

    // 256 bits, kept only as a hash, valid 30 minutes.
    const [row] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttl).toBeCloseTo(30, 5);
  });

  it('builds the link from the configuration, never from the Host or forwarded headers', async () => {
    const user = await createUser(ctx.database);
    const res = await requestReset(user.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(ctx.app, user.email);
    expect(mail?.body).toContain('http://127.0.0.1:3000/set-forget-password/');
    expect(mail?.body).not.toContain('evil.example');
  });

  it('answers an unknown email with 400 "Invalid Email" and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await requestReset(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Invalid Email' });
    expect(await outboxFor(ctx.app, email)).toHaveLength(0);
  });

  it('refuses a malformed email with the login message (422)', async () => {
    const res = await requestReset('nope');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.loginEmailInvalid);
  });
});

describe('reset links with PUBLIC_URL set', () => {
  let configured: TestContext;
  beforeAll(async () => {
    configured = await buildTestApp({ PUBLIC_URL: 'https://portal.movehub.test/' });
  });
  afterAll(() => configured.close());

  it('point at PUBLIC_URL whatever Host the request names', async () => {
    const user = await createUser(configured.database);
    const res = await post(
      configured.app,
      '/app_api/reset_password',
      { email: user.email, user_type: 1 },
      { host: 'evil.example' },
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(configured.app, user.email);
    expect(mail?.body).toMatch(/https:\/\/portal\.movehub\.test\/set-forget-password\/[\w-]{43}\b/);
    expect(mail?.body).not.toContain('evil.example');
  });
});

describe('POST /app_api/change_password', () => {
  it('sets the password from the emailed link, once, and ends every session', async () => {
    const user = await createUser(ctx.database);
    const a = await sessionFor(ctx.database, user.id);
    const b = await sessionFor(ctx.database, user.id);
    await requestReset(user.email);
    const token = await tokenFromEmail(user.email);

    const res = await changePassword(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: MSG.passwordChanged });
    expect((await profile(a)).statusCode).toBe(401);
    expect((await profile(b)).statusCode).toBe(401);

    const old = await post(ctx.app, '/app_api/login', {
      email: user.email,
      password: TEST_PASSWORD,
      user_type: 1,
    });
    expect(old.statusCode).toBe(400);
    await loginAs(ctx.app, user.email, NEW_PASSWORD);

    // Single use.
    const again = await changePassword(token, STRONG_PASSWORD);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, message: MSG.resetLinkInvalid });
  });

  it('refuses an expired link, an unknown one, and an older link once a newer was sent', async () => {
    const user = await createUser(ctx.database);
    await requestReset(user.email);
    const older = await tokenFromEmail(user.email);
    await requestReset(user.email);
    const newer = await tokenFromEmail(user.email);
    expect(newer).not.toBe(older);
    expect((await changePassword(older)).json()).toEqual({
      code: 400,
      message: MSG.resetLinkInvalid,
    });

    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(newer)));
    expect((await changePassword(newer)).json().message).toBe(MSG.resetLinkInvalid);
    expect((await changePassword('x'.repeat(43))).statusCode).toBe(400);
  });

  it('checks the new password with the sign-up rules and the confirmation (422)', async () => {
    const weak = await post(ctx.app, '/app_api/change_password', {
      password: 'password',
      confirm_password: 'password',
      jwt_token: 'x',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toBe(MSG.passwordWeak);
    const mismatch = await post(ctx.app, '/app_api/change_password', {
      password: NEW_PASSWORD,
      confirm_password: STRONG_PASSWORD,
      jwt_token: 'x',
    });
    expect(mismatch.json().message).toBe(MSG.passwordMismatch);
  });
});

describe('POST /app_api/update_password', () => {
  const update = (token: string, body: object, remoteAddress = '192.0.2.50') =>
    ctx.app.inject({
      method: 'POST',
      url: '/app_api/update_password',
      payload: body,
      headers: { 'x-sh-auth': token },
      remoteAddress,
    });
  const change = (current_password?: string) => ({
    ...(current_password === undefined ? {} : { current_password }),
    password: NEW_PASSWORD,
    confirm_password: NEW_PASSWORD,
  });
  const passwordMails = async (email: string) =>
    (await outboxFor(ctx.app, email)).filter((m) => /password/i.test(m.subject ?? ''));

  it("changes the password with the current one, ends the user's other sessions and emails the owner", async () => {
    const user = await createUser(ctx.database, { firstName: 'Rosa' });
    const current = await sessionFor(ctx.database, user.id);
    const other = await sessionFor(ctx.database, user.id);
    const res = await update(current, change(TEST_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'Password updated successfully' });
    expect((await profile(current)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    await loginAs(ctx.app, user.email, NEW_PASSWORD);

    const [mail] = await outboxFor(ctx.app, user.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your MoveHub password was changed' });
    expect(mail?.body).toContain('Hi Rosa,');
    expect(mail?.body).toContain('http://127.0.0.1:3000/forget-password');
    expect(mail?.body).not.toContain(NEW_PASSWORD);
  });

  it('refuses a session token without the current password: nothing changes, nothing is sent', async () => {
    const user = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, user.id);
    const other = await sessionFor(ctx.database, user.id);

    const missing = await update(token, change());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, message: MSG.currentPasswordRequired });
    const wrong = await update(token, change('Wrong@1234'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, message: MSG.currentPasswordWrong });

    // The old password still works, the other session lives, and no mail went out.
    expect((await profile(other)).statusCode).toBe(200);
    await loginAs(ctx.app, user.email, TEST_PASSWORD);
    expect(await passwordMails(user.email)).toHaveLength(0);
  });

  it('counts a wrong current password as a failed login of its address: 429 on both calls', async () => {
    const user = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, user.id);
    const address = '192.0.2.51';
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      expect((await update(token, change(`Wrong@${i}000`), address)).statusCode).toBe(400);
    }
    // That address is refused, the right password included, on this call and on the login.
    const refused = await update(token, change(TEST_PASSWORD), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: MSG.tooManyLogins });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/login',
      payload: { email: user.email, password: TEST_PASSWORD, user_type: 1 },
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(429);
    // The owner, from another address, changes it.
    expect((await update(token, change(TEST_PASSWORD), '198.51.100.51')).statusCode).toBe(200);
  });

  it('lets an account made by Google set its first password without a current one', async () => {
    const user = await createUser(ctx.database, { passwordHash: null, loginBy: 'google' });
    const token = await sessionFor(ctx.database, user.id);
    expect((await profile(token)).json().profile).toMatchObject({
      login_by: 'google',
      has_password: false,
    });

    const res = await update(token, change());
    expect(res.statusCode).toBe(200);
    await loginAs(ctx.app, user.email, NEW_PASSWORD);
    const [mail] = await passwordMails(user.email);
    expect(mail?.subject).toBe('A password was added to your MoveHub account');

    // From now on it has one, and changing it needs it.
    expect((await profile(token)).json().profile).toMatchObject({ has_password: true });
    const again = { password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD };
    expect((await update(token, again)).json()).toEqual({
      code: 400,
      message: MSG.currentPasswordRequired,
    });
  });

  it('says in the profile whether a password account has a password', async () => {
    const user = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, user.id);
    expect((await profile(token)).json().profile).toMatchObject({
      login_by: 'app',
      has_password: true,
    });
  });

  it('answers 401 without a live session and 422 for a weak password', async () => {
    const none = await post(ctx.app, '/app_api/update_password', change(TEST_PASSWORD));
    expect(none.statusCode).toBe(401);
    const user = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, user.id);
    const weak = await update(token, {
      current_password: TEST_PASSWORD,
      password: 'short',
      confirm_password: 'short',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toBe(MSG.passwordShort);
  });
});
