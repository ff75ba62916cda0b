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
/** The digits of a zip code a search needs before it lists the zips that start with them. */
const ZIP_START_MIN = 3;

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

/**
 * A zip the customer may pick for the street they typed. Its description names the zip and its
 * city only: the gazetteer cannot tell which zip a street is in, so it never offers the street
 * itself in a zip (issue 31); the street rides in the place id, as typed.
 */
function toSuggestion(z: ZipCodeInfo, street: string): PlaceSuggestion {
  return {
    place_id: `${ZIP_ID_PREFIX}${z.zip}${STREET_SEPARATOR}${street}`,
    description: label(z),
    zip_code: z.zip,
    city: z.city,
    state: z.state,
    country: wizardCountry('US'),
    latitude: z.latitude,
    longitude: z.longitude,
    street_address: street,
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

/** True when some city's name starts with this (upper-case) text. */
function isCityStart(text: string): boolean {
  const { cities } = getIndex();
  return cities[lowerBound(cities, (c) => c.key, text)]?.key.startsWith(text) ?? false;
}

/**
 * Reads '200 N Spring St, Los Angeles, CA 90012, USA' and its shorter forms: 'Los Angeles',
 * 'santa mon', 'Los Angeles 900', '200 N Spring St, Los Angeles', '200 N Spring St 90012',
 * '200 N Spring St Los Angeles', 'N Spring St, 9001'. The gazetteer knows no streets, so whatever
 * precedes the city or the zip is kept as the customer's street, exactly as typed.
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
  // street. Before a zip, a last part that starts no city's name is the street's too
  // ('Apt 4, 200 N Spring St, 90012').
  if (parts.length > 1) {
    const city = (parts[parts.length - 1] as string).toUpperCase();
    if (zip && !isCityStart(city)) {
      return { street: parts.join(', '), city: '', state, zip, exactCity: false };
    }
    parts.pop();
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
    // '200 N Spring St 90012': a street and a zip (or its start, while it is typed).
    if (zip) return { street: only, city: '', state, zip, exactCity: false };
    return null;
  }
  // 'N Spring St, 90012': a street without its house number, before a zip, unless it is a
  // city's whole name ('Los Angeles 90012').
  if (zip && !byName.has(only.toUpperCase())) {
    return { street: only, city: '', state, zip, exactCity: false };
  }
  return { street: '', city: only.toUpperCase(), state, zip, exactCity: false };
}

/**
 * The default provider: a US zip-code gazetteer from the `zipcodes` package, with no network.
 * It knows zip codes and cities, not streets (issue 31): it answers only a street line typed
 * with its zip code (or the zip's start, and the city if the customer likes), offering the zips
 * that fit, never the street in a zip it cannot know; the chosen zip's centre is the place, an
 * approximate location, and the street stays as typed. A zip or a city alone is no move address
 * and gets no suggestion. A route is straight segments with haversine miles (the same number as
 * routeMiles, the wizard's net_distance).
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
    // A zip is what places a street: without both there is nothing honest to offer. Its first
    // three digits at least, so that a unit number after the street ('… Apt 4') is not one.
    if (!parsed || !parsed.street || parsed.zip.length < ZIP_START_MIN) return [];
    const { street, city, state, zip, exactCity } = parsed;

    // The zips that start with what was typed ('9001' lists 90010 to 90019).
    const byZip = () => {
      const out: PlaceSuggestion[] = [];
      for (let i = lowerBound(zips, (z) => z.zip, zip); i < zips.length; i++) {
        const z = zips[i] as ZipCodeInfo;
        if (!z.zip.startsWith(zip) || out.length >= opts.limit) break;
        if (state && z.state !== state) continue;
        out.push(toSuggestion(z, street));
      }
      return out;
    };
    if (!city) return byZip();

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
        if (!z.zip.startsWith(zip)) continue;
        out.push(toSuggestion(z, street));
      }
    }
    // The zip places the street: a neighbourhood typed as the city ('Hollywood, 90028') or a
    // city the zip does not carry leaves the zips that fit what was typed.
    return out.length > 0 ? out : byZip();
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
      approximate: true,
    });
  }

  directions(points: readonly LatLng[]): Promise<Route> {
    return Promise.resolve(straightRoute(points));
  }
}

/**
 * True when a position is the centre the gazetteer gives its zip code: an address placed there
 * stands for the whole zip, an approximate location (issue 31), whoever placed it.
 */
export function isZipCentre(
  zip: string | null | undefined,
  lat: number | null | undefined,
  lng: number | null | undefined,
): boolean {
  if (!zip || lat == null || lng == null) return false;
  const z = /^\d{5}$/.test(zip.trim()) ? zipcodes.lookup(zip.trim()) : undefined;
  return z !== undefined && Math.abs(z.latitude - lat) < 1e-6 && Math.abs(z.longitude - lng) < 1e-6;
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
