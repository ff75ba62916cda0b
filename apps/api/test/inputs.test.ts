import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addLocalDays,
  INT4_MAX,
  MAX_FLIGHTS,
  MAX_ITEM_LINES,
  MAX_TOTAL_QUANTITY,
  MAX_URL_LENGTH,
  MSG,
  toSpecDate,
  totalQuantityMessage,
} from '@movehub/shared';
import { moveTypes, requests } from '../src/db/schema';
import { DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';

/*
 * Bad input never reaches the database as a fault: text with control characters, ids beyond
 * PostgreSQL's integer, inventories whose estimate would overflow the cents column, and URLs
 * over the limits all answer 4xx in the envelope. Authentication comes before validation.
 */

let ctx: TestContext;
let token: string;
let moveTypeId: number;

beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '10000' });
  const customer = await createUser(ctx.database, { phone: '+13105550100' });
  token = await loginAs(ctx.app, customer.email);
  const [type] = await ctx.database.db
    .select()
    .from(moveTypes)
    .where(eq(moveTypes.name, '2 bed room apt.'));
  moveTypeId = type!.id;
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const post = (url: string, payload: unknown, auth: string | null = token) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: auth ? { 'x-sh-auth': auth } : {},
  });

const address = (i: number, overrides: Record<string, unknown> = {}) => ({
  street_address: `${100 + i} S Main St`,
  apartment_number: '',
  address_detail: 'Gate code 1234',
  is_storage: false,
  complete_address: `${100 + i} S Main St, Los Angeles, CA 90012, USA`,
  zip_code: '90012',
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: true,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 1,
  parking_and_building_info: '',
  latitude: 34.05 + i * 0.01,
  longitude: -118.24,
  address_type: i === 0 ? '1' : '2',
  ...overrides,
});

const item = (overrides: Record<string, unknown> = {}) => ({
  _id: '',
  category_name: 'Common List',
  name: 'Crate',
  type: '1',
  size: '4',
  unit_price: 0,
  currency: 'USD',
  quantity: 1,
  additional_info: '',
  items_image_array: [],
  added_by_type: '1',
  ...overrides,
});

function payload(overrides: Record<string, unknown> = {}) {
  return {
    request_type: '0',
    address_array: [address(0), address(1)],
    move_type: moveTypeId,
    customer_budget: 650,
    final_comment: 'Please bring blankets.',
    s_date: toSpecDate(addLocalDays(new Date(), 10)),
    s_time: '08:00 - 09:00',
    movers: 3,
    items_array: [item()],
    ...overrides,
  };
}

const directPayload = (overrides: Record<string, unknown> = {}) => {
  const { request_type: _type, customer_budget: _budget, ...rest } = payload();
  return {
    ...rest,
    first_name: 'Jordan',
    last_name: 'Reyes',
    email: 'jordan@example.com',
    phone_number: '+13235550123',
    direct_access_link: DEMO_DIRECT_LINKS.company,
    ...overrides,
  };
};

const requestCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(requests))[0]!.n;

const controlMessage = (field: string) => `${field} must not contain control characters.`;

