import { describe, expect, it } from 'vitest';
import { GEO_USER_AGENT, GeoError } from './geo-provider';
import { OfflineGazetteer } from './offline-gazetteer';
import { OpenGeoProvider } from './open-geo';

/** A fetch that records the calls and answers them in turn. */
function fakeFetch(...answers: (() => Response)[]) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), init });
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (!answer) throw new TypeError('fetch failed');
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const nominatimPlace = {
  osm_type: 'way',
  osm_id: 123,
  lat: '34.0522',
  lon: '-118.2437',
  display_name: '100, South Main Street, Los Angeles, California, 90012, United States',
  address: {
    house_number: '100',
    road: 'South Main Street',
    city: 'Los Angeles',
    state: 'California',
    'ISO3166-2-lvl4': 'US-CA',
    postcode: '90012',
    country_code: 'us',
  },
};
const offline = new OfflineGazetteer();

describe('OpenGeoProvider: Nominatim', () => {
  it('searches in the US and PK with our User-Agent and reads the parts', async () => {
    const { fetch, calls } = fakeFetch(json([nominatimPlace]));
    const geo = new OpenGeoProvider(
      { nominatimUrl: 'https://nominatim.example/base' },
      offline,
      fetch,
    );
    const list = await geo.autocomplete('100 Main St', { countries: ['us', 'pk'], limit: 8 });
    const call = calls[0];
    expect(String(call?.url).split('?')[0]).toBe('https://nominatim.example/base/search');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      q: '100 Main St',
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'us,pk',
      limit: '8',
    });
    expect((call?.init?.headers as Record<string, string>)['user-agent']).toBe(GEO_USER_AGENT);
    expect(call?.init?.signal).toBeInstanceOf(AbortSignal);
    expect(list).toEqual([
      {
        place_id: 'osm:W123',
        description: nominatimPlace.display_name,
        zip_code: '90012',
        city: 'Los Angeles',
        state: 'CA',
        country: 'USA',
        latitude: 34.0522,
        longitude: -118.2437,
        street_address: '100 South Main Street',
      },
    ]);
    expect(geo.kind).toBe('nominatim');
  });

  it('geocodes an issued id through lookup', async () => {
    const { fetch, calls } = fakeFetch(json([nominatimPlace]));
    const geo = new OpenGeoProvider({ nominatimUrl: 'https://nominatim.example' }, offline, fetch);
    const address = await geo.geocode('osm:W123');
    expect(calls[0]?.url.pathname).toBe('/lookup');
    expect(calls[0]?.url.searchParams.get('osm_ids')).toBe('W123');
    expect(address).toEqual({
      zip_code: '90012',
      city: 'Los Angeles',
      state: 'CA',
      country: 'USA',
      country_code: 'US',
      formated_address: nominatimPlace.display_name,
      lat: 34.0522,
      lng: -118.2437,
      street_number: '100',
      route: 'South Main Street',
    });
    const none = new OpenGeoProvider(
      { nominatimUrl: 'https://n.example' },
      offline,
      fakeFetch(json([])).fetch,
    );
    expect(await none.geocode('osm:N1')).toBeNull();
  });

  it('turns an error status, a network fault or a non-JSON answer into an unavailable GeoError', async () => {
    for (const answer of [
      json({ error: 'busy' }, 503),
      () => new Response('<html>', { status: 200 }),
      () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      const geo = new OpenGeoProvider(
        { nominatimUrl: 'https://n.example' },
        offline,
        fakeFetch(answer).fetch,
      );
      const err: unknown = await geo
        .autocomplete('Main', { countries: ['us'], limit: 8 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GeoError);
      expect((err as GeoError).kind).toBe('unavailable');
    }
  });
});

describe('OpenGeoProvider: Photon', () => {
  it('keeps US and PK features only and issues position ids', async () => {
    const feature = (countrycode: string, name: string) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-118.49, 34.01] },
      properties: {
        name,
        city: 'Santa Monica',
        state: 'California',
        postcode: '90401',
        country: 'United States',
        countrycode,
      },
    });
    const { fetch, calls } = fakeFetch(
      json({ features: [feature('MX', 'Playa'), feature('US', 'Santa Monica Pier')] }),
    );
    const geo = new OpenGeoProvider({ photonUrl: 'https://photon.example' }, offline, fetch);
    const list = await geo.autocomplete('Santa Mon', { countries: ['us', 'pk'], limit: 8 });
    expect(calls[0]?.url.pathname).toBe('/api');
    expect(calls[0]?.url.searchParams.get('q')).toBe('Santa Mon');
    expect(list).toEqual([
      {
        place_id: 'pos:34.01,-118.49',
        description: 'Santa Monica Pier, Santa Monica, California 90401, United States',
        zip_code: '90401',
        city: 'Santa Monica',
        state: 'CA',
        country: 'USA',
        latitude: 34.01,
        longitude: -118.49,
      },
    ]);
  });
});

describe('OpenGeoProvider: OSRM', () => {
  const points = [
    { lat: 34.0614, lng: -118.2385 },
    { lat: 34.0219, lng: -118.4814 },
  ];
  const ok = {
    code: 'Ok',
    routes: [
      {
        distance: 24140.16,
        geometry: {
          type: 'LineString',
          coordinates: [
            [-118.2385, 34.0614],
            [-118.3, 34.05],
            [-118.4814, 34.0219],
          ],
        },
        legs: [{ distance: 24140.16 }],
      },
    ],
  };

  it('asks for driving without motorways, tolls and ferries and reads miles and the line', async () => {
    const { fetch, calls } = fakeFetch(json(ok));
    const geo = new OpenGeoProvider({ osrmUrl: 'https://osrm.example' }, offline, fetch);
    const route = await geo.directions(points);
    expect(calls[0]?.url.pathname).toBe('/route/v1/driving/-118.2385,34.0614;-118.4814,34.0219');
    expect(calls[0]?.url.searchParams.get('exclude')).toBe('motorway,toll,ferry');
    expect(calls[0]?.url.searchParams.get('geometries')).toBe('geojson');
    expect(route).toEqual({
      distance_miles: 15,
      points: [points[0], { lat: 34.05, lng: -118.3 }, points[1]],
      legs: [{ distance_miles: 15 }],
    });
    // Search stays on the offline gazetteer when only OSRM is configured.
    expect(geo.kind).toBe('offline');
  });

  it('drops the exclude when the profile does not support it', async () => {
    const { fetch, calls } = fakeFetch(
      json({ code: 'InvalidValue', message: 'Exclude flag combination is not supported.' }, 400),
      json(ok),
    );
    const route = await new OpenGeoProvider(
      { osrmUrl: 'https://osrm.example' },
      offline,
      fetch,
    ).directions(points);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url.searchParams.has('exclude')).toBe(false);
    expect(route.distance_miles).toBe(15);
  });

  it('reports NoRoute as no_route and other failures as unavailable', async () => {
    const noRoute = new OpenGeoProvider(
      { osrmUrl: 'https://o.example' },
      offline,
      fakeFetch(json({ code: 'NoRoute' }, 400)).fetch,
    );
    await expect(noRoute.directions(points)).rejects.toMatchObject({ kind: 'no_route' });
    const down = new OpenGeoProvider(
      { osrmUrl: 'https://o.example' },
      offline,
      fakeFetch(json({}, 502)).fetch,
    );
    await expect(down.directions(points)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
