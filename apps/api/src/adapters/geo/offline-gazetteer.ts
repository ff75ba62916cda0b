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
/** Separates the zip from the street the customer typed in an issued id: 'zip:90012|200 N Spring St'. */
const STREET_SEPARATOR = '|';

interface CityEntry {
  /** Upper-case city name, the search key. */
  key: string;
  /** Its zip codes, nearest the city's centre first. */
  zips: ZipCodeInfo[];
}

interface Index {
  /** US five-digit zips, sorted. */
  zips: ZipCodeInfo[];
  /** One entry per city and state, sorted by key. */
  cities: CityEntry[];
  /** Upper-case city name → its entries (one per state), for exact look-ups. */
  byName: Map<string, CityEntry[]>;
  /** Two-letter state codes, upper case. */
  states: Set<string>;
}

let index: Index | undefined;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >>> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** 'lat,lng': zips that share one position are post-office boxes placed at the post office. */
const positionKey = (z: ZipCodeInfo) => `${z.latitude},${z.longitude}`;

/**
 * A city's zips as a customer looks for them: the zips that cover an area of their own first,
 * nearest the city's centre (the median of their positions), so that 'Los Angeles' offers the
 * central zips rather than 90001–90008, which only come first in numeric order; then the zips
 * that share one position with others (post-office boxes), in zip order.
 */