describe('text with a NUL or another control character answers 422 naming the field', () => {
  it.each([
    [
      'an address',
      () => payload({ address_array: [address(0, { city: `L${NUL}A` }), address(1)] }),
      'address_array.0.city',
    ],
    [
      'an address line',
      () =>
        payload({ address_array: [address(0), address(1, { complete_address: `1 Main${NUL}` })] }),
      'address_array.1.complete_address',
    ],
    ['a comment', () => payload({ final_comment: `Piano${NUL}` }), 'final_comment'],
    [
      'an item name',
      () => payload({ items_array: [item({ name: `Sofa${NUL}` })] }),
      'items_array.0.name',
    ],
    [
      'an item note',
      () => payload({ items_array: [item({ additional_info: `\u001b[31m` })] }),
      'items_array.0.additional_info',
    ],
    [
      'a photo url',
      () => payload({ items_array: [item({ items_image_array: [`/uploads/a${NUL}.jpg`] })] }),
      'items_array.0.items_image_array.0',
    ],
  ])('in %s of generate_request', async (_label, body, path) => {
    const before = await requestCount();
    const res = await post('/api/customer/generate_request', body());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: controlMessage(path) });
    expect(await requestCount()).toBe(before);
  });

  it.each([
    [
      '/app_api/login',
      { email: `a${NUL}@example.com`, password: 'Secret@123', user_type: 1 },
      'email',
    ],
    [
      '/api/customer/register_customer',
      {
        first_name: `Ro${NUL}sa`,
        last_name: 'Diaz',
        email: 'r@example.com',
        password: 'Secret@123',
        confirm_password: 'Secret@123',
      },
      'first_name',
    ],
    [
      '/app_api/send_verification_code_on_email',
      { email: 'r@example.com', name: `Rosa${NUL}` },
      'name',
    ],
    [
      '/app_api/change_password',
      { jwt_token: `abc${NUL}`, password: 'Secret@123', confirm_password: 'Secret@123' },
      'jwt_token',
    ],
    ['/api/customer/login_by_google', { access_token: `tok${NUL}en` }, 'access_token'],
    ['/api/company/validate_generated_link', { generated_link: `swift${NUL}` }, 'generated_link'],
    [
      '/api/customer/add_wishlist_area',
      { email: `w${NUL}@example.com`, zip_code: '10001' },
      'email',
    ],
    [
      '/api/customer/get_item',
      { type: '1', company_direct_link: `x${NUL}` },
      'company_direct_link',
    ],
  ])('in the body of %s (no token)', async (url, body, path) => {
    const res = await post(url, body, null);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: controlMessage(path) });
  });

  it('in the contact name of a direct request', async () => {
    const before = await requestCount();
    const res = await post(
      '/api/company/generate_request_by_customer',
      directPayload({ first_name: `Jor${NUL}dan` }),
      null,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: controlMessage('first_name') });
    expect(await requestCount()).toBe(before);
  });

  it.each([
    ['/api/customer/add_card', { token: `tok_${NUL}` }, 'token'],
    ['/api/customer/update_customer', { first_name: `Ro${NUL}sa` }, 'first_name'],
    ['/app_api/update_password', { password: `Secret@1${NUL}`, confirm_password: 'x' }, 'password'],
  ])('in the body of %s (signed in)', async (url, body, path) => {
    const method = url.endsWith('update_customer') ? 'PUT' : 'POST';
    const res = await ctx.app.inject({
      method,
      url,
      payload: body,
      headers: { 'x-sh-auth': token },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: controlMessage(path) });
  });

  it.each([
    ['/dev/outbox?to=a%00b%40example.com', 'to'],
    ['/api/geo/autocomplete?input=Los%00Angeles', 'input'],
    ['/api/geo/geocode?place_id=90012%00', 'place_id'],
  ])('in the query string of %s', async (url, path) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: controlMessage(path) });
  });

  it('in x-sh-auth: 401, as any token that is not a live session', async () => {
    for (const header of [`${token}${NUL}`, `\u0001${token}`, 'x'.repeat(10_000)]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/customer/profile_customer',
        headers: { 'x-sh-auth': header },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: MSG.unauthorized });
    }
  });
});

describe('ids of 2^31 and more answer 422 with the range', () => {
  const range = (field: string) => `${field} must be a whole number from 1 to ${INT4_MAX}.`;
  it.each([2 ** 31, '2147483648', 2 ** 53])('notification_id %s', async (id) => {
    const res = await post('/app_api/mark_notification_read', { notification_id: id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: range('notification_id') });
  });

  it('category_id', async () => {
    const res = await post('/api/customer/get_item_by_category_id', { category_id: 2 ** 31 }, null);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message: 'category_id must be a category id.' });
  });

  it('move_type and an item _id of generate_request, with nothing written', async () => {
    const before = await requestCount();
    const moveType = await post('/api/customer/generate_request', payload({ move_type: 2 ** 31 }));
    expect(moveType.statusCode).toBe(422);
    expect(moveType.json()).toMatchObject({ message: MSG.selectMoveSize });
    const itemId = await post(
      '/api/customer/generate_request',
      payload({ items_array: [item({ _id: '2147483648' })] }),
    );
    expect(itemId.statusCode).toBe(422);
    expect(itemId.json()).toMatchObject({ message: '_id must be a catalogue item id.' });
    expect(await requestCount()).toBe(before);
  });

  it('move_type of the estimate', async () => {
    const res = await post(
      '/api/customer/calculate_estimated_price',
      {
        items_id_array: [],
        address_array: [address(0), address(1)],
        move_type: 2 ** 31,
        movers: 2,
      },
      null,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: MSG.selectMoveSize });
  });

  it('accepts the largest id and answers that no such row exists', async () => {
    const res = await post('/app_api/mark_notification_read', { notification_id: INT4_MAX });
    expect(res.statusCode).toBe(404);
  });
});

