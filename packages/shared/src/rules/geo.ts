import { MAX_ADDRESSES } from '../constants';

/*
 * The maps vocabulary that screens use before any call (schemas/geo.ts holds the calls'
 * schemas): kept apart from the schemas so that a first screen loads no schema library.
 */

/** spec portal.md §5: address search is restricted to two countries (ISO alpha-2, lower case). */
export const GEO_COUNTRIES = ['us', 'pk'] as const;
export type GeoCountry = (typeof GEO_COUNTRIES)[number];
/** Shorter input gives an empty list without asking a provider. */
export const AUTOCOMPLETE_MIN_INPUT = 2;
export const AUTOCOMPLETE_MAX_RESULTS = 8;
/** A route runs through the wizard's addresses, A to F. */
export const DIRECTIONS_MIN_POINTS = 2;
export const DIRECTIONS_MAX_POINTS = MAX_ADDRESSES;
/** spec: the map's default centre (Los Angeles) and zoom. */
export const MAP_DEFAULT_CENTER = { lat: 33.9679, lng: -118.297 } as const;
export const MAP_DEFAULT_ZOOM = 11;

/** The wizard's wire value of a country: 'USA' for the United States (spec §7), else the code. */
export function wizardCountry(countryCode: string): string {
  const code = countryCode.toUpperCase();
  return code === 'US' ? 'USA' : code;
}
