import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  COMPANY_PROFILE_TEXT as TEXT,
  MSG,
  TimelineStatus,
  UserType,
  type CompanyProfile,
} from '@movehub/shared';
import {
  companyForemen,
  companyProfiles,
  companyTrucks,
  notifications,
  passwordResets,
  requests,
  users,
} from '../src/db/schema';
import { PROFILE_PICTURE_INVALID } from '../src/modules/accounts/profile.service';
import { FOREMAN_TEXT } from '../src/modules/company-profile/company-profile.service';
import { outboxFor, sessionFor, STRONG_PASSWORD, uniqueEmail } from './accounts-helpers';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';
import { FIXTURE_ZIP, lifecycle, serviceDay, type Company, type Status } from './lifecycle';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    PUBLIC_URL: 'https://movehub.example',
    IP_RATE_LIMIT_PER_MINUTE: '10000',
  });
});
afterAll(() => ctx.close());

/** A company with a profile row, signed in. */
async function company(name = 'Swift Movers') {
  const user = await createUser(ctx.database, {
    userType: UserType.company,
    email: uniqueEmail('company'),
  });
  await ctx.database.db.insert(companyProfiles).values({ userId: user.id, name });
  const token = await sessionFor(ctx.database, user.id);
  const call = (path: string, payload: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/company/${path}`,
      payload,
      headers: { 'x-sh-auth': token },
    });
  return { user, token, call };
}

const profileOf = (res: { json(): unknown }) => (res.json() as { data: CompanyProfile }).data;

const setPassword = (token: string, password = STRONG_PASSWORD, confirm = password) =>
  ctx.app.inject({
    method: 'POST',
    url: '/app_api/set_foreman_password',
    payload: { token, password, confirm_password: confirm },
  });

/** The token of the newest invitation emailed to an address. */
async function inviteToken(email: string): Promise<string> {
  const [mail] = await outboxFor(ctx.app, email);
  const token = mail?.body.match(/\/partner\/set-password\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation for ${email}`);
  return token;
}

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPicture(): Promise<string> {
  const fd = new FormData();
  fd.append('upload_type', 'profile');
  fd.append('upload_file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/app_api/upload_s3_file',
    payload: fd as never,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { file_url: string }).file_url;
}

const life = lifecycle(() => ctx);

/**
 * A job of the company's brought to `status` through the calls: a customer sends a request in the
 * fixture zip (which the company now serves), the company wins it, the customer pays, the company
 * assigns the foreman and the truck, and move day goes on from there.
 */
async function job(
  c: Awaited<ReturnType<typeof company>>,
  status: Status,
  crew: { foremanId: number; truckId: number },
) {
  await c.call('add_zip_code', { zip_code: FIXTURE_ZIP });
  const [foreman] = await ctx.database.db.select().from(users).where(eq(users.id, crew.foremanId));
  const trucks = await ctx.database.db
    .select()
    .from(companyTrucks)
    .where(eq(companyTrucks.id, crew.truckId));
  const mover: Company = {
    user: c.user,
    name: 'Swift Movers',
    token: c.token,
    foremen: [{ user: foreman!, token: await life.tokenOf(crew.foremanId) }],
    trucks,
  };
  const customer = await life.customer();
  // Due tomorrow: the crew may start it (decision 042).
  const { id } = await life.requestAt({
    status,
    customer,
    company: mover,
    moveDate: serviceDay(1),
  });
  return { id, mover, customer };
}

