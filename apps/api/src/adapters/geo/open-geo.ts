import zipcodes from 'zipcodes';
import {
  wizardCountry,
  type GeoCountry,
  type GeocodedAddress,
  type LatLng,
  type PlaceSuggestion,
  type Route,
} from '@movehub/shared';
import { GeoError, getJson, metresToMiles, unreadable, type GeoProvider } from './geo-provider';

export interface OpenGeoSettings {
  nominatimUrl?: string | undefined;
  photonUrl?: string | undefined;
  osrmUrl?: string | undefined;
}

/** The parts of an address both Nominatim and Photon give, before we shape them. */
interface Parts {
  placeId: string;
  lat: number;
  lng: number;
  houseNumber?: string | undefined;
  road?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  /** 'US-CA' (Nominatim's ISO3166-2-lvl4), when given. */
  stateIso?: string | undefined;
  zip?: string | undefined;
  countryCode?: string | undefined;
  label: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** 'CA' from 'US-CA', else the US state's code from its name, else the name as given. */
function stateCode(parts: Parts): string {
  const iso = parts.stateIso?.split('-')[1];
  if (iso) return iso;
  const name = parts.state ?? '';
  return zipcodes.states.full[name.toUpperCase()] ?? name;
}

function toSuggestion(p: Parts): PlaceSuggestion {
  const street = [p.houseNumber, p.road].filter(Boolean).join(' ');
  return {
    place_id: p.placeId,
    description: p.label,
    zip_code: p.zip ?? null,
    city: p.city ?? null,
    state: p.state || p.stateIso ? stateCode(p) : null,
    country: p.countryCode ? wizardCountry(p.countryCode) : null,
    latitude: p.lat,
    longitude: p.lng,
    ...(street ? { street_address: street } : {}),
  };
}

function toAddress(p: Parts): GeocodedAddress {
  const code = (p.countryCode ?? '').toUpperCase();
  return {
    zip_code: p.zip ?? '',
    city: p.city ?? '',
    state: stateCode(p),
    country: wizardCountry(code),
    country_code: code,
    formated_address: p.label,
    lat: p.lat,
    lng: p.lng,
    ...(p.houseNumber ? { street_number: p.houseNumber } : {}),
    ...(p.road ? { route: p.road } : {}),
  };
}

/** A Nominatim place (format=jsonv2, addressdetails=1). */
function nominatimParts(raw: unknown): Parts | null {
  if (!isObj(raw)) return null;
  const lat = Number(raw.lat);
  const lng = Number(raw.lon);
  const type = str(raw.osm_type)?.[0]?.toUpperCase();
  const id = raw.osm_id;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || !type || id == null) return null;
  const a = isObj(raw.address) ? raw.address : {};
  return {
    placeId: `osm:${type}${String(id)}`,
    lat,
    lng,
    houseNumber: str(a.house_number),
    road: str(a.road),
    city: str(a.city) ?? str(a.town) ?? str(a.village) ?? str(a.hamlet) ?? str(a.suburb),
    state: str(a.state),
    stateIso: str(a['ISO3166-2-lvl4']),
    zip: str(a.postcode),
    countryCode: str(a.country_code)?.toUpperCase(),
    label: str(raw.display_name) ?? '',
  };
}

