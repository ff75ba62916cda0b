import zipcodes, { type ZipCodeInfo } from 'zipcodes';
import {
  haversineMiles,
  routeMiles,
  wizardCountry,
  type GeoCountry,
  type GeocodedAddress,
  type LatLng,
  type PlaceSuggestion,
  type Route,
} from '@movehub/shared';
import type { GeoProvider } from './geo-provider';

const ZIP_ID_PREFIX = 'zip:';

interface CityEntry {
  /** Upper-case city name, the search key. */
  key: string;
  /** Its zip codes, in zip order. */
  zips: ZipCodeInfo[];
}

interface Index {
  /** US five-digit zips, sorted. */
  zips: ZipCodeInfo[];
  /** One entry per city and state, sorted by key. */
  cities: CityEntry[];
}

let index: Index | undefined;

/** Built once, on first use: ~42,000 US zips sorted by zip and grouped by city. */
function getIndex(): Index {
  if (index) return index;
  const zips = Object.values(zipcodes.codes)
    .filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip))
    .sort((a, b) => a.zip.localeCompare(b.zip));
  const byCity = new Map<string, CityEntry>();
  for (const z of zips) {
    const id = `${z.city.toUpperCase()}|${z.state}`;
    let entry = byCity.get(id);
    if (!entry) byCity.set(id, (entry = { key: z.city.toUpperCase(), zips: [] }));
    entry.zips.push(z);
  }
  const cities = [...byCity.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  index = { zips, cities };
  return index;
}

/** The first position whose key is >= prefix (binary search). */
function lowerBound<T>(list: readonly T[], key: (item: T) => string, prefix: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(list[mid] as T) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 'Los Angeles, CA 90012, USA', the label of a suggestion and the formatted address. */
const label = (z: ZipCodeInfo) => `${z.city}, ${z.state} ${z.zip}, USA`;

function toSuggestion(z: ZipCodeInfo): PlaceSuggestion {
  return {
    place_id: `${ZIP_ID_PREFIX}${z.zip}`,
    description: label(z),
    zip_code: z.zip,
    city: z.city,
    state: z.state,
    country: wizardCountry('US'),
    latitude: z.latitude,
    longitude: z.longitude,
  };
}

/**
 * The default provider: a US zip-code gazetteer from the `zipcodes` package, with no network.
 * It knows zip codes and cities, not streets; a route is straight segments with haversine miles
 * (the same number as routeMiles, the wizard's net_distance).
 */
export class OfflineGazetteer implements GeoProvider {
  readonly kind = 'offline' as const;

  autocomplete(
    query: string,
    opts: { countries: readonly GeoCountry[]; limit: number },
  ): Promise<PlaceSuggestion[]> {
    return Promise.resolve(this.search(query, opts));
  }

  private search(
    query: string,
    opts: { countries: readonly GeoCountry[]; limit: number },
  ): PlaceSuggestion[] {
    if (!opts.countries.includes('us')) return [];
    const text = query.trim().replace(/\s+/g, ' ');
    const { zips, cities } = getIndex();
    // A zip code, or its start: '9001' lists 90010 to 90019.
    if (/^\d{1,5}$/.test(text)) {
      const out: PlaceSuggestion[] = [];
      for (let i = lowerBound(zips, (z) => z.zip, text); i < zips.length; i++) {
        const z = zips[i] as ZipCodeInfo;
        if (!z.zip.startsWith(text) || out.length >= opts.limit) break;
        out.push(toSuggestion(z));
      }
      return out;
    }
    // A city name, or its start, optionally with ', ST' (and a zip, as the labels have it).
    const [cityPart = '', statePart = ''] = text.toUpperCase().split(',');
    const city = cityPart.trim();
    const stateAndZip = statePart.trim().split(' ');
    const state = stateAndZip[0] ?? '';
    const zip = stateAndZip[1] ?? '';
    if (!city) return [];
    const out: PlaceSuggestion[] = [];
    for (let i = lowerBound(cities, (c) => c.key, city); i < cities.length; i++) {
      const entry = cities[i] as CityEntry;
      if (!entry.key.startsWith(city) || out.length >= opts.limit) break;
      for (const z of entry.zips) {
        if (out.length >= opts.limit) break;
        if (state && !z.state.startsWith(state)) break;
        if (zip && !z.zip.startsWith(zip)) continue;
        out.push(toSuggestion(z));
      }
    }
    return out;
  }

  /** Takes the ids it issues ('zip:90012') and a bare five-digit zip. */
  geocode(placeIdOrQuery: string): Promise<GeocodedAddress | null> {
    const text = placeIdOrQuery.trim();
    const zip = text.startsWith(ZIP_ID_PREFIX) ? text.slice(ZIP_ID_PREFIX.length) : text;
    const z = /^\d{5}$/.test(zip) ? zipcodes.lookup(zip) : undefined;
    if (!z || z.country !== 'US') return Promise.resolve(null);
    return Promise.resolve({
      zip_code: z.zip,
      city: z.city,
      state: z.state,
      country: wizardCountry('US'),
      country_code: 'US',
      formated_address: label(z),
      lat: z.latitude,
      lng: z.longitude,
    });
  }

  directions(points: readonly LatLng[]): Promise<Route> {
    return Promise.resolve(straightRoute(points));
  }
}

/** Straight segments between the points; the total is routeMiles, each leg rounded alike. */
export function straightRoute(points: readonly LatLng[]): Route {
  const legs = points.slice(1).map((to, i) => ({
    distance_miles: Math.round(haversineMiles(points[i] as LatLng, to) * 10) / 10,
  }));
  return {
    distance_miles: routeMiles(points),
    points: points.map(({ lat, lng }) => ({ lat, lng })),
    legs,
  };
}
