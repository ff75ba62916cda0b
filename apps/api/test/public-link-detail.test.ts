import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addLocalDays, toSpecDate, UserType, type PublicRequest } from '@movehub/shared';
import { moveTypes, requests, users } from '../src/db/schema';
import { DEMO_COMPANIES, DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle } from './lifecycle';
import { outboxFor, post, sessionFor, uniqueEmail } from './accounts-helpers';

/*
 * /view-request/{link} for a direct request in nobody's account (spec/request-lifecycle.md §2
 * "Request detail content"; decision 037): its link holder sees what the request detail shows its
 * customer: the move, rates, addresses in full, items, extra items, timeline, comments, the
 * company's contact and the signed letter; never the contact details the form took. A request in
 * an account (a claimed one, a marketplace one) shows the public page's fields only.
 */

let ctx: TestContext;
let moveTypeId: number;
let companyToken: string;
const life = lifecycle(() => ctx);

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

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const address = (i: number) => ({
  street_address: `${300 + i} Spring St`,
  apartment_number: i === 1 ? '12B' : '',
  address_detail: 'Buzz 12B',
  is_storage: i === 1,
  complete_address: `${300 + i} Spring St, Los Angeles, CA 9001${i}, USA`,
  zip_code: `9001${i}`,
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: i === 0,
  is_elevator: i === 1,
  is_hardwood_floor: true,
  number_of_flights: i === 0 ? 2 : 0,
  parking_and_building_info: 'Loading zone in front',
  latitude: 34.05 + i * 0.01,
  longitude: -118.25,
  address_type: i === 0 ? '1' : '2',
});

const CONTACT = { first_name: 'Avery', last_name: 'Linkholder', phone: '+13235550177' };

