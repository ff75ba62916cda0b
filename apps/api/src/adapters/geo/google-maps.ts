import {
  wizardCountry,
  type GeoCountry,
  type GeocodedAddress,
  type LatLng,
  type PlaceSuggestion,
  type Route,
} from '@movehub/shared';
import { GeoError, getJson, metresToMiles, unreadable, type GeoProvider } from './geo-provider';

const API = 'https://maps.googleapis.com/maps/api/';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

interface Component {
  long_name: string;
  short_name: string;
  types: string[];
}

/**
 * Google Maps web services: Places Autocomplete, Geocoding and Directions. The key goes in the
 * query string of server-side calls only; errors never quote the URL.
 */
export class GoogleMapsProvider implements GeoProvider {
  readonly kind = 'google' as const;

  constructor(
    private readonly key: string,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {}

  async autocomplete(
    query: string,
    opts: { countries: readonly GeoCountry[]; limit: number },
  ): Promise<PlaceSuggestion[]> {
    const url = this.url('place/autocomplete/json', {
      input: query,
      components: opts.countries.map((c) => `country:${c}`).join('|'),
    });
    const body = await this.call('Places Autocomplete', url);
    if (!Array.isArray(body.predictions)) return [];
    return body.predictions
      .filter(isObj)
      .slice(0, opts.limit)
      .map((p) => ({
        place_id: String(p.place_id),
        description: String(p.description),
        // A prediction carries no parts or position: geocode the place_id for them.
        zip_code: null,
        city: null,
        state: null,
        country: null,
        latitude: null,
        longitude: null,
      }));
  }

  async geocode(placeIdOrQuery: string): Promise<GeocodedAddress | null> {
    const text = placeIdOrQuery.trim();
    // Place ids are long opaque tokens without spaces; anything else is an address to look up.
    const isPlaceId = /^[A-Za-z0-9_-]{16,}$/.test(text);
    const url = this.url(
      'geocode/json',
      // Results outside the two countries are skipped below.
      isPlaceId ? { place_id: text } : { address: text },
    );
    const body = await this.call('Geocoding', url);
    const results = Array.isArray(body.results) ? body.results.filter(isObj) : [];
    for (const result of results) {
      const address = parseGoogleAddress(result);
      if (address && (address.country_code === 'US' || address.country_code === 'PK'))
        return address;
    }
    return null;
  }

  async directions(points: readonly LatLng[]): Promise<Route> {
    const at = (p: LatLng) => `${p.lat},${p.lng}`;
    const params: Record<string, string> = {
      origin: at(points[0] as LatLng),
      destination: at(points[points.length - 1] as LatLng),
      mode: 'driving',
      // spec §7: driving, avoiding highways, ferries and tolls.
      avoid: 'highways|tolls|ferries',
    };
    const via = points.slice(1, -1);
    if (via.length) params.waypoints = via.map(at).join('|');
    const body = await this.call('Directions', this.url('directions/json', params));
    const route = Array.isArray(body.routes) ? (body.routes[0] as unknown) : undefined;
    const polyline =
      isObj(route) && isObj(route.overview_polyline) ? route.overview_polyline.points : undefined;
    if (!isObj(route) || typeof polyline !== 'string' || !Array.isArray(route.legs))
      throw unreadable('Google Directions');
    const legs = route.legs.map((leg) => {
      const metres = isObj(leg) && isObj(leg.distance) ? Number(leg.distance.value) : NaN;
      if (!Number.isFinite(metres)) throw unreadable('Google Directions');
      return metres;
    });
    return {
      distance_miles: metresToMiles(legs.reduce((a, b) => a + b, 0)),
      points: decodePolyline(polyline),
      legs: legs.map((m) => ({ distance_miles: metresToMiles(m) })),
    };
  }

  private url(path: string, params: Record<string, string>): URL {
    const url = new URL(path, API);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', this.key);
    return url;
  }

  /** Google answers 200 with a status: OK and ZERO_RESULTS are answers, the rest are faults. */
  private async call(service: string, url: URL): Promise<Obj> {
    const body = await getJson(this.fetchImpl, `Google ${service}`, url);
    if (!isObj(body)) throw unreadable(`Google ${service}`);
    if (body.status === 'OK') return body;
    if (body.status === 'ZERO_RESULTS' || body.status === 'NOT_FOUND') {
      if (service === 'Directions') throw new GeoError('no_route', 'Google found no route.');
      return { ...body, predictions: [], results: [] };
    }
    throw new GeoError('unavailable', `Google ${service} answered ${String(body.status)}.`);
  }
}

/** A Geocoding result in the wizard's address fields. */
export function parseGoogleAddress(result: Obj): GeocodedAddress | null {
  const components = Array.isArray(result.address_components)
    ? (result.address_components as Component[])
    : [];
  const find = (type: string) => components.find((c) => c.types?.includes(type));
  const location =
    isObj(result.geometry) && isObj(result.geometry.location) ? result.geometry.location : null;
  const country = find('country')?.short_name;
  if (!location || typeof location.lat !== 'number' || typeof location.lng !== 'number')
    return null;
  if (!country) return null;
  const streetNumber = find('street_number')?.long_name;
  const route = find('route')?.long_name;
  return {
    zip_code: find('postal_code')?.long_name ?? '',
    city: (find('locality') ?? find('postal_town') ?? find('sublocality'))?.long_name ?? '',
    state: find('administrative_area_level_1')?.short_name ?? '',
    country: wizardCountry(country),
    country_code: country.toUpperCase(),
    formated_address: typeof result.formatted_address === 'string' ? result.formatted_address : '',
    lat: location.lat,
    lng: location.lng,
    ...(streetNumber ? { street_number: streetNumber } : {}),
    ...(route ? { route } : {}),
  };
}

/** Google's encoded polyline (precision 5) to points. */
export function decodePolyline(encoded: string): LatLng[] {
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < encoded.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}
