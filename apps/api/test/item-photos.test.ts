import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addLocalDays, TimelineStatus, toSpecDate } from '@movehub/shared';
import {
  moveTypes,
  requestChanges,
  requestItemImages,
  requestItems,
  requests,
  uploads,
} from '../src/db/schema';
import { DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import { ITEM_PHOTO_INVALID } from '../src/modules/uploads/uploads.service';
import { buildTestApp, type TestContext } from './helper';
import { FIXTURE_ZIP, lifecycle, type Company, type Party } from './lifecycle';
import { uploadPhoto } from './uploads-helpers';

/*
 * Item photos are the customer's own uploads (decision 037): every call that takes them
 * (generate_request and both direct-link paths, edit_items and edit_extra_item on /api/customer
 * and /app_api, propose_change's items) keeps only files upload_s3_file issued and answers 422
 * naming the field for anything else. The console, the foreman's phone and the customer's detail
 * show each photo as an image and a link: a script, a data page or another site's page must
 * never become one.
 */

let ctx: TestContext;
const life = lifecycle(() => ctx);
let owner: Party;
let company: Company;
let moveTypeId: number;
/** A photo of ours: what the wizard and the edit screens send. */
let photo: string;

beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await life.customer(null);
  company = await life.company();
  const [type] = await ctx.database.db
    .select()
    .from(moveTypes)
    .where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = type!.id;
  photo = await uploadPhoto(ctx.app);
});
afterAll(() => ctx.close());

const KEY = () => photo.slice('/uploads/'.length);

/** Links a customer could type in place of an upload's file_url, each of which must be refused. */
const NOT_OURS: [string, () => string][] = [
  ['a script link', () => 'javascript:alert(document.cookie)'],
  ['a phishing page on another site', () => 'https://evil.example/phish-login'],
  ['a data page', () => 'data:text/html,<script>alert(1)</script>'],
  ['a protocol-relative link', () => '//evil.example/x.png'],
  ['a path that reads as another host', () => '/\\evil.example/x.png'],
  ['an upload path of a file that was never uploaded', () => `/uploads/${'0'.repeat(32)}.png`],
  ["another site's copy of one of our file names", () => `https://evil.example/uploads/${KEY()}`],
];

const address = (i: number) => ({
  street_address: `${100 + i} Main St`,
  apartment_number: '',
  address_detail: '',
  is_storage: false,
  complete_address: `${100 + i} Main St, Los Angeles, CA ${i === 0 ? FIXTURE_ZIP : '90402'}, USA`,
  zip_code: i === 0 ? FIXTURE_ZIP : '90402',
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: false,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: '',
  latitude: 34.05 + i * 0.02,
  longitude: -118.24 - i * 0.05,
  address_type: i === 0 ? '1' : '2',
});

const item = (photos: unknown[], type: '1' | '2' = '1') => ({
  _id: '',
  category_name: 'Common List',
  name: type === '1' ? 'Lamp' : 'Moving blanket',
  type,
  size: '1',
  unit_price: 0,
  currency: 'USD',
  quantity: 1,
  additional_info: '',
  items_image_array: photos,
  added_by_type: '1',
});

const common = (photos: unknown[]) => ({
  address_array: [address(0), address(1)],
  starting_lat: 34.05,
  starting_long: -118.24,
  schedule_time: '',
  move_type: moveTypeId,
  payment_status: '0',
  final_comment: '',
  s_date: toSpecDate(addLocalDays(new Date(), 14)),
  s_time: '10:00 - 11:00',
  start_window_from: '10:00',
  start_window_to: '11:00',
  movers: 2,
  items_array: [item([]), item(photos)],
});

const marketplaceBody = (photos: unknown[]) => ({
  request_type: '0',
  customer_budget: 450,
  ...common(photos),
});

const directBody = (photos: unknown[], link: string) => ({
  ...common(photos),
  first_name: 'Jordan',
  last_name: 'Reyes',
  email: `photos-${Math.random().toString(36).slice(2)}@example.com`,
  phone_number: '+13235550123',
  customer_phone_number: '+13235550123',
  direct_access_link: link,
});

const CREATE_CALLS: [string, string | null, (photos: unknown[]) => object][] = [
  ['/api/customer/generate_request', 'owner', marketplaceBody],
  [
    '/api/company/generate_request_by_customer',
    null,
    (p) => directBody(p, DEMO_DIRECT_LINKS.company),
  ],
  [
    '/api/sale_team/generate_request_by_customer',
    null,
    (p) => directBody(p, DEMO_DIRECT_LINKS.salesTeam),
  ],
];

