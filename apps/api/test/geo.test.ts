import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addLocalDays,
  haversineMiles,
  routeMiles,
  toSpecDate,
  type GeocodedAddress,
  type PlaceSuggestion,
} from '@movehub/shared';
import { moveTypes } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle } from './lifecycle';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const autocomplete = async (input: string) => {
  const res = await get(`/api/geo/autocomplete?input=${encodeURIComponent(input)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { predictions: PlaceSuggestion[] } }).data.predictions;
};
const directions = (points: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/geo/directions', payload: { points } });

// Both inside Los Angeles county.
const DOWNTOWN = { lat: 34.0614, lng: -118.2385 }; // 90012
const SANTA_MONICA = { lat: 34.0219, lng: -118.4814 };

describe('offline geo (the default provider)', () => {
  it('offers nothing for a zip code or a city alone: a move address needs a street line', async () => {
    for (const input of ['9001', '90028', 'santa Mon', 'Los Angeles', 'Los Angeles 90028']) {
      expect(await autocomplete(input), input).toEqual([]);
    }
  });

  it('never offers a street in a zip it cannot know: a street and a city give nothing', async () => {
    // Issue 31: this offered '1600 Vine St, Los Angeles' in 8 zips, none of them its own (90028).
    expect(await autocomplete('1600 Vine St, Los Angeles')).toEqual([]);
    expect(await autocomplete('1600 Vine St Los Angeles')).toEqual([]);
    // A unit number after the street is no zip code.
    expect(await autocomplete('1600 Vine St Apt 4')).toEqual([]);
    // The street typed with its zip: that zip, named by itself, the street kept as typed.
    const [choice, ...others] = await autocomplete('1600 Vine St, Los Angeles 90028');
    expect(others).toEqual([]);
    expect(choice).toEqual({
      place_id: 'zip:90028|1600 Vine St',
      description: 'Los Angeles, CA 90028, USA',
      zip_code: '90028',
      city: 'Los Angeles',
      state: 'CA',
      country: 'USA',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      street_address: '1600 Vine St',
    });
  });

  it('lists the zips that start with what was typed after a street, with coordinates', async () => {
    const list = await autocomplete('1600 Vine St, 9001');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    for (const p of list) {
      expect(p.zip_code).toMatch(/^9001\d$/);
      expect(p.city).toBe('Los Angeles');
      expect(p.state).toBe('CA');
      expect(p.country).toBe('USA');
      expect(p.latitude).toBeCloseTo(34, 0);
      expect(p.longitude).toBeCloseTo(-118.3, 0);
      expect(p.street_address).toBe('1600 Vine St');
      expect(p.description).not.toContain('Vine');
    }
    expect(list[0]?.description).toBe('Los Angeles, CA 90010, USA');
    expect(list[0]?.place_id).toBe('zip:90010|1600 Vine St');
    // Fewer than three digits are still being typed.
    expect(await autocomplete('1600 Vine St 90')).toEqual([]);
  });

  it("offers a city's central zips first, not its lowest numbers or post-office boxes", async () => {
    const list = await autocomplete('200 N Spring St, Los Angeles, 900');
    expect(list).toHaveLength(8);
    expect(list.every((p) => p.city === 'Los Angeles' && p.state === 'CA')).toBe(true);
    const zips = list.map((p) => p.zip_code);
    // Numeric order would give 90001–90008 (South LA); 90009 and 90030 are PO boxes.
    expect(zips).not.toEqual([
      '90001',
      '90002',
      '90003',
      '90004',
      '90005',
      '90006',
      '90007',
      '90008',
    ]);
    expect(zips).not.toContain('90009');
    expect(zips).not.toContain('90030');
    // Each is within five miles of downtown and Koreatown, the middle of the city.
    for (const p of list) {
      expect(
        haversineMiles(DOWNTOWN, { lat: p.latitude ?? 0, lng: p.longitude ?? 0 }),
      ).toBeLessThan(5);
    }
  });

  it('ranks the whole city name before longer names that start with it', async () => {
    const list = await autocomplete('1 Ocean Ave, Santa Monica 904');
    expect(list[0]?.city).toBe('Santa Monica');
    expect(
      list.every(
        (p) => haversineMiles(SANTA_MONICA, { lat: p.latitude ?? 0, lng: p.longitude ?? 0 }) < 10,
      ),
    ).toBe(true);
    // The residential zips (90401–90405) before Santa Monica's post-office boxes.
    expect(
      list
        .slice(0, 5)
        .map((p) => p.zip_code)
        .sort(),
    ).toEqual(['90401', '90402', '90403', '90404', '90405']);
  });

  it('reads a street with or without a comma or a house number, and lets the zip decide', async () => {
    const [byZip] = await autocomplete('200 N Spring St 90012');
    expect(byZip?.place_id).toBe('zip:90012|200 N Spring St');
    // The full label, as the field shows it once chosen, finds itself.
    const again = await autocomplete('200 N Spring St, Los Angeles, CA 90012, USA');
    expect(again.map((p) => p.place_id)).toEqual([byZip?.place_id]);
    expect((await autocomplete('N Spring St, 90012'))[0]?.street_address).toBe('N Spring St');
    // A neighbourhood typed as the city: the zip still places the street.
    const [hollywood] = await autocomplete('1600 Vine St, Hollywood, 90028');
    expect(hollywood).toMatchObject({ zip_code: '90028', street_address: '1600 Vine St' });
    // A street alone names no place the gazetteer knows.
    expect(await autocomplete('200 N Spring St')).toEqual([]);
  });

  it('geocodes a street at the centre of its zip, as typed, and says it is approximate', async () => {
    const [choice] = await autocomplete('200 N Spring St, Los Angeles, CA 90012');
    const res = await get(
      `/api/geo/geocode?place_id=${encodeURIComponent(choice?.place_id ?? '')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        address: {
          zip_code: '90012',
          city: 'Los Angeles',
          state: 'CA',
          country: 'USA',
          country_code: 'US',
          formated_address: '200 N Spring St, Los Angeles, CA 90012, USA',
          street_number: '200',
          route: 'N Spring St',
          lat: DOWNTOWN.lat,
          lng: DOWNTOWN.lng,
          approximate: true,
        },
      },
    });
  });

  it('gives an empty list under 2 characters or without a match', async () => {
    expect(await autocomplete('9')).toEqual([]);
    expect(await autocomplete(' ')).toEqual([]);
    expect(await autocomplete('Zzzyzx Nowhere')).toEqual([]);
    const res = await get('/api/geo/autocomplete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { predictions: [] } });
  });

  it('answers 404 for an unknown place and 422 without a place id', async () => {
    const res = await get('/api/geo/geocode?place_id=zip:00000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'No address was found for this place.' });
    expect((await get('/api/geo/geocode')).statusCode).toBe(422);
  });

  it('routes between two LA zips in straight segments with haversine miles', async () => {
    const res = await directions([DOWNTOWN, SANTA_MONICA]);
    expect(res.statusCode, res.body).toBe(200);
    const { route } = (
      res.json() as {
        data: {
          route: { distance_miles: number; points: unknown[]; legs: { distance_miles: number }[] };
        };
      }
    ).data;
    expect(route.distance_miles).toBeGreaterThan(0);
    expect(route.distance_miles).toBe(routeMiles([DOWNTOWN, SANTA_MONICA]));
    expect(route.points).toEqual([DOWNTOWN, SANTA_MONICA]);
    expect(route.legs).toEqual([{ distance_miles: route.distance_miles }]);
  });

  it('refuses 1 point, 7 points and a point off the globe', async () => {
    for (const points of [[DOWNTOWN], Array.from({ length: 7 }, () => DOWNTOWN)]) {
      const res = await directions(points);
      expect(res.statusCode).toBe(422);
      expect((res.json() as { message: string }).message).toBe(
        'points must hold 2 to 6 positions.',
      );
    }
    expect((await directions([DOWNTOWN, { lat: 91, lng: 0 }])).statusCode).toBe(422);
    expect((await directions('x')).statusCode).toBe(422);
  });

  it('tells the browser the map defaults, without any key', async () => {
    const res = await get('/api/geo/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: expect.any(String),
      data: {
        map_tile_url: null,
        provider: 'offline',
        default_center: { lat: 33.9679, lng: -118.297 },
        default_zoom: 11,
      },
    });
  });
});

