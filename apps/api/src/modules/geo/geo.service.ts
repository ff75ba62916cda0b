import {
  AUTOCOMPLETE_MAX_RESULTS,
  AUTOCOMPLETE_MIN_INPUT,
  ErrorCode,
  GEO_COUNTRIES,
  type GeocodedAddress,
  type LatLng,
  type PlaceSuggestion,
  type Route,
} from '@movehub/shared';
import type { FastifyBaseLogger } from 'fastify';
import { GeoError, type GeoProvider } from '../../adapters/geo/geo-provider';
import { AppError } from '../../errors';

export const GEO_MESSAGES = {
  unavailable: 'The maps service is unavailable right now; try again later.',
  noRoute: 'No driving route was found between these points.',
  notFound: 'No address was found for this place.',
} as const;

/** A provider failure becomes a clear envelope; the detail (never a key) goes to the log. */
async function guarded<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof GeoError)) throw err;
    log.warn({ err: { kind: err.kind, message: err.message } }, 'maps provider failed');
    if (err.kind === 'no_route') throw AppError.notFound(GEO_MESSAGES.noRoute);
    // ErrorCode has no 502/503; 500 with a message that says it is the maps service.
    throw new AppError(ErrorCode.internal, GEO_MESSAGES.unavailable);
  }
}

/** spec portal.md §5: suggestions from the US and Pakistan only, at most eight. */
export async function autocompletePlaces(opts: {
  provider: GeoProvider;
  log: FastifyBaseLogger;
  input: string;
}): Promise<PlaceSuggestion[]> {
  const input = opts.input.trim();
  if (input.length < AUTOCOMPLETE_MIN_INPUT) return [];
  const list = await guarded(opts.log, () =>
    opts.provider.autocomplete(input, {
      countries: GEO_COUNTRIES,
      limit: AUTOCOMPLETE_MAX_RESULTS,
    }),
  );
  return list.slice(0, AUTOCOMPLETE_MAX_RESULTS);
}

export async function geocodePlace(opts: {
  provider: GeoProvider;
  log: FastifyBaseLogger;
  placeId: string;
}): Promise<GeocodedAddress> {
  const address = await guarded(opts.log, () => opts.provider.geocode(opts.placeId));
  if (!address) throw AppError.notFound(GEO_MESSAGES.notFound);
  return address;
}

export async function routeThrough(opts: {
  provider: GeoProvider;
  log: FastifyBaseLogger;
  points: LatLng[];
}): Promise<Route> {
  return guarded(opts.log, () => opts.provider.directions(opts.points));
}
