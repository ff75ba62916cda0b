import { z } from 'zod';
import { DIRECTIONS_MAX_POINTS, DIRECTIONS_MIN_POINTS } from '../rules/geo';
import { envelope } from './envelope';
import { safeString } from './primitives';

/*
 * Maps calls through the server (spec/request-lifecycle.md §7): address
 * autocomplete, geocoding and driving directions. The provider keys stay on the server; none of
 * these calls needs a token, the wizard runs before sign-in.
 *
 * Country: `country` carries the wizard's wire value, which spec §7 fixes as 'USA' for the
 * United States ("Country is sent as USA"); a Pakistani address carries 'PK'. `country_code` is
 * the ISO 3166-1 alpha-2 code ('US', 'PK') for anything that needs the code.
 */

export const latLngSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  })
  .meta({ id: 'LatLng' });

/**
 * One autocomplete suggestion. The offline gazetteer and Nominatim/Photon know the place's
 * parts and position at once; Google's predictions carry only a description, so there the parts
 * are null until the place_id is geocoded.
 */
export const placeSuggestionSchema = z
  .object({
    place_id: z.string(),
    description: z.string(),
    zip_code: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    street_address: z.string().optional(),
  })
  .meta({ id: 'PlaceSuggestion' });
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** A geocoded address in the wizard's address fields (`formated_address` is the spec's name). */
export const geocodedAddressSchema = z
  .object({
    zip_code: z.string(),
    city: z.string(),
    /** The short code: 'CA'. */
    state: z.string(),
    /** 'USA' for the United States (the wizard's value), 'PK' for Pakistan. */
    country: z.string(),
    country_code: z.string(),
    formated_address: z.string(),
    lat: z.number(),
    lng: z.number(),
    street_number: z.string().optional(),
    route: z.string().optional(),
    /**
     * Ours (issue 31): placed at its zip code's centre, not at the street (the offline gazetteer
     * knows no streets); the map says 'approximate location'. Absent from a maps service's answer.
     */
    approximate: z.boolean().optional(),
  })
  .meta({ id: 'GeocodedAddress' });
export type GeocodedAddress = z.infer<typeof geocodedAddressSchema>;

/** A driving route through the points: total and per-leg miles, and the line to draw. */
export const routeSchema = z
  .object({
    distance_miles: z.number(),
    points: z.array(latLngSchema),
    legs: z.array(z.object({ distance_miles: z.number() })),
  })
  .meta({ id: 'Route' });
export type Route = z.infer<typeof routeSchema>;

/** GET /api/geo/autocomplete?input=… */
export const geoAutocompleteQuerySchema = z.object({
  input: safeString().max(200, 'input must be at most 200 characters.').default(''),
});
export const geoAutocompleteResponseSchema = envelope({
  data: z.object({ predictions: z.array(placeSuggestionSchema) }),
});

/** GET /api/geo/geocode?place_id=… (an id from autocomplete, or free text) */
export const geoGeocodeQuerySchema = z.object({
  place_id: safeString()
    .trim()
    .min(1, 'place_id is required.')
    .max(300, 'place_id must be at most 300 characters.'),
});
export const geoGeocodeResponseSchema = envelope({
  data: z.object({ address: geocodedAddressSchema }),
});

/** POST /api/geo/directions */
const pointsMessage = `points must hold ${DIRECTIONS_MIN_POINTS} to ${DIRECTIONS_MAX_POINTS} positions.`;
export const geoDirectionsBodySchema = z.object({
  points: z
    .array(latLngSchema, { error: pointsMessage })
    .min(DIRECTIONS_MIN_POINTS, pointsMessage)
    .max(DIRECTIONS_MAX_POINTS, pointsMessage),
});
export const geoDirectionsResponseSchema = envelope({ data: z.object({ route: routeSchema }) });

export const GEO_PROVIDERS = ['offline', 'nominatim', 'google'] as const;
export type GeoProviderKind = (typeof GEO_PROVIDERS)[number];

/** GET /api/geo/config: what the browser's map needs; never a key. */
export const geoConfigResponseSchema = envelope({
  data: z.object({
    map_tile_url: z.string().nullable(),
    provider: z.enum(GEO_PROVIDERS),
    default_center: latLngSchema,
    default_zoom: z.number().int(),
  }),
});
