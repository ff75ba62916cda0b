import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addLocalDays,
  DIRECT_LINK_TEXT,
  MAX_ACTIVE_DIRECT_LINKS,
  MSG,
  toSpecDate,
  UserType,
  type DirectLink,
  type DirectLinkRequest,
} from '@movehub/shared';
import { companyDirectLinks, moveTypes, requests } from '../src/db/schema';
import { buildTestApp, createUser, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * A company's direct links: list, create (unguessable, once per Idempotency-Key, at
 * most 50 active), disable and enable (a disabled link answers 'Company direct link is invalid.'
 * on both paths), and the requests each brought, on the customer's and the sales team's path.
 * Another company's link is never shown nor changed (404).
 */

const PUBLIC_URL = 'https://portal.movehub.example';
let ctx: TestContext;
let moveTypeId: number;

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL, IP_RATE_LIMIT_PER_MINUTE: '100000' });
  const [type] = await ctx.database.db
    .select()
    .from(moveTypes)
    .where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = type!.id;
});
afterAll(() => ctx.close());

const f = moveFixtures(() => ctx);

const listLinks = async (token: string) => {
  const res = await f.call('/api/company/direct_links', token, {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: DirectLink[] }).data;
};
const createLink = (token: string, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/company/create_direct_link',
    headers: { 'x-sh-auth': token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {},
  });
const created = async (token: string, key?: string) => {
  const res = await createLink(token, key);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: DirectLink }).data;
};
const setActive = (token: string, link_id: unknown, is_active: unknown) =>
  f.call('/api/company/set_direct_link_active', token, { link_id, is_active });
const linkRequests = (token: string, body: object) =>
  f.call('/api/company/direct_link_requests', token, body);
const validate = (generated_link: string) =>
  f.call('/api/company/validate_generated_link', undefined, { generated_link });

function directBody(link: string, overrides: Record<string, unknown> = {}) {
  const address = (i: number, zip: string) => ({
    street_address: `${100 + i} Main St`,
    apartment_number: '',
    address_detail: '',
    is_storage: false,
    complete_address: `${100 + i} Main St, Los Angeles, CA ${zip}, USA`,
    zip_code: zip,
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
  return {
    address_array: [address(0, '90012'), address(1, '90013')],
    starting_lat: 34.05,
    starting_long: -118.25,
    schedule_time: '',
    move_type: moveTypeId,
    payment_status: '0',
    final_comment: '',
    s_date: toSpecDate(addLocalDays(new Date(), 12)),
    s_time: '10:00 - 11:00',
    movers: 2,
    items_array: [],
    first_name: 'Jordan',
    last_name: 'Reyes',
    email: `lead-${randomUUID()}@example.com`,
    phone_number: '+13235550123',
    customer_phone_number: '+13235550123',
    start_window_from: '10:00',
    start_window_to: '11:00',
    direct_access_link: link,
    ...overrides,
  };
}
const submit = (link: string, path: 'company' | 'sale_team', overrides = {}) =>
  f.call(`/api/${path}/generate_request_by_customer`, undefined, directBody(link, overrides));
const submitted = async (link: string, path: 'company' | 'sale_team', overrides = {}) => {
  const res = await submit(link, path, overrides);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
};

/** A sales-team member of the company with a link of their own (user_type 4). */
async function salesLink(companyId: number) {
  const member = await createUser(ctx.database, {
    userType: UserType.salesTeam,
    firstName: 'Sam',
    lastName: 'Seller',
  });
  const [row] = await f
    .db()
    .insert(companyDirectLinks)
    .values({ link: `sales-${randomUUID()}`, companyId, createdByUserId: member.id })
    .returning();
  return { member, link: row! };
}

describe('create_direct_link and direct_links', () => {
  it('makes an active, unguessable link whose address opens the wizard for the company', async () => {
    const company = await f.company();
    expect(await listLinks(company.token)).toEqual([]);

    const link = await created(company.token);
    expect(link).toMatchObject({
      is_active: true,
      request_count: 0,
      created_by: { id: company.user.id, user_type: UserType.company },
    });
    expect(link.link).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/create-request/${link.link}`);
    expect(Date.parse(link.created_at)).not.toBeNaN();

    const valid = await validate(link.link);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toMatchObject({ data: true, profile: { name: company.name } });

    const second = await created(company.token);
    expect(second.link).not.toBe(link.link);
    // Newest first.
    expect((await listLinks(company.token)).map((l) => l.id)).toEqual([second.id, link.id]);
  });

  it('answers a repeated Idempotency-Key with the first link, also when the clicks race', async () => {
    const company = await f.company();
    const key = `create-link-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => createLink(company.token, key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(answers.map((res) => (res.json() as { data: DirectLink }).data.id));
    expect(ids.size).toBe(1);
    expect(await listLinks(company.token)).toHaveLength(1);
  });

  it(`refuses a link past ${MAX_ACTIVE_DIRECT_LINKS} active ones with 409, and counts only active ones`, async () => {
    const company = await f.company();
    await f
      .db()
      .insert(companyDirectLinks)
      .values(
        Array.from({ length: MAX_ACTIVE_DIRECT_LINKS - 1 }, (_, i) => ({
          link: `cap-${company.user.id}-${i}-${randomUUID()}`,
          companyId: company.user.id,
          createdByUserId: company.user.id,
        })),
      );
    const last = await created(company.token);
    const refused = await createLink(company.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 409, message: DIRECT_LINK_TEXT.tooMany });

    // Disabling one frees a place; enabling it again past the cap is refused the same way.
    expect((await setActive(company.token, last.id, false)).statusCode).toBe(200);
    await created(company.token);
    const again = await setActive(company.token, last.id, true);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: DIRECT_LINK_TEXT.tooMany });
  });

  it("lists the sales team's links with the company's, and never another company's", async () => {
    const company = await f.company();
    const other = await f.company();
    const own = await created(company.token);
    const { member, link: sales } = await salesLink(company.user.id);
    const foreign = await created(other.token);

    const links = await listLinks(company.token);
    expect(links.map((l) => l.id)).toEqual([sales.id, own.id]);
    expect(links[0]).toMatchObject({
      created_by: { id: member.id, name: 'Sam Seller', user_type: UserType.salesTeam },
    });
    expect(JSON.stringify(links)).not.toContain(foreign.link);
  });
});