const post = (url: string, token: string | null, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { 'x-sh-auth': token } : {},
  });

const count = async (table: typeof requests | typeof requestItemImages | typeof requestChanges) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** The 422 of a refused photo: the envelope, the field named in the message and in the path. */
function expectRefused(res: { statusCode: number; body: string; json(): unknown }, path: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({
    code: 422,
    message: ITEM_PHOTO_INVALID,
    errors: [{ path, message: ITEM_PHOTO_INVALID }],
  });
  expect(ITEM_PHOTO_INVALID).toContain('items_image_array');
}

describe('creating a request with item photos', () => {
  describe.each(CREATE_CALLS)('%s', (url, who, body) => {
    const token = () => (who ? owner.token : null);

    it.each(NOT_OURS)(
      'refuses %s with 422 naming the photo, and stores nothing',
      async (_, link) => {
        const before = { requests: await count(requests), photos: await count(requestItemImages) };
        const res = await post(url, token(), body([photo, link()]));
        expectRefused(res, 'items_array.1.items_image_array.1');
        expect({
          requests: await count(requests),
          photos: await count(requestItemImages),
        }).toEqual(before);
      },
    );

    it('keeps an upload of ours, sent as its file_url or its bare file name, as its URL', async () => {
      const res = await post(url, token(), body([photo, KEY()]));
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
      const stored = await ctx.database.db
        .select({ url: requestItemImages.imageUrl })
        .from(requestItemImages)
        .innerJoin(requestItems, eq(requestItems.id, requestItemImages.requestItemId))
        .where(eq(requestItems.requestId, id));
      expect(stored.map((r) => r.url)).toEqual([photo, photo]);
    });
  });

  it('refuses an upload the clean-up has removed', async () => {
    const gone = await uploadPhoto(ctx.app);
    await ctx.database.db
      .update(uploads)
      .set({ deletedAt: new Date() })
      .where(eq(uploads.fileName, gone.slice('/uploads/'.length)));
    const res = await post('/api/customer/generate_request', owner.token, marketplaceBody([gone]));
    expectRefused(res, 'items_array.1.items_image_array.0');
  });
});

describe("the customer's item edits", () => {
  const EDITS = ['/api/customer', '/app_api'].flatMap((prefix) => [
    [`${prefix}/edit_items`, '1'] as const,
    [`${prefix}/edit_extra_item`, '2'] as const,
  ]);

  describe.each(EDITS)('%s', (url, type) => {
    it.each(NOT_OURS)('refuses %s with 422 and leaves the items as they were', async (_, link) => {
      // A customer of each case's own: one account's requests an hour have a ceiling (decision 040).
      const owner = await life.customer(null);
      const id = await life.send(owner);
      const res = await post(url, owner.token, {
        request_id: id,
        items_array: [item([{ _pic: photo }], type), item([{ _pic: link() }], type)],
      });
      expectRefused(res, 'items_array.1.items_image_array.0');
      const stored = await ctx.database.db
        .select()
        .from(requestItems)
        .where(eq(requestItems.requestId, id));
      expect(stored).toEqual([]);
    });

    it('takes an upload of ours', async () => {
      const owner = await life.customer(null);
      const id = await life.send(owner);
      const res = await post(url, owner.token, {
        request_id: id,
        items_array: [item([{ _pic: photo }], type)],
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});

describe("a company's change proposal", () => {
  it.each(['items', 'extra-items'] as const)(
    'refuses a proposed %s line whose photo is not an upload of ours (422), proposing nothing',
    async (kind) => {
      const { id } = await life.requestAt({
        status: TimelineStatus.awaitingPayment,
        customer: owner,
        company,
      });
      const type = kind === 'items' ? '1' : '2';
      const before = await count(requestChanges);
      for (const [, link] of NOT_OURS) {
        const res = await post('/api/company/propose_change', company.token, {
          request_id: id,
          type: kind,
          items_array: [item([photo, link()], type)],
          price: 10,
        });
        expectRefused(res, 'items_array.0.items_image_array.1');
      }
      expect(await count(requestChanges)).toBe(before);

      const ok = await post('/api/company/propose_change', company.token, {
        request_id: id,
        type: kind,
        items_array: [item([photo], type)],
        price: 10,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    },
  );
});
