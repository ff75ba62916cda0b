import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import { userIdentities, users } from '../src/db/schema';
import { buildTestApp, createUser, type TestContext } from './helper';
import { post, provePhone, uniqueEmail, uniquePhone } from './accounts-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ SOCIAL_SANDBOX: 'true' });
});
afterAll(() => ctx.close());

let subjects = 0;
/** A sandbox token: 'sandbox:<subject>:<email>:<first>:<last>'. */
function sandboxToken(email: string, first = 'Sam', last = 'Lee') {
  subjects += 1;
  return `sandbox:sub-${Date.now()}-${subjects}:${email}:${first}:${last}`;
}
const google = (access_token: string, phone_number = '') =>
  post(ctx.app, '/api/customer/login_by_google', { access_token, phone_number });
const facebook = (access_token: string, phone_number = '') =>
  post(ctx.app, '/api/customer/login_by_facebook', { access_token, phone_number });
const customersWith = (email: string) =>
  ctx.database.db.select().from(users).where(eq(users.email, email));

describe('Google and Facebook sign-in (sandbox verifier)', () => {
  it('asks a new person for a phone, then creates a customer once the phone is verified', async () => {
    const email = uniqueEmail('google');
    const token = sandboxToken(email, 'Sam', 'Lee');

    const first = await google(token);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ code: 400, message: MSG.phoneRequired, phone_required: true });
    expect(await customersWith(email)).toHaveLength(0);

    // A phone that was not verified by code does not pass.
    const phone = uniquePhone();
    const unverified = await google(token, phone);
    expect(unverified.json()).toEqual({ code: 400, message: MSG.phoneNotVerified });

    await provePhone(ctx.app, phone);
    const res = await google(token, phone);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({
      email,
      phone,
      first_name: 'Sam',
      last_name: 'Lee',
      login_by: 'google',
      user_type: 1,
    });
    expect(body.data.user.invite_friend_code).toMatch(/^[A-Z2-9]{8}$/);
    const [row] = await customersWith(email);
    expect(row?.passwordHash).toBeNull();

    // The next sign-in with the same Google account goes straight in, without a phone.
    const again = await google(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(body.data.user.id);
  });

  it('links a new identity to the customer with the same verified email', async () => {
    const existing = await createUser(ctx.database, { phone: uniquePhone() });
    const res = await facebook(sandboxToken(existing.email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: existing.id, login_by: 'app' });
    const links = await ctx.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, existing.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'facebook' })]);
  });

  it('asks a linked customer without a phone for one and stores it', async () => {
    const existing = await createUser(ctx.database);
    const token = sandboxToken(existing.email);
    expect((await google(token)).json().phone_required).toBe(true);
    const phone = uniquePhone();
    await provePhone(ctx.app, phone);
    const res = await google(token, phone);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: existing.id, phone });
  });

  it('refuses a phone that another customer has', async () => {
    const other = await createUser(ctx.database, { phone: uniquePhone() });
    const res = await google(sandboxToken(uniqueEmail()), other.phone ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: MSG.phoneTaken });
  });

  it('answers 400 to a token the provider does not accept', async () => {
    const res = await google('not-a-valid-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.socialTokenInvalid('Google') });
    const fb = await facebook('sandbox:::');
    expect(fb.json()).toEqual({ code: 400, message: MSG.socialTokenInvalid('Facebook') });
  });

  it('answers 400 when the provider shares no email', async () => {
    const res = await google('sandbox:no-email-subject::Sam:Lee');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
  });

  it('requires access_token (422)', async () => {
    const res = await post(ctx.app, '/api/customer/login_by_google', { phone_number: '' });
    expect(res.statusCode).toBe(422);
  });

  it('social accounts cannot change their name or email, but can change their phone', async () => {
    const phone = uniquePhone();
    await provePhone(ctx.app, phone);
    const email = uniqueEmail('social');
    const login = await google(sandboxToken(email, 'Ana', 'Ruiz'), phone);
    const headers = { 'x-sh-auth': login.json().data.auth_token as string };
    const update = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/customer/update_customer', payload, headers });

    for (const change of [
      { first_name: 'Other' },
      { last_name: 'Other' },
      { email: uniqueEmail() },
    ]) {
      const res = await update(change);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: MSG.socialCannotEdit });
    }
    // The same names (the form sends them back) are no change.
    const same = await update({
      first_name: 'Ana',
      last_name: 'Ruiz',
      email,
      how_found_us: 'yelp',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.how_found_us).toBe('yelp');

    const newPhone = uniquePhone();
    await provePhone(ctx.app, newPhone);
    const phoneChange = await update({ phone: newPhone });
    expect(phoneChange.statusCode).toBe(200);
    expect(phoneChange.json().data.phone).toBe(newPhone);
  });
});

describe('without a configured provider', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await buildTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(() => plain.close());

  it('answers 400 "not configured" for Google and Facebook', async () => {
    const g = await post(plain.app, '/api/customer/login_by_google', {
      access_token: 'sandbox:s:a@b.co:A:B',
      phone_number: '',
    });
    expect(g.statusCode).toBe(400);
    expect(g.json()).toEqual({ code: 400, message: MSG.socialNotConfigured('Google') });
    const f = await post(plain.app, '/api/customer/login_by_facebook', {
      access_token: 'whatever',
      phone_number: '',
    });
    expect(f.json()).toEqual({ code: 400, message: MSG.socialNotConfigured('Facebook') });
  });

  it('reports no client ids in social_config', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/app_api/social_config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, google_client_id: null, facebook_app_id: null });
  });
});
