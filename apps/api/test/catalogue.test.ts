import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { estimatePrice, MSG, routeMiles } from '@movehub/shared';
import { catalogueItems, moveTypes, serviceZipCodes, waitlistAreas } from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { MOVE_TYPE_NAMES, PACKING_MATERIALS, ROOM_ITEMS } from '../src/db/seed/catalogue';
import { buildTestApp, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

interface Item {
  id: number;
  name: string;
  type: string;
  size: string;
  category_name: string;
  category_id: number;
  unit_price: number;
  currency: string;
  desciption: string;
  is_active: boolean;
}

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

const moveTypeList = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/customer/get_move_type' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { moveTypeItems: { id: number; name: string }[] } }).data
    .moveTypeItems;
};

const roomTypes = async () => {
  const res = await post('/api/customer/get_item_categories_by_type', { type: '1' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { items: { id: number; name: string }[] } }).data.items;
};

const itemsOf = async (url: string, payload: object) => {
  const res = await post(url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { items: Item[] } }).data.items;
};

describe('catalogue reads (no token)', () => {
  it("lists the move types in the spec's wording and order", async () => {
    const list = await moveTypeList();
    expect(list.map((m) => m.name)).toEqual([
      'Studio',
      '1 bed room apt.',
      '2 bed room apt.',
      '3 bed room apt.',
      '4 bed room apt.',
      'Office',
      'Storage Unit',
    ]);
  });

  it('lists the room types, without the Common List', async () => {
    const names = (await roomTypes()).map((r) => r.name);
    expect(names).toEqual([
      'Living Room',
      'Bedroom',
      'Kitchen',
      'Dining Room',
      'Office',
      'Garage',
      'Bathroom',
      'Kids Room',
      'Patio/Outdoor',
    ]);
  });

  it('gives the items of a room with sizes, dollars and USD', async () => {
    const living = (await roomTypes()).find((r) => r.name === 'Living Room')!;
    const items = await itemsOf('/api/customer/get_item_by_category_id', {
      type: '',
      category_id: living.id,
    });
    expect(items.length).toBeGreaterThanOrEqual(8);
    const sofa = items.find((i) => i.name === 'Sofa 3-seat')!;
    expect(sofa).toMatchObject({
      type: '1',
      size: '3',
      category_name: 'Living Room',
      category_id: living.id,
      unit_price: 85,
      currency: 'USD',
      is_active: true,
    });
    expect(items.every((i) => i.category_id === living.id && i.type === '1')).toBe(true);
    // The same call with a numeric category id and type '2' has no extra items in a room.
    expect(
      await itemsOf('/api/customer/get_item_by_category_id', { type: '2', category_id: living.id }),
    ).toEqual([]);
  });

  it('gives every room 8 to 15 items', async () => {
    for (const room of await roomTypes()) {
      const items = await itemsOf('/api/customer/get_item_by_category_id', {
        type: '',
        category_id: String(room.id),
      });
      expect(items.length, room.name).toBeGreaterThanOrEqual(8);
      expect(items.length, room.name).toBeLessThanOrEqual(15);
    }
  });

  it("get_item type '1' lists the regular items, Common List included", async () => {
    const items = await itemsOf('/api/customer/get_item', { type: '1' });
    expect(items.every((i) => i.type === '1')).toBe(true);
    expect(items.some((i) => i.category_name === 'Common List' && i.name === 'Box (large)')).toBe(
      true,
    );
    const regularCount = Object.values(ROOM_ITEMS).reduce((n, list) => n + list.length, 0);
    expect(items.length).toBeGreaterThan(regularCount);
  });

  it("get_item type '2' lists the packing materials with prices and tooltips", async () => {
    const items = await itemsOf('/api/customer/get_item', {
      type: '2',
      company_direct_link: 'abc',
    });
    expect(items.map((i) => i.name)).toEqual(PACKING_MATERIALS.map(([name]) => name));
    const tape = items.find((i) => i.name === 'Packing tape')!;
    expect(tape).toMatchObject({ type: '2', unit_price: 3, currency: 'USD' });
    for (const item of items) {
      expect(item.category_name).toBe('Packing Materials');
      expect(item.unit_price).toBeGreaterThan(0);
      expect(item.desciption).toMatch(/^[A-Z].{20,}\.$/);
    }
  });

  it('refuses an unknown type with 422', async () => {
    const res = await post('/api/customer/get_item', { type: '3' });
    expect(res.statusCode).toBe(422);
  });
});

