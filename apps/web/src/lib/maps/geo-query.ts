import { queryOptions } from '@tanstack/react-query';
import { geoConfigResponseSchema, geoDirectionsResponseSchema, type LatLng } from '@movehub/shared';
import { callApi } from '../api-client';

/*
 * The maps' calls through our server (spec/request-lifecycle.md §7; the provider's key stays
 * there): the browser map's settings and the driving route through points. The wizard's map and
 * the tracking map share them.
 */

export const geoKeys = {
  config: ['geo', 'config'] as const,
  directions: (pointsKey: string) => ['geo', 'directions', pointsKey] as const,
};

/** GET /api/geo/config: tile URL, provider, default centre and zoom. */
export function getGeoConfig(signal?: AbortSignal) {
  return callApi('/api/geo/config', { schema: geoConfigResponseSchema, signal });
}

export const geoConfigQueryOptions = () =>
  queryOptions({
    queryKey: geoKeys.config,
    queryFn: ({ signal }) => getGeoConfig(signal),
    staleTime: Infinity,
  });

/** POST /api/geo/directions: the route line; a failure is only logged (spec §8). */
export function getDirections(points: LatLng[], signal?: AbortSignal) {
  return callApi('/api/geo/directions', {
    method: 'POST',
    body: { points },
    schema: geoDirectionsResponseSchema,
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