describe('set_direct_link_active', () => {
  it('disables a link: validation and both submit paths answer the spec’s invalid-link message', async () => {
    const company = await f.company();
    const link = await created(company.token);
    const { link: sales } = await salesLink(company.user.id);

    for (const id of [link.id, sales.id]) {
      const res = await setActive(company.token, id, false);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: DIRECT_LINK_TEXT.disabled,
        data: { id, is_active: false },
      });
    }

    const invalid = { code: 400, message: MSG.directLinkInvalid };
    expect((await validate(link.link)).json()).toEqual(invalid);
    expect((await submit(link.link, 'company')).json()).toEqual(invalid);
    expect((await validate(sales.link)).json()).toEqual(invalid);
    expect((await submit(sales.link, 'sale_team')).json()).toEqual(invalid);
    const made = await f
      .db()
      .select()
      .from(requests)
      .where(eq(requests.companyId, company.user.id));
    expect(made).toEqual([]);

    // Enabled again, it works again.
    const on = await setActive(company.token, link.id, true);
    expect(on.json()).toMatchObject({
      message: DIRECT_LINK_TEXT.enabled,
      data: { is_active: true },
    });
    expect((await validate(link.link)).statusCode).toBe(200);
    await submitted(link.link, 'company');
  });

  it("answers 404 for another company's link and leaves it active", async () => {
    const company = await f.company();
    const other = await f.company();
    const foreign = await created(other.token);
    const res = await setActive(company.token, foreign.id, false);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: DIRECT_LINK_TEXT.notFound });
    expect((await listLinks(other.token))[0]).toMatchObject({ id: foreign.id, is_active: true });
    expect((await validate(foreign.link)).statusCode).toBe(200);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const company = await f.company();
    const link = await created(company.token);
    for (const [id, active, path] of [
      ['abc', false, 'link_id'],
      [0, false, 'link_id'],
      [link.id, 'maybe', 'is_active'],
      [link.id, undefined, 'is_active'],
    ] as const) {
      const res = await setActive(company.token, id, active);
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(
        path,
      );
    }
  });
});