describe('POST /api/company/profile', () => {
  it("answers the company's profile with its zip codes, trucks and foremen", async () => {
    const { user, call } = await company('Swift Movers');
    const foreman = await createUser(ctx.database, {
      userType: UserType.foreman,
      email: uniqueEmail('foreman'),
      firstName: 'Carlos',
      lastName: 'Ramirez',
    });
    await ctx.database.db.insert(companyForemen).values({ userId: foreman.id, companyId: user.id });
    await call('add_zip_code', { zip_code: '90012' });
    await call('add_truck', { name: 'Truck A' });

    const res = await call('profile');
    expect(res.statusCode).toBe(200);
    const profile = profileOf(res);
    expect(profile).toMatchObject({
      id: user.id,
      name: 'Swift Movers',
      email: user.email,
      zip_codes: ['90012'],
      truck_count: 1,
      trucks: [{ name: 'Truck A', is_active: true }],
      foremen: [
        {
          id: foreman.id,
          first_name: 'Carlos',
          last_name: 'Ramirez',
          email: foreman.email,
          status: 'active',
        },
      ],
    });
  });

  it('shows a company without a profile row under its account name', async () => {
    const user = await createUser(ctx.database, {
      userType: UserType.company,
      email: uniqueEmail('bare'),
      firstName: 'Bare',
      lastName: 'Co',
    });
    const token = await sessionFor(ctx.database, user.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/profile',
      headers: { 'x-sh-auth': token },
    });
    expect(res.statusCode).toBe(200);
    expect(profileOf(res)).toMatchObject({ name: 'Bare Co', trucks: [], foremen: [] });
  });
});

describe('POST /api/company/update_profile', () => {
  it('changes name, about, phone and picture, and leaves absent fields as they are', async () => {
    const { user, call } = await company();
    const picture = await uploadPicture();
    const res = await call('update_profile', {
      name: ' Swift Movers LA ',
      about: 'Family run since 1998.\nFully insured.',
      phone: '+13105550142',
      profile_picture: picture,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, message: TEXT.profileUpdated });
    expect(profileOf(res)).toMatchObject({
      name: 'Swift Movers LA',
      about: 'Family run since 1998.\nFully insured.',
      phone: '+13105550142',
      profile_picture: picture,
    });

    const kept = await call('update_profile', { about: '' });
    expect(profileOf(kept)).toMatchObject({
      name: 'Swift Movers LA',
      about: null,
      phone: '+13105550142',
      profile_picture: picture,
    });
    const removed = await call('update_profile', { profile_picture: null });
    expect(profileOf(removed).profile_picture).toBeNull();
    const [row] = await ctx.database.db
      .select()
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, user.id));
    expect(row).toMatchObject({ name: 'Swift Movers LA', profilePicture: null });
  });

  it('refuses a picture that is not an upload of ours, as the customer profile does', async () => {
    const { call } = await company();
    for (const link of ['https://evil.example/x.png', '//evil.example/x.png', 'x.png']) {
      const res = await call('update_profile', { profile_picture: link });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: PROFILE_PICTURE_INVALID });
    }
    expect(profileOf(await call('profile')).profile_picture).toBeNull();
  });

  it('answers 422 for a blank name, a bad phone or control characters', async () => {
    const { call } = await company();
    for (const body of [{ name: '   ' }, { phone: '310-555' }, { about: 'a\u0000b' }]) {
      const res = await call('update_profile', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 422 });
    }
  });
});

describe('served zip codes', () => {
  it('adds and removes a zip code; a second add is 409 and removing one not served is 404', async () => {
    const { call } = await company();
    expect(profileOf(await call('add_zip_code', { zip_code: '90402' })).zip_codes).toEqual([
      '90402',
    ]);
    expect(profileOf(await call('add_zip_code', { zip_code: ' 90012 ' })).zip_codes).toEqual([
      '90012',
      '90402',
    ]);
    const again = await call('add_zip_code', { zip_code: '90402' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: TEXT.zipAlreadyServed });

    const removed = await call('remove_zip_code', { zip_code: '90402' });
    expect(removed.statusCode).toBe(200);
    expect(profileOf(removed).zip_codes).toEqual(['90012']);
    const gone = await call('remove_zip_code', { zip_code: '90402' });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 422 for anything but five digits', async () => {
    const { call } = await company();
    for (const zip of ['9001', '900123', 'ABCDE', '']) {
      const res = await call('add_zip_code', { zip_code: zip });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, message: MSG.zipRequired });
    }
  });
});

