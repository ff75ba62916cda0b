import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { addLocalDays, toSpecDate, UserType } from '@movehub/shared';
import { moveTypes, requests, users } from '../src/db/schema';
import { DEMO_COMPANIES, DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import { LETTER_TEXT } from '../src/modules/letter/letter.service';
import { buildTestApp, createUser, type TestContext } from './helper';
import { outboxFor, post, sessionFor, uniqueEmail } from './accounts-helpers';

/*
 * A public link reads; it does not sign for an account (decision 037). A direct request's public
 * link opens it for whoever holds the link (spec §2 /view-request, /sign-confirmation-letter).
 * Once its owner has claimed it into their account, the link shows only what the public page
 * shows, and the confirmation letter is signed by the owner signed in, never through the link
 * alone in the owner's name.
 */

let ctx: TestContext;
let moveTypeId: number;
let companyToken: string;

beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
  const db = ctx.database.db;
  const [type] = await db.select().from(moveTypes).where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = type!.id;
  const [company] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_COMPANIES[0].email), eq(users.userType, UserType.company)));
  companyToken = await sessionFor(ctx.database, company!.id);
});
afterAll(() => ctx.close());

/** A real 1×1 PNG: the signature pad's data URL. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const address = (i: number) => ({
  street_address: `${200 + i} Hill St`,
  apartment_number: i === 1 ? '7C' : '',
  address_detail: 'Gate code 4321',
  is_storage: i === 1,
  complete_address: `${200 + i} Hill St, Los Angeles, CA 9001${i}, USA`,
  zip_code: `9001${i}`,
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: false,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: '',
  latitude: 34.05 + i * 0.01,
  longitude: -118.25,
  address_type: i === 0 ? '1' : '2',
});

/** A direct request through the company's link (no token), for `email`: its id and link. */
async function directRequest(email: string): Promise<{ id: number; link: string }> {
  const res = await post(ctx.app, '/api/company/generate_request_by_customer', {
    address_array: [address(0), address(1)],
    starting_lat: 34.05,
    starting_long: -118.25,
    schedule_time: '',
    move_type: moveTypeId,
    payment_status: '0',
    final_comment: 'The piano is a family heirloom.',
    s_date: toSpecDate(addLocalDays(new Date(), 15)),
    s_time: '10:00 - 11:00',
    start_window_from: '10:00',
    start_window_to: '11:00',
    movers: 3,
    items_array: [],
    first_name: 'Jordan',
    last_name: 'Reyes',
    email,
    phone_number: '+13235550123',
    customer_phone_number: '+13235550123',
    direct_access_link: DEMO_DIRECT_LINKS.company,
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = (
    res.json() as { data: { Request_ID: { id: number; public_access_link: string } } }
  ).data.Request_ID;
  return { id: created.id, link: created.public_access_link };
}

/** The owner confirms the request through the emailed link: it joins their account. */
async function claim(email: string): Promise<void> {
  const [mail] = await outboxFor(ctx.app, email);
  const token = mail?.body.match(/\/claim-request\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  const res = await post(ctx.app, '/app_api/claim_request', { claim_token: token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.claimed).toBe(true);
}

/** The company sends the letter with its rates (0 → 3, additional_status 0). */
async function sendLetter(requestId: number): Promise<void> {
  const res = await post(
    ctx.app,
    '/api/company/send_confirmation_letter',
    {
      request_id: requestId,
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130,
      minimum_hours: 3,
      payment_method: 'Cash',
    },
    { 'x-sh-auth': companyToken },
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A customer with an account and a live session. */
async function customerWithSession() {
  const user = await createUser(ctx.database, { email: uniqueEmail('owner') });
  return { user, token: await sessionFor(ctx.database, user.id) };
}

const viewByLink = (link: string) =>
  post(ctx.app, '/app_api/request_detail_by_request_link', { public_access_link: link });

/** The signing call as the /sign-confirmation-letter/{public_access_link} page makes it. */
const signByLink = (requestId: number, link: string, token?: string) =>
  post(
    ctx.app,
    '/api/company/attach_signature_make_confirmation_letter_pdf',
    { request_id: requestId, public_access_link: link, signature_path: SIGNATURE },
    token ? { 'x-sh-auth': token } : {},
  );

const rowOf = async (id: number) =>
  (await ctx.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;

/** The text the PDF draws (the standard fonts write each line as a hex string). */
async function pdfText(url: string): Promise<string> {
  const file = await ctx.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const pdf = await PDFDocument.load(file.rawPayload);
  const lines: string[] = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    if (obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) continue;
    const content = Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      lines.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe("a direct request's public link once its owner has claimed it", () => {
  it('shows only what the public page shows: number, status, date, time, company, addresses', async () => {
    const owner = await customerWithSession();
    const { id, link } = await directRequest(owner.user.email);

    // Before the claim the request is in nobody's account: the link shows it as before.
    const before = await viewByLink(link);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().request.request).toMatchObject({
      id,
      final_comment: 'The piano is a family heirloom.',
      movers: 3,
    });

    await claim(owner.user.email);
    const res = await viewByLink(link);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().request;
    expect(Object.keys(view).sort()).toEqual([
      'company_phone',
      'company_profile',
      'request',
      'request_address',
    ]);
    expect(Object.keys(view.request).sort()).toEqual([
      'id',
      'request_status',
      'request_timeline_status',
      's_date',
      's_time',
      'start_window_from',
      'start_window_to',
    ]);
    expect(view.request).toMatchObject({ id, s_time: '10:00 - 11:00', request_status: 0 });
    expect(view.request_address).toEqual([
      {
        id: expect.any(Number),
        complete_address: address(0).complete_address,
        apartment_number: null,
      },
      {
        id: expect.any(Number),
        complete_address: address(1).complete_address,
        apartment_number: '7C',
      },
    ]);
    expect(view.company_profile).toEqual({ name: expect.any(String) });
    // Nothing of the account's: no comment, amounts, crew, storage, contact or the link itself.
    for (const hidden of [
      'heirloom',
      'final_amount',
      'customer_budget',
      'movers',
      'zip_code',
      'is_storage',
      link,
    ]) {
      expect(res.body).not.toContain(hidden);
    }
    expect(res.body).not.toContain(owner.user.email);
    expect(res.json()).toMatchObject({ token: null, claim: null });
  });
});

describe("a claimed direct request's confirmation letter", () => {
  async function claimedWithLetter() {
    const owner = await customerWithSession();
    const request = await directRequest(owner.user.email);
    await claim(owner.user.email);
    await sendLetter(request.id);
    return { owner, ...request };
  }

  it('is not signed through the public link alone: 401 asking to log in, nothing signed', async () => {
    const { id, link } = await claimedWithLetter();
    const res = await signByLink(id, link);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: LETTER_TEXT.logInToSign });
    expect(await rowOf(id)).toMatchObject({
      additionalStatus: 0,
      letterPdfUrl: null,
      letterSignerName: null,
    });
  });

  it('is not signed by another customer holding the link: 403, nothing signed', async () => {
    const { id, link } = await claimedWithLetter();
    const stranger = await customerWithSession();
    const res = await signByLink(id, link, stranger.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: LETTER_TEXT.ownerSigns });
    expect((await rowOf(id)).additionalStatus).toBe(0);
  });

  it('is signed by its owner signed in, as the customer account', async () => {
    const { owner, id, link } = await claimedWithLetter();
    const res = await signByLink(id, link, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(id);
    expect(row.additionalStatus).toBe(1);
    const text = await pdfText(row.letterPdfUrl!);
    expect(text).toContain('Signed through: the customer account');
    expect(text).not.toContain('public link');
  });

  it('is still read through the link (the signing page is public)', async () => {
    const { id, link } = await claimedWithLetter();
    const res = await post(ctx.app, '/api/company/get_confirmation_letter', {
      public_access_link: link,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().get_request.id).toBe(id);
  });
});

describe('an unclaimed direct request', () => {
  it('is signed through its public link, as the spec page does, and the PDF says so', async () => {
    const { id, link } = await directRequest(uniqueEmail('unclaimed'));
    await sendLetter(id);
    const res = await signByLink(id, link);
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ additionalStatus: 1, customerId: null });
    expect(await pdfText(row.letterPdfUrl!)).toContain("Signed through: the request's public link");
  });
});
