import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import { uploads, users } from '../src/db/schema';
import { PROFILE_PICTURE_INVALID } from '../src/modules/accounts/profile.service';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';
import {
  post,
  proveEmail,
  provePhone,
  sessionFor,
  uniqueEmail,
  uniquePhone,
} from './accounts-helpers';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  // Pictures are uploaded for real, into a folder of this file's own.
  dataDir = mkdtempSync(path.join(tmpdir(), 'movehub-profile-'));
  ctx = await buildTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh customer with a phone and a session (no login call: hashing is slow). */
async function signedIn() {
  const user = await createUser(ctx.database, {
    phone: uniquePhone(),
    firstName: 'Rosa',
    lastName: 'Diaz',
    howFoundUs: 'google',
  });
  const token = await sessionFor(ctx.database, user.id);
  const update = (payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/customer/update_customer',
      payload,
      headers: { 'x-sh-auth': token },
    });
  return { user, token, update };
}

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a picture through the real call and answers its file_url. */
async function uploadPicture(): Promise<string> {
  const fd = new FormData();
  fd.append('upload_type', 'profile');
  fd.append('upload_file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/app_api/upload_s3_file',
    payload: fd as never,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { file_url: string }).file_url;
}

describe('PUT /api/customer/update_customer', () => {
  it('updates names and how_found_us and leaves absent fields as they are', async () => {
    const { user, update } = await signedIn();
    const res = await update({ first_name: ' Maria ', last_name: 'Lopez', how_found_us: 'yelp' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Profile updated successfully',
      data: {
        id: user.id,
        first_name: 'Maria',
        last_name: 'Lopez',
        how_found_us: 'yelp',
        email: user.email,
        phone: user.phone,
        login_by: 'app',
      },
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Maria', email: user.email, phone: user.phone });
  });

  it('proceeds with the same phone without a code', async () => {
    const { user, update } = await signedIn();
    const res = await update({ phone: user.phone, first_name: 'Rosa' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(user.phone);
  });

  it('changes the phone only with a verified code for the new phone, spent once', async () => {
    const { update } = await signedIn();
    const phone = uniquePhone();
    const refused = await update({ phone });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, message: MSG.phoneNotVerified });

    await provePhone(ctx.app, phone);
    const res = await update({ phone });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(phone);

    // The proof is spent: another account cannot take the phone with it (409 first, anyway).
    const other = await signedIn();
    expect((await other.update({ phone })).statusCode).toBe(409);
  });

  it('changes the email only with a verified code for the new email; the new email then signs in', async () => {
    const { user, update } = await signedIn();
    const email = uniqueEmail('changed');
    const refused = await update({ email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, message: MSG.emailNotVerified });

    // A proof of the OLD address does not allow the new one.
    await proveEmail(ctx.app, user.email);
    expect((await update({ email })).statusCode).toBe(400);

    await proveEmail(ctx.app, email);
    const res = await update({ email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(email);
    await loginAs(ctx.app, email);
  });

  it("refuses another customer's email or phone with 409", async () => {
    const { update } = await signedIn();
    const other = await createUser(ctx.database, { phone: uniquePhone() });
    const email = await update({ email: other.email });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ code: 409, message: MSG.emailTaken });
    const phone = await update({ phone: other.phone });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ code: 409, message: MSG.phoneTaken });
  });

  it('sets the profile picture from an upload of ours, keeps it, and removes it with null', async () => {
    const { update } = await signedIn();
    const picture = await uploadPicture();
    const set = await update({ profile_pic: picture });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.profile_picture).toBe(picture);
    const kept = await update({ first_name: 'Rosa' });
    expect(kept.json().data.profile_picture).toBe(picture);
    const removed = await update({ profile_pic: null });
    expect(removed.json().data.profile_picture).toBeNull();
    // The spec serves images from a base path plus the file name: the bare name is ours too.
    const bare = await update({ profile_pic: picture.slice('/uploads/'.length) });
    expect(bare.json().data.profile_picture).toBe(picture);
  });

  it.each([
    ['a path that reads as another host', '/\\evil.example/x.png'],
    ['another site', 'https://evil.example/x.png'],
    ['a protocol-relative link', '//evil.example/x.png'],
    ['a script link', 'javascript:alert(1)'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['an upload path of a file that does not exist', `/uploads/${'0'.repeat(32)}.png`],
    ['a path out of the upload folder', '/uploads/../secret.png'],
  ])('refuses %s as profile_pic with 400 and keeps the picture', async (_label, link) => {
    const { update } = await signedIn();
    const picture = await uploadPicture();
    await update({ profile_pic: picture });
    const res = await update({ profile_pic: link });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: PROFILE_PICTURE_INVALID });
    const kept = await update({ first_name: 'Rosa' });
    expect(kept.json().data.profile_picture).toBe(picture);
  });

  it('refuses an upload of ours once the clean-up has removed it', async () => {
    const { update } = await signedIn();
    const picture = await uploadPicture();
    await ctx.database.db
      .update(uploads)
      .set({ deletedAt: new Date() })
      .where(eq(uploads.fileName, picture.slice('/uploads/'.length)));
    const res = await update({ profile_pic: picture });
    expect(res.statusCode).toBe(400);
  });

  it('takes names joined by a hyphen, an apostrophe or a space (decision 044)', async () => {
    const { user, update } = await signedIn();
    const res = await update({ first_name: 'Mary Ann', last_name: "Gonzalez-Ruiz O'Brien" });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Mary Ann', lastName: "Gonzalez-Ruiz O'Brien" });
    const marks = await update({ last_name: "-'" });
    expect(marks.statusCode).toBe(422);
    expect(marks.json().message).toBe(MSG.profileLastNameAlphabet);
  });

  it('uses the profile messages for bad names (422)', async () => {
    const { update } = await signedIn();
    const short = await update({ first_name: ' A ' });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(MSG.profileFirstNameShort);
    const digits = await update({ last_name: 'B4' });
    expect(digits.json().message).toBe(MSG.profileLastNameAlphabet);
  });

  it('answers 401 without a session and 403 to a company', async () => {
    const none = await ctx.app.inject({
      method: 'PUT',
      url: '/api/customer/update_customer',
      payload: { first_name: 'Rosa' },
    });
    expect(none.statusCode).toBe(401);
    const company = await createUser(ctx.database, { userType: 2 });
    const token = await sessionFor(ctx.database, company.id);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/customer/update_customer',
      payload: { first_name: 'Rosa' },
      headers: { 'x-sh-auth': token },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('send_verification_code_on_email for a profile change', () => {
  it('works for a signed-in customer as for sign-up', async () => {
    const res = await post(ctx.app, '/app_api/send_verification_code_on_email', {
      email: uniqueEmail(),
      name: 'Rosa',
    });
    expect(res.statusCode).toBe(200);
  });
});
