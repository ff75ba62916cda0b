import type { Config } from '../../config';
import type { GeoProvider } from './geo-provider';
import { GoogleMapsProvider } from './google-maps';
import { OfflineGazetteer } from './offline-gazetteer';
import { OpenGeoProvider } from './open-geo';

/** Google when its key is set; else Nominatim/Photon and OSRM where their URLs are set, the
 * offline gazetteer filling in the rest; the offline gazetteer alone by default. */
export function createGeoProvider(
  config: Config,
  fetchImpl: typeof fetch = globalThis.fetch,
): GeoProvider {
  const { geo } = config;
  if (geo.googleKey) return new GoogleMapsProvider(geo.googleKey, fetchImpl);
  const offline = new OfflineGazetteer();
  if (geo.nominatimUrl || geo.photonUrl || geo.osrmUrl) {
    return new OpenGeoProvider(
      { nominatimUrl: geo.nominatimUrl, photonUrl: geo.photonUrl, osrmUrl: geo.osrmUrl },
      offline,
      fetchImpl,
    );
  }
  return offline;
}