async function directRequest(email: string) {
  const res = await post(ctx.app, '/api/company/generate_request_by_customer', {
    address_array: [address(0), address(1)],
    starting_lat: 34.05,
    starting_long: -118.25,
    schedule_time: '',
    move_type: moveTypeId,
    payment_status: '0',
    final_comment: 'Mind the piano.',
    s_date: toSpecDate(addLocalDays(new Date(), 12)),
    s_time: '09:00 - 10:00',
    start_window_from: '09:00',
    start_window_to: '10:00',
    movers: 3,
    items_array: [
      {
        _id: '',
        category_name: 'Common List',
        name: 'Upright piano',
        type: '1',
        size: '4',
        unit_price: 0,
        currency: 'USD',
        quantity: 1,
        additional_info: 'Needs four movers',
        items_image_array: [],
        added_by_type: '1',
      },
    ],
    first_name: CONTACT.first_name,
    last_name: CONTACT.last_name,
    email,
    phone_number: CONTACT.phone,
    customer_phone_number: CONTACT.phone,
    direct_access_link: DEMO_DIRECT_LINKS.company,
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = (
    res.json() as { data: { Request_ID: { id: number; public_access_link: string } } }
  ).data.Request_ID;
  return { id: created.id, link: created.public_access_link };
}

async function viewByLink(link: string) {
  const res = await post(ctx.app, '/app_api/request_detail_by_request_link', {
    public_access_link: link,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, view: (res.json() as { request: PublicRequest }).request };
}

describe("an unclaimed direct request's public link", () => {
  it('shows the move, its addresses in full and its items, without the contact details', async () => {
    const email = uniqueEmail('linkholder');
    const { link } = await directRequest(email);
    const { body, view } = await viewByLink(link);
    const detail = view.detail!;
    expect(detail).toBeDefined();
    expect(view.request).toMatchObject({ final_comment: 'Mind the piano.', movers: 3 });
    expect(detail.request).toMatchObject({ move_type: '2 bed room apt.', rate_method: null });
    expect(detail.request_address).toEqual([
      expect.objectContaining({
        complete_address: address(0).complete_address,
        is_stairs: true,
        number_of_flights: 2,
        is_hardwood_floor: true,
        parking_and_building_info: 'Loading zone in front',
      }),
      expect.objectContaining({ apartment_number: '12B', is_storage: true, is_elevator: true }),
    ]);
    expect(detail.request_item).toEqual([
      expect.objectContaining({
        name: 'Upright piano',
        quantity: 1,
        additional_info: 'Needs four movers',
      }),
    ]);
    expect(detail.request_timeline.length).toBeGreaterThan(0);
    expect(detail).toMatchObject({ company: null, additional_status: 0, status: 0 });
    // The contact form's details stay the account's and the company's.
    for (const hidden of [email, CONTACT.first_name, CONTACT.last_name, '3235550177']) {
      expect(body).not.toContain(hidden);
    }
    expect(Object.keys(detail).sort()).toEqual([
      'additional_status',
      'comments_array',
      'company',
      'confirmation_letter_pdf',
      'extra_request_items',
      'get_foreman_of_company',
      'request',
      'request_address',
      'request_item',
      'request_timeline',
      'status',
      'truck_array',
    ]);
  });

  it("shows the letter's rates, the company's contact and comments, then the signed letter", async () => {
    const { id, link } = await directRequest(uniqueEmail('letter-link'));
    const sent = await post(
      ctx.app,
      '/api/company/send_confirmation_letter',
      {
        request_id: id,
        rate_method: 'Flat',
        cash_min_flat_rate: 900,
        cash_max_flat_rate: 1100,
        card_min_flat_rate: 950,
        card_max_flat_rate: 1150,
        payment_method: 'Card',
      },
      { 'x-sh-auth': companyToken },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const commented = await post(
      ctx.app,
      '/app_api/add_comments',
      { request_id: id, comment: 'We will bring piano straps.', parent_id: 0, type: 0 },
      { 'x-sh-auth': companyToken },
    );
    expect(commented.statusCode, commented.body).toBe(200);

    const before = (await viewByLink(link)).view;
    expect(before.request.request_timeline_status).toBe(3);
    expect(before.detail).toMatchObject({
      additional_status: 0,
      confirmation_letter_pdf: null,
      request: {
        rate_method: 'Flat',
        payment_method: 'Card',
        cash_min_flat_rate: 900,
        card_max_flat_rate: 1150,
      },
      company: { name: DEMO_COMPANIES[0].profile.name, company_phone: expect.any(String) },
    });
    expect(before.detail!.comments_array[0]?.parent_comment.comment).toBe(
      'We will bring piano straps.',
    );
    expect(before.detail!.request_timeline.map((t) => t.activity_title)).toContain(
      'Confirmation letter sent',
    );

    const signed = await post(
      ctx.app,
      '/api/company/attach_signature_make_confirmation_letter_pdf',
      {
        request_id: id,
        public_access_link: link,
        signature_path: SIGNATURE,
      },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const after = (await viewByLink(link)).view;
    expect(after.detail).toMatchObject({
      additional_status: 1,
      confirmation_letter_pdf: expect.stringMatching(/\.pdf$/),
    });
  });
});

describe('a public link of a request in an account', () => {
  it('answers no detail once claimed, nor for a marketplace request', async () => {
    const email = uniqueEmail('claims');
    const { link } = await directRequest(email);
    const [mail] = await outboxFor(ctx.app, email);
    const claimToken = mail?.body.match(/\/claim-request\/([A-Za-z0-9_-]+)/)?.[1];
    const claimed = await post(ctx.app, '/app_api/claim_request', {
      claim_token: claimToken,
      password: 'Moving@2026',
      confirm_password: 'Moving@2026',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { body, view } = await viewByLink(link);
    expect(view.detail).toBeUndefined();
    expect(body).not.toContain('piano');

    const customer = await life.customer(null);
    const requestId = await life.send(customer);
    const [row] = await ctx.database.db
      .select({ link: requests.publicAccessLink })
      .from(requests)
      .where(eq(requests.id, requestId));
    expect((await viewByLink(row!.link!)).view.detail).toBeUndefined();
  });
});