describe('trucks', () => {
  it('adds, renames, deactivates and removes a truck, keeping truck_count in step', async () => {
    const { user, call } = await company();
    const added = profileOf(await call('add_truck', { name: 'Box truck 26ft' }));
    const truck = added.trucks[0]!;
    expect(added.truck_count).toBe(1);
    await call('add_truck', { name: 'Van' });

    const renamed = await call('update_truck', { truck_id: truck.id, name: 'Big box' });
    expect(renamed.statusCode).toBe(200);
    const off = profileOf(await call('update_truck', { truck_id: truck.id, is_active: false }));
    expect(off.trucks.find((t) => t.id === truck.id)).toEqual({
      id: truck.id,
      name: 'Big box',
      is_active: false,
    });

    const removed = await call('remove_truck', { truck_id: truck.id });
    expect(removed.statusCode).toBe(200);
    expect(profileOf(removed).trucks.map((t) => t.name)).toEqual(['Van']);
    const [row] = await ctx.database.db
      .select({ truckCount: companyProfiles.truckCount })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, user.id));
    expect(row?.truckCount).toBe(1);
  });

  it("cannot touch another company's truck: 404 and the truck stays as it was", async () => {
    const a = await company();
    const b = await company();
    const truck = profileOf(await b.call('add_truck', { name: "B's truck" })).trucks[0]!;
    for (const [path, body] of [
      ['update_truck', { truck_id: truck.id, name: 'Mine now' }],
      ['update_truck', { truck_id: truck.id, is_active: false }],
      ['remove_truck', { truck_id: truck.id }],
    ] as const) {
      const res = await a.call(path, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: TEXT.truckNotFound });
    }
    expect(profileOf(await b.call('profile')).trucks).toEqual([truck]);
  });

  it('refuses to remove a truck assigned to an unfinished job (409) but not to a finished one', async () => {
    const mine = await company();
    const { call } = mine;
    const truck = profileOf(await call('add_truck', { name: 'Busy' })).trucks[0]!;
    const email = uniqueEmail('driver');
    await call('invite_foreman', { email, first_name: 'Dee', last_name: 'Driver' });
    const foremanId = profileOf(await call('profile')).foremen[0]!.id;
    const busy = await job(mine, TimelineStatus.truckAssigned, { foremanId, truckId: truck.id });
    const res = await call('remove_truck', { truck_id: truck.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: TEXT.truckBusy });
    expect(profileOf(await call('profile')).trucks).toHaveLength(1);

    // The move is made and the customer confirms it.
    await life.start(busy.mover, busy.id);
    await life.complete(busy.mover, busy.id);
    await life.confirm(busy.customer, busy.id);
    const removed = await call('remove_truck', { truck_id: truck.id });
    expect(removed.statusCode).toBe(200);
    expect(profileOf(removed).truck_count).toBe(0);
  });

  it('answers 422 for a blank name, an update with nothing to change or a bad id', async () => {
    const { call } = await company();
    const truck = profileOf(await call('add_truck', { name: 'T' })).trucks[0]!;
    for (const [path, body] of [
      ['add_truck', { name: '  ' }],
      ['add_truck', {}],
      ['update_truck', { truck_id: truck.id }],
      ['update_truck', { truck_id: 'abc', name: 'x' }],
      ['remove_truck', { truck_id: 2 ** 31 }],
    ] as const) {
      const res = await call(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(422);
    }
  });
});

