import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles, routeMiles, type PlaceSuggestion } from '@movehub/shared';
import { buildTestApp, type TestContext } from './helper';

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
  it('suggests Los Angeles zips with coordinates for a zip prefix', async () => {
    const list = await autocomplete('9001');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    for (const p of list) {
      expect(p.zip_code).toMatch(/^9001\d$/);
      expect(p.city).toBe('Los Angeles');
      expect(p.state).toBe('CA');
      expect(p.country).toBe('USA');
      expect(p.latitude).toBeCloseTo(34, 0);
      expect(p.longitude).toBeCloseTo(-118.3, 0);
    }
    expect(list[0]?.description).toBe('Los Angeles, CA 90010, USA');
    expect(list[0]?.place_id).toBe('zip:90010');
  });

  it('suggests Santa Monica for a case-insensitive city prefix', async () => {
    const list = await autocomplete('santa Mon');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list.every((p) => p.city === 'Santa Monica' && p.state === 'CA')).toBe(true);
    expect(
      list.every(
        (p) => haversineMiles(SANTA_MONICA, { lat: p.latitude ?? 0, lng: p.longitude ?? 0 }) < 10,
      ),
    ).toBe(true);
  });

  it("offers a city's central zips first, not its lowest numbers or post-office boxes", async () => {
    const list = await autocomplete('Los Angeles');
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
    const list = await autocomplete('Santa Monica');
    expect(list[0]?.city).toBe('Santa Monica');
    // The residential zips (90401–90405) before Santa Monica's post-office boxes.
    expect(
      list
        .slice(0, 5)
        .map((p) => p.zip_code)
        .sort(),
    ).toEqual(['90401', '90402', '90403', '90404', '90405']);
  });

  it('keeps a typed street and offers the zips of the city typed after it', async () => {
    const list = await autocomplete('200 N Spring St, Los Angeles');
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.street_address).toBe('200 N Spring St');
      expect(p.city).toBe('Los Angeles');
      expect(p.description).toBe(`200 N Spring St, Los Angeles, CA ${p.zip_code}, USA`);
    }
    // Without a comma, and with the zip instead of the city.
    expect((await autocomplete('200 N Spring St Los Angeles'))[0]?.street_address).toBe(
      '200 N Spring St',
    );
    const [byZip] = await autocomplete('200 N Spring St 90012');
    expect(byZip?.description).toBe('200 N Spring St, Los Angeles, CA 90012, USA');
    // The full label, as the field shows it once chosen, finds itself.
    const again = await autocomplete('200 N Spring St, Los Angeles, CA 90012, USA');
    expect(again.map((p) => p.place_id)).toEqual([byZip?.place_id]);
    // A street alone names no place the gazetteer knows.
    expect(await autocomplete('200 N Spring St')).toEqual([]);
  });

  it('geocodes a street suggestion at the centre of its zip, with the street as typed', async () => {
    const [choice] = await autocomplete('200 N Spring St, Los Angeles, CA 90012');
    const res = await get(
      `/api/geo/geocode?place_id=${encodeURIComponent(choice?.place_id ?? '')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        address: {
          zip_code: '90012',
          formated_address: '200 N Spring St, Los Angeles, CA 90012, USA',
          street_number: '200',
          route: 'N Spring St',
          lat: DOWNTOWN.lat,
          lng: DOWNTOWN.lng,
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

  it('geocodes an issued place id into the wizard address fields', async () => {
    const [first] = await autocomplete('90012');
    const res = await get(`/api/geo/geocode?place_id=${encodeURIComponent(first?.place_id ?? '')}`);
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
          formated_address: 'Los Angeles, CA 90012, USA',
          lat: DOWNTOWN.lat,
          lng: DOWNTOWN.lng,
        },
      },
    });
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
