import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  geoAutocompleteQuerySchema,
  geoAutocompleteResponseSchema,
  geoConfigResponseSchema,
  geoDirectionsBodySchema,
  geoDirectionsResponseSchema,
  geoGeocodeQuerySchema,
  geoGeocodeResponseSchema,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MSG,
} from '@movehub/shared';
import { revalidate } from '../../lib/http-cache';
import { responses } from '../../lib/wire';
import { ipRateLimit } from '../../plugins/rate-limit';
import { autocompletePlaces, geocodePlace, routeThrough } from './geo.service';

/**
 * Maps through the server (spec §7: autocomplete, geocoding, directions): the provider's key never reaches the browser. No
 * token, the wizard runs before sign-in; every call costs a provider request, so each carries the
 * standard per-IP ceiling.
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.geo;

  app.get(
    '/api/geo/autocomplete',
    {
      schema: {
        tags: ['geo'],
        summary: 'Address suggestions (US and PK, at most 8; under 2 characters gives none)',
        querystring: geoAutocompleteQuerySchema,
        response: responses(geoAutocompleteResponseSchema),
      },
      config: ipRateLimit,
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: {
        predictions: await autocompletePlaces({
          provider,
          log: request.log,
          input: request.query.input,
        }),
      },
    }),
  );

  app.get(
    '/api/geo/geocode',
    {
      schema: {
        tags: ['geo'],
        summary: "The wizard's address fields of a place id from autocomplete (or free text)",
        querystring: geoGeocodeQuerySchema,
        response: responses(geoGeocodeResponseSchema, 404),
      },
      config: ipRateLimit,
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: {
        address: await geocodePlace({
          provider,
          log: request.log,
          placeId: request.query.place_id,
        }),
      },
    }),
  );

  app.post(
    '/api/geo/directions',
    {
      schema: {
        tags: ['geo'],
        summary: 'The driving route through 2 to 6 points, in miles, with its line',
        body: geoDirectionsBodySchema,
        response: responses(geoDirectionsResponseSchema, 404),
      },
      config: ipRateLimit,
    },
    async (request) => ({
      code: 200,
      message: MSG.ok,
      data: {
        route: await routeThrough({ provider, log: request.log, points: request.body.points }),
      },
    }),
  );

  app.get(
    '/api/geo/config',
    {
      // Fixed while the server runs: revalidated, not downloaded again.
      onSend: revalidate,
      schema: {
        tags: ['geo'],
        summary: "The browser map's settings: tile URL, provider, default centre and zoom",
        response: responses(geoConfigResponseSchema),
      },
    },
    () => ({
      code: 200,
      message: MSG.ok,
      data: {
        map_tile_url: app.config.geo.tileUrl ?? null,
        provider: provider.kind,
        default_center: { ...MAP_DEFAULT_CENTER },
        default_zoom: MAP_DEFAULT_ZOOM,
      },
    }),
  );
};
