import { describe, expect, it } from 'vitest';
import { GeoError } from './geo-provider';
import { decodePolyline, GoogleMapsProvider } from './google-maps';

function fakeFetch(body: unknown, status = 200) {
  const calls: URL[] = [];
  const fetch = (async (input: string | URL | Request) => {
    calls.push(new URL(String(input)));
    return new Response(JSON.stringify(body), { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('GoogleMapsProvider', () => {
  it('asks Places Autocomplete for the US and PK with the key, and lists the predictions', async () => {
    const { fetch, calls } = fakeFetch({
      status: 'OK',
      predictions: [{ place_id: 'ChIJ123', description: '100 S Main St, Los Angeles, CA, USA' }],
    });
    const list = await new GoogleMapsProvider('k1', fetch).autocomplete('100 S Main', {
      countries: ['us', 'pk'],
      limit: 8,
    });
    expect(calls[0]?.origin + (calls[0]?.pathname ?? '')).toBe(
      'https://maps.googleapis.com/maps/api/place/autocomplete/json',
    );
    expect(calls[0]?.searchParams.get('components')).toBe('country:us|country:pk');
    expect(calls[0]?.searchParams.get('input')).toBe('100 S Main');
    expect(calls[0]?.searchParams.get('key')).toBe('k1');
    expect(list).toEqual([
      {
        place_id: 'ChIJ123',
        description: '100 S Main St, Los Angeles, CA, USA',
        zip_code: null,
        city: null,
        state: null,
        country: null,
        latitude: null,
        longitude: null,
      },
    ]);
  });

  it('geocodes a place id into the wizard address fields', async () => {
    const { fetch, calls } = fakeFetch({
      status: 'OK',
      results: [
        {
          formatted_address: '100 S Main St, Los Angeles, CA 90012, USA',
          geometry: { location: { lat: 34.0522, lng: -118.2437 } },
          address_components: [
            { long_name: '100', short_name: '100', types: ['street_number'] },
            { long_name: 'South Main Street', short_name: 'S Main St', types: ['route'] },
            {
              long_name: 'Los Angeles',
              short_name: 'Los Angeles',
              types: ['locality', 'political'],
            },
            { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1'] },
            { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
            { long_name: '90012', short_name: '90012', types: ['postal_code'] },
          ],
        },
      ],
    });
    const address = await new GoogleMapsProvider('k1', fetch).geocode(
      'ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
    expect(calls[0]?.pathname).toBe('/maps/api/geocode/json');
    expect(calls[0]?.searchParams.get('place_id')).toBe('ChIJN1t_tDeuEmsRUsoyG83frY4');
    expect(address).toEqual({
      zip_code: '90012',
      city: 'Los Angeles',
      state: 'CA',
      country: 'USA',
      country_code: 'US',
      formated_address: '100 S Main St, Los Angeles, CA 90012, USA',
      lat: 34.0522,
      lng: -118.2437,
      street_number: '100',
      route: 'South Main Street',
    });
    expect(
      await new GoogleMapsProvider(
        'k',
        fakeFetch({ status: 'ZERO_RESULTS', results: [] }).fetch,
      ).geocode('ChIJnothing_at_all'),
    ).toBeNull();
  });

  it('asks Directions to avoid highways, tolls and ferries, with waypoints, and decodes the line', async () => {
    const { fetch, calls } = fakeFetch({
      status: 'OK',
      routes: [
        {
          overview_polyline: { points: '_p~iF~ps|U_ulLnnqC_mqNvxq`@' },
          legs: [{ distance: { value: 16093.44 } }, { distance: { value: 8046.72 } }],
        },
      ],
    });
    const route = await new GoogleMapsProvider('k1', fetch).directions([
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ]);
    const params = calls[0]?.searchParams;
    expect(calls[0]?.pathname).toBe('/maps/api/directions/json');
    expect(params?.get('avoid')).toBe('highways|tolls|ferries');
    expect(params?.get('mode')).toBe('driving');
    expect(params?.get('origin')).toBe('38.5,-120.2');
    expect(params?.get('destination')).toBe('43.252,-126.453');
    expect(params?.get('waypoints')).toBe('40.7,-120.95');
    expect(route).toEqual({
      distance_miles: 15,
      points: [
        { lat: 38.5, lng: -120.2 },
        { lat: 40.7, lng: -120.95 },
        { lat: 43.252, lng: -126.453 },
      ],
      legs: [{ distance_miles: 10 }, { distance_miles: 5 }],
    });
  });

  it('maps ZERO_RESULTS directions to no_route and a refused key to unavailable, without the key', async () => {
    const points = [
      { lat: 34, lng: -118 },
      { lat: 35, lng: -118 },
    ];
    await expect(
      new GoogleMapsProvider(
        'k',
        fakeFetch({ status: 'ZERO_RESULTS', routes: [] }).fetch,
      ).directions(points),
    ).rejects.toMatchObject({ kind: 'no_route' });
    const err: unknown = await new GoogleMapsProvider(
      'secret-key',
      fakeFetch({ status: 'REQUEST_DENIED' }).fetch,
    )
      .autocomplete('Main', { countries: ['us'], limit: 8 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GeoError);
    expect((err as GeoError).kind).toBe('unavailable');
    expect((err as GeoError).message).not.toContain('secret-key');
  });

  it("decodes Google's reference polyline", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ]);
  });
});