describe('direct_link_requests', () => {
  it('lists the requests that came through a link on either path, newest first, with their count', async () => {
    const company = await f.company();
    const link = await created(company.token);
    const { link: sales } = await salesLink(company.user.id);
    const first = await submitted(link.link, 'company', { first_name: 'Ada', last_name: 'Byron' });
    const second = await submitted(link.link, 'company', { first_name: 'Alan', last_name: 'Kay' });
    const bySales = await submitted(sales.link, 'sale_team');

    const rows = await f
      .db()
      .select()
      .from(requests)
      .where(eq(requests.companyId, company.user.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.directLinkId]))).toEqual({
      [first]: link.id,
      [second]: link.id,
      [bySales]: sales.id,
    });

    const res = await linkRequests(company.token, { link_id: link.id });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { data: DirectLinkRequest[] }).data;
    expect(items.map((r) => r.id)).toEqual([second, first]);
    expect(items[1]).toMatchObject({
      id: first,
      contact_name: 'Ada Byron',
      stage: 'new_direct',
      request_timeline_status: 0,
      request_status: 0,
      by_sales_team: false,
      s_date: toSpecDate(addLocalDays(new Date(), 12)),
    });

    const salesItems = (
      (await linkRequests(company.token, { link_id: sales.id })).json() as {
        data: DirectLinkRequest[];
      }
    ).data;
    expect(salesItems).toMatchObject([{ id: bySales, by_sales_team: true }]);

    const counts = Object.fromEntries(
      (await listLinks(company.token)).map((l) => [l.id, l.request_count]),
    );
    expect(counts).toEqual({ [link.id]: 2, [sales.id]: 1 });

    // Pages go back by id: each answer names the next page, null at the end.
    type Page = { data: DirectLinkRequest[]; next_before_id: number | null };
    const top = (await linkRequests(company.token, { link_id: link.id, limit: 1 })).json() as Page;
    expect(top.data.map((r) => r.id)).toEqual([second]);
    expect(top.next_before_id).toBe(second);
    const page = (
      await linkRequests(company.token, {
        link_id: link.id,
        limit: 1,
        before_id: top.next_before_id,
      })
    ).json() as Page;
    expect(page.data.map((r) => r.id)).toEqual([first]);
    expect(page.next_before_id).toBeNull();
    const whole = (await linkRequests(company.token, { link_id: link.id })).json() as Page;
    expect(whole.data.map((r) => r.id)).toEqual([second, first]);
    expect(whole.next_before_id).toBeNull();
  });

  it("answers 404 for another company's link and shows none of its requests", async () => {
    const company = await f.company();
    const other = await f.company();
    const foreign = await created(other.token);
    await submitted(foreign.link, 'company', { first_name: 'Secret', last_name: 'Lead' });
    const res = await linkRequests(company.token, { link_id: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret');
  });

  it('refuses a missing or malformed link_id with 422', async () => {
    const company = await f.company();
    for (const body of [
      {},
      { link_id: 'x' },
      { link_id: 1, limit: 1000 },
      { link_id: 1, limit: 101 },
    ]) {
      const res = await linkRequests(company.token, body);
      expect(res.statusCode, res.body).toBe(422);
    }
  });
});

describe('the partner calls in OpenAPI', () => {
  it("are described under 'partner' with a summary", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = (
      res.json() as {
        paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
      }
    ).paths;
    for (const [path, method] of [
      ['/api/company/direct_links', 'post'],
      ['/api/company/create_direct_link', 'post'],
      ['/api/company/set_direct_link_active', 'post'],
      ['/api/company/direct_link_requests', 'post'],
      ['/api/company/payouts', 'post'],
      ['/api/company/payouts_csv', 'get'],
    ] as const) {
      const op = paths[path]?.[method];
      expect(op?.tags, path).toEqual(['partner']);
      expect(op?.summary, path).toBeTruthy();
    }
  });
});