describe('service area and wait-list', () => {
  it('serves 90012 (downtown Los Angeles)', async () => {
    const res = await post('/api/customer/check_service_area', { zip_code: '90012' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200 });
  });

  it("answers 400 with the spec's message for 10001 (New York)", async () => {
    const res = await post('/api/customer/check_service_area', { zip_code: '10001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.notInArea });
    expect(MSG.notInArea).toBe('We are not in your area yet. But will be there very soon...');
  });

  it('does not serve neighbouring counties that share the LA ranges', async () => {
    for (const zip of ['91761', '93555', '90630']) {
      const res = await post('/api/customer/check_service_area', { zip_code: zip });
      expect(res.statusCode, zip).toBe(400);
    }
  });

  it('refuses a malformed zip with 422', async () => {
    for (const zip_code of ['9001', 'abcde', '900123', '']) {
      const res = await post('/api/customer/check_service_area', { zip_code });
      expect(res.statusCode, zip_code).toBe(422);
    }
  });

  it('the wizard lookup answers 200 with served true for 90012 and false for 10001', async () => {
    const lookup = (zip: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/customer/service_area?zip_code=${zip}` });
    const served = await lookup('90012');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual({
      code: 200,
      message: 'Your area is served.',
      data: { zip_code: '90012', served: true },
    });
    for (const zip of ['10001', '91761']) {
      const res = await lookup(zip);
      expect(res.statusCode, zip).toBe(200);
      expect(res.json()).toEqual({
        code: 200,
        message: MSG.notInArea,
        data: { zip_code: zip, served: false },
      });
    }
  });

  it('the wizard lookup refuses a malformed or missing zip with 422', async () => {
    for (const url of [
      '/api/customer/service_area?zip_code=9001',
      '/api/customer/service_area?zip_code=abcde',
      '/api/customer/service_area',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect((res.json() as { code: number }).code).toBe(422);
    }
  });

  it('adds to the wait-list, and a repeat is still 200 with one row', async () => {
    const payload = { email: 'Wait.Lister@Example.com', zip_code: '10001' };
    for (const body of [payload, payload, { ...payload, email: 'wait.lister@example.com' }]) {
      const res = await post('/api/customer/add_wishlist_area', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, message: 'Zipcode added into our waitlist.' });
    }
    const rows = await ctx.database.db
      .select()
      .from(waitlistAreas)
      .where(sql`lower(${waitlistAreas.email}) = 'wait.lister@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.zipCode).toBe('10001');
  });

  it('refuses a bad email or zip on the wait-list with 422', async () => {
    const bad = [
      { email: 'not-an-email', zip_code: '10001' },
      { email: 'a@b.com', zip_code: '1000' },
      { zip_code: '10001' },
    ];
    for (const body of bad) {
      const res = await post('/api/customer/add_wishlist_area', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('calculate_estimated_price', () => {
  const items = [
    { _id: 1, name: 'Loveseat', type: '1', unit_price: 60, size: '2', quantity: 10 },
    { _id: 2, name: 'Dresser', type: '1', unit_price: 60, size: '3', quantity: '4' },
    { _id: 3, name: 'Nightstand', type: '1', unit_price: 20, size: '1', quantity: 20 },
    { _id: 4, name: 'Wardrobe', type: '1', unit_price: 90, size: '4', quantity: 2 },
    { _id: 5, name: 'Medium box', type: '2', unit_price: 4, size: '0', quantity: 30 },
  ];
  const address = (lat: number, lng: number, stairs: boolean, flights: number) => ({
    latitude: lat,
    longitude: lng,
    is_stairs: stairs,
    is_elevator: !stairs,
    number_of_flights: flights,
    zip_code: '90012',
  });
  const twoBedroomId = async () =>
    (await moveTypeList()).find((m) => m.name === '2 bed room apt.')!.id;
  const estimate = async (payload: object) => {
    const res = await post('/api/customer/calculate_estimated_price', payload);
    return res;
  };

  it("computes the shared model's worked example (no distance: 3 stops at one point)", async () => {
    const res = await estimate({
      items_id_array: items,
      address_array: [
        address(34.0614, -118.2385, true, 2),
        address(34.0614, -118.2385, false, 0),
        address(34.0614, -118.2385, true, 1),
      ],
      move_type: await twoBedroomId(),
      movers: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    // volume 950, handling 950/300 × 1.24, drive 0.25 h (one extra stop), $45 × 3, truck $75:
    // $638.85, so $575 – $767; and the 30 medium boxes picked at $4, $120 on both bounds.
    expect(res.json()).toEqual({
      code: 200,
      message: 'Success',
      data: { Estimated_Price_Start: 695, Estimated_Price_End: 887 },
    });
  });

  it('matches estimatePrice over the route miles of the addresses, and rises with movers', async () => {
    const addresses = [
      address(34.0614, -118.2385, true, 2), // 90012 downtown
      address(34.0195, -118.4912, false, 0), // Santa Monica
      address(33.7701, -118.1937, true, 1), // Long Beach
    ];
    const miles = routeMiles(addresses.map((a) => ({ lat: a.latitude, lng: a.longitude })));
    expect(miles).toBeGreaterThan(30);
    const results: number[] = [];
    for (const movers of [2, 3, 4]) {
      const res = await estimate({
        items_id_array: items,
        address_array: addresses,
        move_type: String(await twoBedroomId()),
        movers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json() as {
        data: { Estimated_Price_Start: number; Estimated_Price_End: number };
      };
      const expected = estimatePrice({
        items: items.map((i) => ({ ...i, quantity: Number(i.quantity) })),
        movers,
        miles,
        moveTypeName: '2 bed room apt.',
        addresses,
      });
      expect(data).toEqual({
        Estimated_Price_Start: expected.low,
        Estimated_Price_End: expected.high,
      });
      expect(data.Estimated_Price_End).toBeGreaterThan(data.Estimated_Price_Start);
      results.push(data.Estimated_Price_Start);
    }
    expect(results[1]).toBeGreaterThan(results[0]!);
    expect(results[2]).toBeGreaterThan(results[1]!);
  });

  const valid = async () => ({
    items_id_array: items,
    address_array: [address(34.06, -118.24, false, 0), address(34.02, -118.49, false, 0)],
    move_type: await twoBedroomId(),
    movers: 2,
  });

  it('refuses 7 addresses', async () => {
    const body = await valid();
    const res = await estimate({
      ...body,
      address_array: Array.from({ length: 7 }, () => address(34.06, -118.24, false, 0)),
    });
    expect(res.statusCode).toBe(422);
    expect(
      (await estimate({ ...body, address_array: body.address_array.slice(0, 1) })).statusCode,
    ).toBe(422);
  });

  it('refuses a negative, decimal or 4-digit quantity', async () => {
    const body = await valid();
    for (const quantity of [-1, 1.5, 1000, '-2']) {
      const res = await estimate({
        ...body,
        items_id_array: [{ ...items[0], quantity }],
      });
      expect(res.statusCode, String(quantity)).toBe(422);
    }
  });

  it('refuses movers outside 2–4, negative flights and an unknown move type', async () => {
    const body = await valid();
    expect((await estimate({ ...body, movers: 5 })).statusCode).toBe(422);
    expect((await estimate({ ...body, movers: 1 })).statusCode).toBe(422);
    const stairs = address(34.06, -118.24, true, -1);
    expect(
      (await estimate({ ...body, address_array: [stairs, body.address_array[1]] })).statusCode,
    ).toBe(422);
    const unknown = await estimate({ ...body, move_type: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 400, message: MSG.selectMoveSize });
  });
});

describe('the catalogue seed', () => {
  it('is idempotent and seeds LA County zip codes in every mode', async () => {
    const count = async () => ({
      moveTypes: (await ctx.database.db.select().from(moveTypes)).length,
      items: (await ctx.database.db.select().from(catalogueItems)).length,
      zips: (await ctx.database.db.select().from(serviceZipCodes)).length,
    });
    const before = await count();
    await seed({ db: ctx.database.db, demo: false });
    expect(await count()).toEqual(before);
    expect(before.moveTypes).toBe(MOVE_TYPE_NAMES.length);
    expect(before.zips).toBeGreaterThan(500);
  });
});
