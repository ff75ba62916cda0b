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

/*
 * Honest addresses (issue 31): without a maps service the offline gazetteer knows zip codes, not
 * streets. It keeps the street line as typed with the zip the customer picks and places it at
 * the zip's centre; maps and the company then say so, and so do distances that start or end
 * there.
 */

/** What a map and the company's screens say of an address placed at its zip's centre. */
export const APPROXIMATE_LOCATION = 'approximate location';
/** What a distance says when it starts or ends at a zip code's centre. */
export const BETWEEN_ZIP_CENTRES = 'between zip code centres';

/** A move address needs a street line: a zip code or a city alone is not where a truck stops. */
export function hasStreetLine(address: {
  street_number?: string | null;
  route?: string | null;
}): boolean {
  return `${address.street_number ?? ''}${address.route ?? ''}`.trim() !== '';
}

/** A route's distance is approximate when any of its addresses sits at its zip's centre. */
export function isDistanceApproximate(
  addresses: readonly { is_approximate_location?: boolean | undefined }[],
): boolean {
  return addresses.some((a) => a.is_approximate_location === true);
}

/** '12.3 miles', or '12.3 miles, between zip code centres' when it is approximate. */
export function distanceText(miles: number, approximate: boolean, unit = 'miles'): string {
  return approximate ? `${miles} ${unit}, ${BETWEEN_ZIP_CENTRES}` : `${miles} ${unit}`;
}
