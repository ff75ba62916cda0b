import type {
  GeoCountry,
  GeocodedAddress,
  GeoProviderKind,
  LatLng,
  PlaceSuggestion,
  Route,
} from '@movehub/shared';

/**
 * Address search, geocoding and driving routes behind one interface: Google Maps, Nominatim or
 * Photon with OSRM, or the offline US zip-code gazetteer (the default). Provider keys stay here,
 * on the server; the browser only ever talks to /api/geo.
 */
export interface GeoProvider {
  /** What the search runs on (GET /api/geo/config tells the browser). */
  readonly kind: GeoProviderKind;
  /** Suggestions for what the user typed, at most `limit`, in the given countries only. */
  autocomplete(
    query: string,
    opts: { countries: readonly GeoCountry[]; limit: number },
  ): Promise<PlaceSuggestion[]>;
  /** The address of a place id this provider issued, or of free text; null when unknown. */
  geocode(placeIdOrQuery: string): Promise<GeocodedAddress | null>;
  /** A driving route through the points in order (spec §7: no highways, ferries or tolls). */
  directions(points: readonly LatLng[]): Promise<Route>;
}

/**
 * What went wrong at the provider. `unavailable`: a network fault, a time-out, an error status or
 * an answer we cannot read (the detail is for the log only). `no_route`: the provider found no
 * driving route between the points.
 */
export class GeoError extends Error {
  override name = 'GeoError';
  constructor(
    readonly kind: 'unavailable' | 'no_route',
    message: string,
  ) {
    super(message);
  }
}

export const GEO_TIMEOUT_MS = 8_000;
/** Nominatim's usage policy asks for an identifying User-Agent. */
export const GEO_USER_AGENT = 'MoveHub/0.1 (customer portal; server-side geocoding)';

/**
 * GETs JSON with a time-out and our User-Agent. Every failure becomes a GeoError naming the
 * provider and the status, never the URL: a Google URL carries the key.
 */
export async function getJson(
  fetchImpl: typeof fetch,
  provider: string,
  url: URL,
  opts: { acceptStatuses?: number[] } = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      headers: { accept: 'application/json', 'user-agent': GEO_USER_AGENT },
      signal: AbortSignal.timeout(GEO_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.name : 'error';
    throw new GeoError('unavailable', `${provider} could not be reached (${reason}).`);
  }
  if (!res.ok && !opts.acceptStatuses?.includes(res.status)) {
    throw new GeoError('unavailable', `${provider} answered ${res.status}.`);
  }
  try {
    return (await res.json()) as unknown;
  } catch {
    throw new GeoError('unavailable', `${provider} answered with something that is not JSON.`);
  }
}

/** Miles from metres, rounded to 0.1 mile like routeMiles. */
export const metresToMiles = (metres: number) => Math.round((metres / 1609.344) * 10) / 10;

/** A provider's answer did not have the shape we read: treated as the provider being down. */
export function unreadable(provider: string): GeoError {
  return new GeoError('unavailable', `${provider} answered in a shape we cannot read.`);
}
