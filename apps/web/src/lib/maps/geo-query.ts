import { queryOptions } from '@tanstack/react-query';
import { type LatLng } from '@movehub/shared';
import { callApi } from '../api-client';

/*
 * The maps' calls through our server (spec/request-lifecycle.md §7; the provider's key stays
 * there): the browser map's settings, the driving route through points, address suggestions and
 * geocoding. The wizard, the tracking map and the address edit screens share them.
 */

export const geoKeys = {
  config: ['geo', 'config'] as const,
  directions: (pointsKey: string) => ['geo', 'directions', pointsKey] as const,
  autocomplete: (term: string) => ['geo', 'autocomplete', term] as const,
};

/** GET /api/geo/config: tile URL, provider, default centre and zoom. */
export function getGeoConfig(signal?: AbortSignal) {
  return callApi('GET /api/geo/config', { signal });
}

export const geoConfigQueryOptions = () =>
  queryOptions({
    queryKey: geoKeys.config,
    queryFn: ({ signal }) => getGeoConfig(signal),
    staleTime: Infinity,
  });

/** POST /api/geo/directions: the route line; a failure is only logged (spec §8). */
export function getDirections(points: LatLng[], signal?: AbortSignal) {
  return callApi('POST /api/geo/directions', {
    body: { points },
    signal,
    suppressToast: true,
  });
}

/** The route for one settled set of points; `pointsKey` is those points as a string. */
export const directionsQueryOptions = (pointsKey: string, points: LatLng[]) =>
  queryOptions({
    queryKey: geoKeys.directions(pointsKey),
    queryFn: ({ signal }) => getDirections(points, signal),
    staleTime: Infinity,
    retry: false,
  });

/** GET /api/geo/autocomplete?input=…: suggestions in the US and Pakistan. */
export function autocompleteAddress(input: string, signal?: AbortSignal) {
  return callApi('GET /api/geo/autocomplete', {
    query: { input },
    signal,
    suppressToast: true,
  });
}

export const autocompleteQueryOptions = (term: string) =>
  queryOptions({
    queryKey: geoKeys.autocomplete(term),
    queryFn: ({ signal }) => autocompleteAddress(term, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

/** GET /api/geo/geocode?place_id=…: the address's parts and position. */
export function geocodePlace(placeId: string) {
  return callApi('GET /api/geo/geocode', { query: { place_id: placeId } });
}