describe('foremen: invite, set password, remove', () => {
  it('invites a foreman by email; he sets his password from the link, is signed in and can log in', async () => {
    const { user, call } = await company('Swift Movers');
    const email = uniqueEmail('carlos');
    const res = await call('invite_foreman', {
      email: email.toUpperCase(),
      first_name: 'Carlos',
      last_name: 'Ramirez',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, message: TEXT.foremanInvited });
    const invited = profileOf(res).foremen.find((f) => f.email === email)!;
    expect(invited).toMatchObject({
      first_name: 'Carlos',
      last_name: 'Ramirez',
      status: 'invited',
    });

    const [mail] = await outboxFor(ctx.app, email);
    expect(mail?.subject).toBe('Swift Movers invites you to MoveHub');
    expect(mail?.body).toContain('Hi Carlos,');
    expect(mail?.body).toMatch(
      /https:\/\/movehub\.example\/partner\/set-password\?token=[\w-]{43}\b/,
    );
    expect(mail?.body).toContain('7 days');
    const token = await inviteToken(email);
    expect(res.body).not.toContain(token);

    // No password yet: he cannot sign in.
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/login',
      payload: { email, password: STRONG_PASSWORD, user_type: UserType.foreman },
    });
    expect(before.statusCode).toBe(400);

    const set = await setPassword(token);
    expect(set.statusCode).toBe(200);
    const body = set.json() as { message: string; data: { auth_token: string; user: object } };
    expect(body.message).toBe(TEXT.foremanPasswordSet);
    expect(body.data.user).toMatchObject({ id: invited.id, user_type: UserType.foreman, email });
    const move = await ctx.app.inject({
      method: 'POST',
      url: '/api/foreman/post_location',
      payload: {},
      headers: { 'x-sh-auth': body.data.auth_token },
    });
    // The session is a foreman's: a foreman-only call lets it through to its own checks.
    expect([401, 403]).not.toContain(move.statusCode);

    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notice?.messageBody).toBe(FOREMAN_TEXT.joined('Carlos Ramirez'));

    const token2 = await loginAs(ctx.app, email, STRONG_PASSWORD, UserType.foreman);
    expect(token2).toBeTruthy();
    const after = profileOf(await call('profile')).foremen.find((f) => f.id === invited.id);
    expect(after?.status).toBe('active');
    const [link] = await ctx.database.db
      .select()
      .from(companyForemen)
      .where(eq(companyForemen.userId, invited.id));
    expect(link?.companyId).toBe(user.id);
  });

  it('the link works once, and not after it expired', async () => {
    const { call } = await company();
    const email = uniqueEmail('once');
    await call('invite_foreman', { email, first_name: 'Jamie', last_name: 'Lee' });
    const token = await inviteToken(email);
    expect((await setPassword(token)).statusCode).toBe(200);
    const again = await setPassword(token, 'Another#2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, message: TEXT.inviteLinkInvalid });

    const late = uniqueEmail('late');
    const invited = await call('invite_foreman', {
      email: late,
      first_name: 'Kim',
      last_name: 'Ng',
    });
    const id = profileOf(invited).foremen.find((f) => f.email === late)!.id;
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, id));
    const expired = await setPassword(await inviteToken(late));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 400, message: TEXT.inviteLinkInvalid });
  });

  it('the invitation lasts 7 days and keeps only the hash of its token', async () => {
    const { call } = await company();
    const email = uniqueEmail('ttl');
    const res = await call('invite_foreman', { email, first_name: 'Ana', last_name: 'Diaz' });
    const id = profileOf(res).foremen.find((f) => f.email === email)!.id;
    const [row] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, id));
    const token = await inviteToken(email);
    expect(row?.tokenHash).not.toBe(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
  });

  it('re-inviting a foreman still invited sends a new link and voids the old one', async () => {
    const { call } = await company();
    const email = uniqueEmail('again');
    await call('invite_foreman', { email, first_name: 'Sam', last_name: 'Hart' });
    const first = await inviteToken(email);
    const res = await call('invite_foreman', { email, first_name: 'Samuel', last_name: 'Hart' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: TEXT.foremanReinvited });
    const foremen = profileOf(res).foremen.filter((f) => f.email === email);
    expect(foremen).toHaveLength(1);
    expect(foremen[0]?.first_name).toBe('Samuel');
    const second = await inviteToken(email);
    expect(second).not.toBe(first);
    expect((await setPassword(first)).statusCode).toBe(400);
    expect((await setPassword(second)).statusCode).toBe(200);
    // Active now: inviting him again is a conflict.
    const active = await call('invite_foreman', { email, first_name: 'Sam', last_name: 'Hart' });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({ code: 409, message: TEXT.foremanAlreadyActive });
  });

  it("refuses (409) an email any account uses already, another company's foreman included", async () => {
    const a = await company();
    const b = await company();
    const customer = await createUser(ctx.database, { email: uniqueEmail('customer') });
    const res = await a.call('invite_foreman', {
      email: customer.email,
      first_name: 'Casey',
      last_name: 'Tester',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: TEXT.inviteEmailTaken });
    expect(await outboxFor(ctx.app, customer.email)).toEqual([]);

    const email = uniqueEmail('theirs');
    await b.call('invite_foreman', { email, first_name: 'Theo', last_name: 'Their' });
    const stolen = await a.call('invite_foreman', { email, first_name: 'Theo', last_name: 'Mine' });
    expect(stolen.statusCode).toBe(409);
    expect(profileOf(await a.call('profile')).foremen).toEqual([]);
    expect(profileOf(await b.call('profile')).foremen[0]?.last_name).toBe('Their');
  });

  it('answers 422 for a bad email or names', async () => {
    const { call } = await company();
    for (const body of [
      { email: 'not-an-email', first_name: 'Ana', last_name: 'Diaz' },
      { email: uniqueEmail(), first_name: 'A', last_name: 'Diaz' },
      { email: uniqueEmail(), first_name: 'Ana', last_name: '' },
      { email: uniqueEmail(), first_name: '<b>Ana</b>', last_name: 'Diaz' },
    ]) {
      const res = await call('invite_foreman', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('set_foreman_password checks the password rules and its confirmation', async () => {
    const { call } = await company();
    const email = uniqueEmail('rules');
    await call('invite_foreman', { email, first_name: 'Rui', last_name: 'Sa' });
    const token = await inviteToken(email);
    const weak = await setPassword(token, 'password');
    expect(weak.statusCode).toBe(422);
    const mismatch = await setPassword(token, STRONG_PASSWORD, 'Other#2026x');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ message: MSG.passwordMismatch });
    const unknown = await setPassword('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    // The link is still good after the refusals.
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it("a company's reset link does not sign anyone in through set_foreman_password", async () => {
    const { user } = await company();
    await ctx.app.inject({
      method: 'POST',
      url: '/app_api/reset_password',
      payload: { email: user.email, user_type: UserType.company },
    });
    const [mail] = await outboxFor(ctx.app, user.email);
    const token = mail?.body.match(/\/set-forget-password\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const res = await setPassword(token!);
    expect(res.statusCode).toBe(400);
  });

  it('removes a foreman: his sessions and link end, and an unused account goes', async () => {
    const { call } = await company();
    const email = uniqueEmail('leaving');
    await call('invite_foreman', { email, first_name: 'Lee', last_name: 'Gone' });
    const token = await inviteToken(email);
    const id = profileOf(await call('profile')).foremen.find((f) => f.email === email)!.id;
    const res = await call('remove_foreman', { foreman_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: TEXT.foremanRemoved });
    expect(profileOf(res).foremen).toEqual([]);
    expect((await setPassword(token)).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    // The email is free again.
    const back = await call('invite_foreman', { email, first_name: 'Lee', last_name: 'Back' });
    expect(back.statusCode).toBe(200);
  });

  it('refuses to remove a foreman of an unfinished job (409); after it is done he goes, the job keeps him', async () => {
    const mine = await company();
    const { call } = mine;
    const email = uniqueEmail('busy');
    await call('invite_foreman', { email, first_name: 'Bo', last_name: 'Busy' });
    await setPassword(await inviteToken(email));
    const id = profileOf(await call('profile')).foremen.find((f) => f.email === email)!.id;
    const session = await loginAs(ctx.app, email, STRONG_PASSWORD, UserType.foreman);
    const truck = profileOf(await call('add_truck', { name: 'Van' })).trucks[0]!;
    const busy = await job(mine, TimelineStatus.inProgress, { foremanId: id, truckId: truck.id });

    const res = await call('remove_foreman', { foreman_id: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: TEXT.foremanBusy });

    await life.complete(busy.mover, busy.id);
    const removed = await call('remove_foreman', { foreman_id: id });
    expect(removed.statusCode).toBe(200);
    const [job6] = await ctx.database.db.select().from(requests).where(eq(requests.id, busy.id));
    expect(job6?.foremanId).toBe(id);
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(account?.passwordHash).toBeNull();
    expect(account?.email).toBe(`removed-foreman-${id}@movehub.invalid`);
    // A reset link cannot bring him back, and the company may invite the person again.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/reset_password',
      payload: { email, user_type: UserType.foreman },
    });
    expect(reset.statusCode).toBe(400);
    const again = await call('invite_foreman', { email, first_name: 'Bo', last_name: 'Busy' });
    expect(again.statusCode).toBe(200);
    expect(profileOf(again).foremen.map((f) => f.id)).not.toContain(id);
    const notifications = await ctx.app.inject({
      method: 'GET',
      url: '/app_api/get_notification',
      headers: { 'x-sh-auth': session },
    });
    expect(notifications.statusCode).toBe(401);
  });

  it("cannot remove another company's foreman (404)", async () => {
    const a = await company();
    const b = await company();
    const email = uniqueEmail('bs');
    await b.call('invite_foreman', { email, first_name: 'Bea', last_name: 'Bee' });
    const id = profileOf(await b.call('profile')).foremen[0]!.id;
    const res = await a.call('remove_foreman', { foreman_id: id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: TEXT.foremanNotFound });
    expect(profileOf(await b.call('profile')).foremen).toHaveLength(1);
  });
});

describe("the profile calls are the company's alone", () => {
  it('a customer or a foreman gets 403 and no token 401', async () => {
    const customer = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, customer.id);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/add_truck',
      payload: { name: 'x' },
      headers: { 'x-sh-auth': token },
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/add_truck',
      payload: { name: '' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      await ctx.database.db.select().from(companyTrucks).where(eq(companyTrucks.name, 'x')),
    ).toEqual([]);
  });
});

describe('races', () => {
  it('two companies inviting one email at once: one gets him, the other 409', async () => {
    const a = await company();
    const b = await company();
    const email = uniqueEmail('race');
    const body = { email, first_name: 'Rae', last_name: 'Race' };
    const answers = await Promise.all([
      a.call('invite_foreman', body),
      b.call('invite_foreman', body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(await outboxFor(ctx.app, email)).toHaveLength(1);
  });

  it('one zip code added twice at once: one 200, one 409', async () => {
    const { call } = await company();
    const answers = await Promise.all([
      call('add_zip_code', { zip_code: '91101' }),
      call('add_zip_code', { zip_code: '91101' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('truck_count stays right when trucks are added at once', async () => {
    const { user, call } = await company();
    await Promise.all(Array.from({ length: 5 }, (_, i) => call('add_truck', { name: `T${i}` })));
    const [row] = await ctx.database.db
      .select({ truckCount: companyProfiles.truckCount })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, user.id));
    expect(row?.truckCount).toBe(5);
  });
});

describe('the OpenAPI document', () => {
  it("describes the profile calls under 'partner', the company's behind the session", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = res.json().paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string; security?: unknown[] }>
    >;
    for (const name of [
      'profile',
      'update_profile',
      'add_zip_code',
      'remove_zip_code',
      'add_truck',
      'update_truck',
      'remove_truck',
      'invite_foreman',
      'remove_foreman',
    ]) {
      const op = paths[`/api/company/${name}`]?.post;
      expect(op?.tags, name).toEqual(['partner']);
      expect(op?.summary, name).toBeTruthy();
      expect(op?.security, name).toEqual([{ session: [] }]);
    }
    const setPasswordOp = paths['/app_api/set_foreman_password']?.post;
    expect(setPasswordOp?.tags).toEqual(['partner']);
    expect(setPasswordOp?.security).toBeUndefined();
  });
});
