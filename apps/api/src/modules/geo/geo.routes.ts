import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MSG } from '@movehub/shared';
import { revalidate } from '../../lib/http-cache';
import { apiRoute } from '../../lib/api-route';
import { ipRateLimit } from '../../plugins/rate-limit';
import { autocompletePlaces, geocodePlace, routeThrough } from './geo.service';

/**
 * Maps through the server (spec §7: autocomplete, geocoding, directions): the provider's key never reaches the browser. No
 * token, the wizard runs before sign-in; every call costs a provider request, so each carries the
 * standard per-IP ceiling.
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.geo;

  app.route({
    ...apiRoute('GET /api/geo/autocomplete', {
      tags: ['geo'],
      summary: 'Address suggestions (US and PK, at most 8; under 2 characters gives none)',
    }),
    config: ipRateLimit,
    handler: async (request) => ({
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
  });

  app.route({
    ...apiRoute('GET /api/geo/geocode', {
      tags: ['geo'],
      summary: "The wizard's address fields of a place id from autocomplete (or free text)",
      failures: [404],
    }),
    config: ipRateLimit,
    handler: async (request) => ({
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
  });

  app.route({
    ...apiRoute('POST /api/geo/directions', {
      tags: ['geo'],
      summary: 'The driving route through 2 to 6 points, in miles, with its line',
      failures: [404],
    }),
    config: ipRateLimit,
    handler: async (request) => ({
      code: 200,
      message: MSG.ok,
      data: {
        route: await routeThrough({ provider, log: request.log, points: request.body.points }),
      },
    }),
  });

  app.route({
    ...apiRoute('GET /api/geo/config', {
      tags: ['geo'],
      summary: "The browser map's settings: tile URL, provider, default centre and zoom",
    }),
    // Fixed while the server runs: revalidated, not downloaded again.
    onSend: revalidate,
    handler: () => ({
      code: 200,
      message: MSG.ok,
      data: {
        map_tile_url: app.config.geo.tileUrl ?? null,
        provider: provider.kind,
        default_center: { ...MAP_DEFAULT_CENTER },
        default_zoom: MAP_DEFAULT_ZOOM,
      },
    }),
  });
};