/** A Photon GeoJSON feature. Photon has no lookup by OSM id, so its ids carry the position. */
function photonParts(raw: unknown): Parts | null {
  if (!isObj(raw) || !isObj(raw.properties) || !isObj(raw.geometry)) return null;
  const p = raw.properties;
  const coords = raw.geometry.coordinates;
  if (!Array.isArray(coords)) return null;
  const lng = Number(coords[0]);
  const lat = Number(coords[1]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const parts: Parts = {
    placeId: `pos:${lat},${lng}`,
    lat,
    lng,
    houseNumber: str(p.housenumber),
    road: str(p.street),
    city: str(p.city) ?? str(p.town) ?? str(p.village) ?? str(p.district),
    state: str(p.state),
    zip: str(p.postcode),
    countryCode: str(p.countrycode)?.toUpperCase(),
    label: '',
  };
  const street = [parts.houseNumber, parts.road].filter(Boolean).join(' ');
  const name = str(p.name);
  parts.label = [
    name && name !== parts.road ? name : undefined,
    street || undefined,
    parts.city,
    [parts.state, parts.zip].filter(Boolean).join(' ') || undefined,
    str(p.country),
  ]
    .filter(Boolean)
    .join(', ');
  return parts;
}

const POSITION_ID = /^pos:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/;

/**
 * OpenStreetMap services on URLs of our choosing: Nominatim or Photon for search and geocoding,
 * OSRM for routes. A part without its URL falls back to `fallback` (the offline gazetteer).
 */
export class OpenGeoProvider implements GeoProvider {
  readonly kind: 'nominatim' | 'offline';

  constructor(
    private readonly settings: OpenGeoSettings,
    private readonly fallback: GeoProvider,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {
    this.kind = settings.nominatimUrl || settings.photonUrl ? 'nominatim' : 'offline';
  }

  async autocomplete(
    query: string,
    opts: { countries: readonly GeoCountry[]; limit: number },
  ): Promise<PlaceSuggestion[]> {
    const { nominatimUrl, photonUrl } = this.settings;
    const allowed = new Set(opts.countries.map((c) => c.toUpperCase()));
    if (photonUrl) {
      // Photon has no country filter: ask for more and keep the allowed countries.
      const url = new URL('api', withSlash(photonUrl));
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(opts.limit * 3));
      const features = await this.photon(url);
      return features
        .filter((p) => p.countryCode && allowed.has(p.countryCode))
        .slice(0, opts.limit)
        .map(toSuggestion);
    }
    if (nominatimUrl) {
      const url = this.nominatimSearch(nominatimUrl, query, opts.countries);
      url.searchParams.set('limit', String(opts.limit));
      return (await this.nominatim(url)).map(toSuggestion);
    }
    return this.fallback.autocomplete(query, opts);
  }

  async geocode(placeIdOrQuery: string): Promise<GeocodedAddress | null> {
    const { nominatimUrl, photonUrl } = this.settings;
    const text = placeIdOrQuery.trim();
    const osm = /^osm:([NWR]\d+)$/.exec(text);
    const position = POSITION_ID.exec(text);
    if (nominatimUrl) {
      let url: URL;
      if (osm) {
        url = new URL('lookup', withSlash(nominatimUrl));
        url.searchParams.set('osm_ids', osm[1] as string);
        url.searchParams.set('format', 'jsonv2');
        url.searchParams.set('addressdetails', '1');
      } else if (position) {
        url = new URL('reverse', withSlash(nominatimUrl));
        url.searchParams.set('lat', position[1] as string);
        url.searchParams.set('lon', position[2] as string);
        url.searchParams.set('format', 'jsonv2');
        url.searchParams.set('addressdetails', '1');
      } else {
        url = this.nominatimSearch(nominatimUrl, text, ['us', 'pk']);
        url.searchParams.set('limit', '1');
      }
      const [first] = await this.nominatim(url);
      return first ? toAddress(first) : null;
    }
    if (photonUrl) {
      let url: URL;
      if (position) {
        url = new URL('reverse', withSlash(photonUrl));
        url.searchParams.set('lat', position[1] as string);
        url.searchParams.set('lon', position[2] as string);
      } else {
        url = new URL('api', withSlash(photonUrl));
        url.searchParams.set('q', text);
      }
      url.searchParams.set('limit', '5');
      const first = (await this.photon(url)).find(
        (p) => p.countryCode === 'US' || p.countryCode === 'PK',
      );
      // A reverse answer is the nearest feature; keep the position the user picked.
      return first ? toAddress(position ? { ...first, placeId: text } : first) : null;
    }
    return this.fallback.geocode(text);
  }

  async directions(points: readonly LatLng[]): Promise<Route> {
    const { osrmUrl } = this.settings;
    if (!osrmUrl) return this.fallback.directions(points);
    const coords = points.map((p) => `${p.lng},${p.lat}`).join(';');
    const url = new URL(`route/v1/driving/${coords}`, withSlash(osrmUrl));
    url.searchParams.set('overview', 'full');
    url.searchParams.set('geometries', 'geojson');
    // spec §7: avoid highways, tolls and ferries. A profile without these classes refuses the
    // exclude with InvalidValue; then the plain driving route is the best there is.
    const excluded = new URL(url);
    excluded.searchParams.set('exclude', 'motorway,toll,ferry');
    let body = await getJson(this.fetchImpl, 'OSRM', excluded, { acceptStatuses: [400] });
    if (isObj(body) && body.code === 'InvalidValue') {
      body = await getJson(this.fetchImpl, 'OSRM', url, { acceptStatuses: [400] });
    }
    return parseOsrmRoute(body);
  }

  private nominatimSearch(base: string, query: string, countries: readonly GeoCountry[]): URL {
    const url = new URL('search', withSlash(base));
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('countrycodes', countries.join(','));
    return url;
  }

  private async nominatim(url: URL): Promise<Parts[]> {
    const body = await getJson(this.fetchImpl, 'Nominatim', url);
    // /reverse answers one object (or {error} when nothing is there); the others a list.
    const list = Array.isArray(body) ? body : isObj(body) && !body.error ? [body] : [];
    return list.map(nominatimParts).filter((p): p is Parts => p !== null);
  }

  private async photon(url: URL): Promise<Parts[]> {
    const body = await getJson(this.fetchImpl, 'Photon', url);
    if (!isObj(body) || !Array.isArray(body.features)) throw unreadable('Photon');
    return body.features.map(photonParts).filter((p): p is Parts => p !== null);
  }
}

/** OSRM's route answer: metres to miles, [lng, lat] pairs to {lat, lng}. */
export function parseOsrmRoute(body: unknown): Route {
  if (!isObj(body)) throw unreadable('OSRM');
  if (body.code === 'NoRoute') throw new GeoError('no_route', 'OSRM found no route.');
  const route = Array.isArray(body.routes) ? (body.routes[0] as unknown) : undefined;
  if (body.code !== 'Ok' || !isObj(route)) {
    throw new GeoError('unavailable', `OSRM answered ${String(body.code)}.`);
  }
  const geometry = isObj(route.geometry) ? route.geometry.coordinates : undefined;
  if (typeof route.distance !== 'number' || !Array.isArray(geometry) || !Array.isArray(route.legs))
    throw unreadable('OSRM');
  return {
    distance_miles: metresToMiles(route.distance),
    points: geometry.map((c) => {
      const [lng, lat] = c as [number, number];
      return { lat, lng };
    }),
    legs: route.legs.map((leg) => ({
      distance_miles: metresToMiles(isObj(leg) ? Number(leg.distance) : 0),
    })),
  };
}

/** new URL('x', base) keeps base's path only when it ends in '/'. */
const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);