describe('geo configuration', () => {
  it('passes MAP_TILE_URL to the browser and names the configured provider, never the key', async () => {
    const other = await buildTestApp({
      MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
      GOOGLE_MAPS_KEY: 'secret-maps-key',
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/geo/config' });
      expect(res.json()).toMatchObject({
        data: { map_tile_url: 'https://tiles.example.com/{z}/{x}/{y}.png', provider: 'google' },
      });
      expect(res.body).not.toContain('secret-maps-key');
    } finally {
      await other.close();
    }
  });
});

describe('a maps provider that is down', () => {
  it('answers a clear 500 envelope for search and directions, and the server keeps serving', async () => {
    // Port 9 (discard) refuses connections: the provider is unreachable.
    const down = await buildTestApp({
      NOMINATIM_URL: 'http://127.0.0.1:9/',
      OSRM_URL: 'http://127.0.0.1:9/',
    });
    try {
      const search = await down.app.inject({
        method: 'GET',
        url: '/api/geo/autocomplete?input=Santa',
      });
      expect(search.statusCode).toBe(500);
      expect(search.json()).toEqual({
        code: 500,
        message: 'The maps service is unavailable right now; try again later.',
      });
      const route = await down.app.inject({
        method: 'POST',
        url: '/api/geo/directions',
        payload: { points: [DOWNTOWN, SANTA_MONICA] },
      });
      expect(route.statusCode).toBe(500);
      expect((route.json() as { message: string }).message).toMatch(/maps service is unavailable/);
      const config = await down.app.inject({ method: 'GET', url: '/api/geo/config' });
      expect(config.json()).toMatchObject({ data: { provider: 'nominatim' } });
    } finally {
      await down.close();
    }
  });
});

describe('map tiles', () => {
  it('lets the browser load tiles from MAP_TILE_URL, and only then', async () => {
    const tiles = await buildTestApp({
      MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    });
    try {
      const res = await tiles.app.inject({ method: 'GET', url: '/api/geo/config' });
      expect(res.headers['content-security-policy']).toContain('img-src');
      expect(res.headers['content-security-policy']).toContain('https://*.tile.example.org');
    } finally {
      await tiles.close();
    }
  });
});

describe('an address placed at its zip centre, stored and said (issue 31)', () => {
  const life = lifecycle(() => ctx);
  const place = async (input: string) => {
    const [choice] = await autocomplete(input);
    const res = await get(`/api/geo/geocode?place_id=${encodeURIComponent(choice!.place_id)}`);
    return (res.json() as { data: { address: GeocodedAddress } }).data.address;
  };
  /** An address as the wizard sends it (toWireAddress) from a geocoded place. */
  const wire = (p: GeocodedAddress, type: '1' | '2') => ({
    street_address: `${p.street_number ?? ''} ${p.route ?? ''}`.trim(),
    apartment_number: '',
    address_detail: '',
    is_storage: false,
    complete_address: p.formated_address,
    zip_code: p.zip_code,
    city: p.city,
    state: p.state,
    country: 'USA',
    is_stairs: false,
    is_elevator: true,
    is_hardwood_floor: false,
    number_of_flights: 0,
    parking_and_building_info: '',
    latitude: p.lat,
    longitude: p.lng,
    address_type: type,
  });
  async function send(token: string, addresses: object[]) {
    const [size] = await ctx.database.db
      .select({ id: moveTypes.id })
      .from(moveTypes)
      .where(eq(moveTypes.name, 'Studio'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/generate_request',
      headers: { 'x-sh-auth': token },
      payload: {
        request_type: '0',
        address_array: addresses,
        starting_lat: 34.05,
        starting_long: -118.24,
        schedule_time: '',
        move_type: size!.id,
        payment_status: '0',
        customer_budget: 500,
        final_comment: '',
        s_date: toSpecDate(addLocalDays(new Date(), 12)),
        s_time: '08:00 - 09:00',
        movers: 2,
        items_array: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
  }
  const detail = async (token: string, requestId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/customer_request_detail',
      headers: { 'x-sh-auth': token },
      payload: { request_id: requestId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      request: { net_distance: number; net_distance_approximate: boolean };
      request_address: { complete_address: string; is_approximate_location: boolean }[];
    };
  };

  it('marks the zip-centre address approximate, to the customer and the company, and its distance', async () => {
    const customer = await life.customer(null);
    const company = await life.company();
    // Offline, the pick-up is placed at its zip's centre; the drop-off came from a maps service.
    const pickUp = await place('200 N Spring St, 90012');
    const dropOff: GeocodedAddress = {
      ...(await place('1550 Ocean Ave, 90401')),
      lat: 34.0128,
      lng: -118.4951,
    };
    const id = await send(customer.token, [wire(pickUp, '1'), wire(dropOff, '2')]);

    const seen = await detail(customer.token, id);
    expect(seen.request_address.map((a) => a.is_approximate_location)).toEqual([true, false]);
    expect(seen.request_address[0]?.complete_address).toBe(
      '200 N Spring St, Los Angeles, CA 90012, USA',
    );
    expect(seen.request.net_distance).toBeGreaterThan(0);
    expect(seen.request.net_distance_approximate).toBe(true);

    // The company pricing it reads the same.
    const open = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/open_requests',
      headers: { 'x-sh-auth': company.token },
      payload: {},
    });
    expect(open.statusCode, open.body).toBe(200);
    const mine = (
      open.json().data as {
        id: number;
        net_distance_approximate: boolean;
        request_address: { is_approximate_location: boolean }[];
      }[]
    ).find((r) => r.id === id);
    expect(mine?.request_address.map((a) => a.is_approximate_location)).toEqual([true, false]);
    expect(mine?.net_distance_approximate).toBe(true);
  });

  it('says nothing of the kind when every address is placed at its street', async () => {
    const customer = await life.customer(null);
    const near = (p: GeocodedAddress) => ({ ...p, lat: p.lat + 0.0031, lng: p.lng - 0.0027 });
    const id = await send(customer.token, [
      wire(near(await place('200 N Spring St, 90012')), '1'),
      wire(near(await place('1550 Ocean Ave, 90401')), '2'),
    ]);
    const seen = await detail(customer.token, id);
    expect(seen.request_address.map((a) => a.is_approximate_location)).toEqual([false, false]);
    expect(seen.request.net_distance_approximate).toBe(false);
  });
});