function rankCityZips(zips: ZipCodeInfo[], shared: ReadonlySet<string>): ZipCodeInfo[] {
  const own = zips.filter((z) => !shared.has(positionKey(z)));
  const boxes = zips.filter((z) => shared.has(positionKey(z)));
  const basis = own.length > 0 ? own : zips;
  const centre = {
    lat: median(basis.map((z) => z.latitude)),
    lng: median(basis.map((z) => z.longitude)),
  };
  const ranked = own
    .map((z) => ({ z, d: haversineMiles(centre, { lat: z.latitude, lng: z.longitude }) }))
    .sort((a, b) => a.d - b.d || a.z.zip.localeCompare(b.z.zip))
    .map(({ z }) => z);
  return [...ranked, ...boxes];
}

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
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const z of zips) {
    const key = positionKey(z);
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  const cities = [...byCity.values()]
    .map((entry) => ({ ...entry, zips: rankCityZips(entry.zips, shared) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byName = new Map<string, CityEntry[]>();
  for (const entry of cities) byName.set(entry.key, [...(byName.get(entry.key) ?? []), entry]);
  const states = new Set(zips.map((z) => z.state.toUpperCase()));
  index = { zips, cities, byName, states };
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
const label = (z: ZipCodeInfo, street = '') =>
  `${street ? `${street}, ` : ''}${z.city}, ${z.state} ${z.zip}, USA`;

function toSuggestion(z: ZipCodeInfo, street = ''): PlaceSuggestion {
  return {
    place_id: `${ZIP_ID_PREFIX}${z.zip}${street ? `${STREET_SEPARATOR}${street}` : ''}`,
    description: label(z, street),
    zip_code: z.zip,
    city: z.city,
    state: z.state,
    country: wizardCountry('US'),
    latitude: z.latitude,
    longitude: z.longitude,
    ...(street ? { street_address: street } : {}),
  };
}

/** What a typed address says, once read: a street, a city (or its start), a state, a zip. */
interface Query {
  street: string;
  city: string;
  state: string;
  /** A zip or the start of one. */
  zip: string;
  /** The city must be the whole name, not a start (it came after a street). */
  exactCity: boolean;
}

const words = (text: string) => text.split(' ').filter(Boolean);

/**
 * Reads '200 N Spring St, Los Angeles, CA 90012, USA' and its shorter forms: 'Los Angeles',
 * 'santa mon', 'Los Angeles 900', '200 N Spring St, Los Angeles', '200 N Spring St 90012',
 * '200 N Spring St Los Angeles'. The gazetteer knows no streets, so whatever precedes the city or
 * the zip is kept as the customer's street, exactly as typed.
 */
function parseQuery(text: string): Query | null {
  const { byName, states } = getIndex();
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // The country, as the labels end.
  if (parts.length > 1 && /^(USA?|UNITED STATES)$/i.test(parts[parts.length - 1] ?? '')) {
    parts.pop();
  }
  const last = words(parts.pop() ?? '');
  // Trailing zip (or its start) and state code: '… CA 90012', '… 900', '…, CA'.
  let zip = '';
  let state = '';
  if (last.length > 0 && /^\d{1,5}$/.test(last[last.length - 1] ?? '')) {
    zip = last.pop() as string;
  }
  const stateWord = (last[last.length - 1] ?? '').toUpperCase();
  // A lone two letters is a city's start ('Sa'), not a state; a state that is not the zip's is
  // part of the street ('200 Oak Ct 90012').
  if (
    states.has(stateWord) &&
    (last.length > 1 || parts.length > 0 || zip) &&
    (zip.length < 5 || zipcodes.lookup(zip)?.state === stateWord)
  ) {
    last.pop();
    state = stateWord;
  }
  if (last.length > 0) parts.push(last.join(' '));
  if (parts.length === 0)
    return zip ? { street: '', city: '', state, zip, exactCity: false } : null;

  // The city (or its start, while it is typed) is the last part; the parts before it are the
  // street.
  if (parts.length > 1) {
    const city = (parts.pop() as string).toUpperCase();
    return { street: parts.join(', '), city, state, zip, exactCity: false };
  }
  const only = parts[0] as string;
  const tokens = words(only);
  // No comma: '200 N Spring St Los Angeles' ends with a whole city name after a house number.
  if (/^\d/.test(tokens[0] ?? '')) {
    for (let i = 1; i < tokens.length; i++) {
      const city = tokens.slice(i).join(' ').toUpperCase();
      if (byName.has(city)) {
        return { street: tokens.slice(0, i).join(' '), city, state, zip, exactCity: true };
      }
    }
    // '200 N Spring St 90012': a street and a whole zip.
    if (zip.length === 5) return { street: only, city: '', state, zip, exactCity: false };
    return null;
  }
  return { street: '', city: only.toUpperCase(), state, zip, exactCity: false };
}

/**
 * The default provider: a US zip-code gazetteer from the `zipcodes` package, with no network.
 * It knows zip codes and cities, not streets: a typed street is kept as the customer wrote it,
 * and the place is the centre of the chosen zip. A route is straight segments with haversine
 * miles (the same number as routeMiles, the wizard's net_distance).
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
    const { zips, cities, byName } = getIndex();
    const parsed = parseQuery(text);
    if (!parsed || (!parsed.city && !parsed.zip)) return [];
    const { street, city, state, zip, exactCity } = parsed;

    // No city: a zip code, or its start ('9001' lists 90010 to 90019).
    if (!city) {
      const out: PlaceSuggestion[] = [];
      for (let i = lowerBound(zips, (z) => z.zip, zip); i < zips.length; i++) {
        const z = zips[i] as ZipCodeInfo;
        if (!z.zip.startsWith(zip) || out.length >= opts.limit) break;
        if (state && z.state !== state) continue;
        out.push(toSuggestion(z, street));
      }
      return out;
    }

    // The matching cities: the whole name first, then the larger places (more zips).
    let matches: CityEntry[];
    if (exactCity) {
      matches = byName.get(city) ?? [];
    } else {
      matches = [];
      for (let i = lowerBound(cities, (c) => c.key, city); i < cities.length; i++) {
        const entry = cities[i] as CityEntry;
        if (!entry.key.startsWith(city)) break;
        matches.push(entry);
      }
    }
    matches = matches
      .filter((entry) => !state || entry.zips[0]?.state === state)
      .sort(
        (a, b) =>
          Number(b.key === city) - Number(a.key === city) ||
          b.zips.length - a.zips.length ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
    const out: PlaceSuggestion[] = [];
    for (const entry of matches) {
      for (const z of entry.zips) {
        if (out.length >= opts.limit) return out;
        if (zip && !z.zip.startsWith(zip)) continue;
        out.push(toSuggestion(z, street));
      }
    }
    return out;
  }

  /** Takes the ids it issues ('zip:90012', 'zip:90012|200 N Spring St') and a bare zip. */
  geocode(placeIdOrQuery: string): Promise<GeocodedAddress | null> {
    const text = placeIdOrQuery.trim();
    const issued = text.startsWith(ZIP_ID_PREFIX) ? text.slice(ZIP_ID_PREFIX.length) : text;
    const cut = issued.indexOf(STREET_SEPARATOR);
    const zip = cut < 0 ? issued : issued.slice(0, cut);
    const street = cut < 0 ? '' : issued.slice(cut + 1).trim();
    const z = /^\d{5}$/.test(zip) ? zipcodes.lookup(zip) : undefined;
    if (!z || z.country !== 'US') return Promise.resolve(null);
    // '200 N Spring St': the house number and the street, as the Google geocoder splits them.
    const house = /^(\d[\w-]*)\s+(.+)$/.exec(street);
    return Promise.resolve({
      zip_code: z.zip,
      city: z.city,
      state: z.state,
      country: wizardCountry('US'),
      country_code: 'US',
      formated_address: label(z, street),
      lat: z.latitude,
      lng: z.longitude,
      ...(house ? { street_number: house[1], route: house[2] } : street ? { route: street } : {}),
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