describe('inventories whose estimate would overflow the cents column', () => {
  const xl = (count: number) =>
    Array.from({ length: count }, (_, i) => item({ name: `Crate ${i}`, quantity: 999 }));

  it.each([
    ['36 lines of 999 Extra Large', () => xl(36), totalQuantityMessage],
    [
      `${MAX_ITEM_LINES + 320} lines`,
      () => Array.from({ length: MAX_ITEM_LINES + 320 }, () => item({ quantity: 1 })),
      `items_array may hold at most ${MAX_ITEM_LINES} items.`,
    ],
  ])('refuses %s in generate_request with 422, writing nothing', async (_label, items, message) => {
    const before = await requestCount();
    const res = await post('/api/customer/generate_request', payload({ items_array: items() }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, message });
    expect(await requestCount()).toBe(before);
  });

  it('refuses the same in the estimate, and flights over the limit', async () => {
    const estimate = (body: Record<string, unknown>) =>
      post(
        '/api/customer/calculate_estimated_price',
        {
          items_id_array: [],
          address_array: [address(0), address(1)],
          move_type: moveTypeId,
          movers: 2,
          ...body,
        },
        null,
      );
    const items = await estimate({ items_id_array: xl(36) });
    expect(items.statusCode).toBe(422);
    expect(items.json()).toMatchObject({ message: totalQuantityMessage });
    const flights = await estimate({
      address_array: [address(0, { number_of_flights: MAX_FLIGHTS + 1 }), address(1)],
    });
    expect(flights.statusCode).toBe(422);
    expect(flights.json()).toMatchObject({
      message: `number_of_flights must be a whole number from 0 to ${MAX_FLIGHTS}.`,
    });
  });

  it('stores the worst request the limits allow, its recommended amount inside the column', async () => {
    const lines = Math.ceil(MAX_TOTAL_QUANTITY / 999);
    const items = Array.from({ length: lines }, (_, i) =>
      item({
        name: `Crate ${i}`,
        quantity: i < lines - 1 ? 999 : MAX_TOTAL_QUANTITY - 999 * (lines - 1),
      }),
    );
    const addresses = Array.from({ length: 6 }, (_, i) =>
      address(i, { number_of_flights: MAX_FLIGHTS }),
    );
    const res = await post(
      '/api/customer/generate_request',
      payload({ items_array: items, address_array: addresses, movers: 2 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.recommendAmountCents).toBeGreaterThan(0);
    expect(row!.recommendAmountCents).toBeLessThan(INT4_MAX);
  });
});

describe('authentication before validation', () => {
  it.each([
    ['POST', '/app_api/update_password'],
    ['POST', '/app_api/mark_notification_read'],
    ['POST', '/api/customer/add_card'],
    ['POST', '/api/customer/generate_request'],
    ['POST', '/api/customer/get_customer_request'],
  ] as const)('%s %s answers 401 without a token, whatever the body', async (method, url) => {
    for (const payload of [{}, { junk: NUL }, 'not json']) {
      const res = await ctx.app.inject({
        method,
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: MSG.unauthorized });
    }
  });
});

describe('URLs over the limits answer in the envelope', () => {
  it(`answers 414 for a URL over ${MAX_URL_LENGTH} characters`, async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/geo/autocomplete?input=${'a'.repeat(MAX_URL_LENGTH)}`,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 414, message: MSG.urlTooLong });
  });

  it('answers 400 in the envelope for a URL that does not decode', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: res.statusCode });
  });

  describe('through a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as { port: number }).port;
    });

    /** Sends raw bytes and reads the whole answer until the server closes. */
    const raw = (request: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('utf8')));
        socket.on('error', (err) => (data ? undefined : reject(err)));
        socket.on('close', () => {
          const [head = '', body = ''] = data.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), body });
        });
        socket.write(request);
      });

    it('answers 414 with the envelope for a 10 KB URL', async () => {
      const res = await raw(
        `GET /api/geo/autocomplete?input=${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status).toBe(414);
      expect(JSON.parse(res.body)).toEqual({ code: 414, message: MSG.urlTooLong });
    });

    it("answers 431 with the envelope for a URL over Node's header limit", async () => {
      const res = await raw(
        `GET /api/geo/autocomplete?input=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({ code: 431, message: MSG.headersTooLarge });
    });

    it('answers 400 with the envelope for bytes that are not HTTP', async () => {
      const res = await raw('HELLO THERE\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 400, message: MSG.badRequest });
    });
  });
});
