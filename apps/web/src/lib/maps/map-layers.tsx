import './map-controls.css';
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { divIcon } from 'leaflet';
import { GeoJSON, Marker, Pane, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '@movehub/shared';
import { useDebouncedValue } from '../use-debounced-value';
import { directionsQueryOptions } from './geo-query';
import {
  BASEMAP_ATTRIBUTION,
  COUNTY_LINE,
  LAND_COLOR,
  PLACE_LABEL,
  STATE_LINE,
} from './basemap-style';
import { useOfflineBasemap, type OfflineBasemap } from './offline-basemap';

export { WATER_COLOR } from './basemap-style';

/*
 * What the app's Leaflet maps share (the wizard's step 0 map, the tracking map and the change
 * screens' map): the base layers (the server's tiles when MAP_TILE_URL is set, and always the
 * offline basemap of the served area under the markers, ./offline-basemap.ts, so that without a
 * tile server the map still reads as a map) and the red driving route through points, asked 1 s
 * after they settle (spec/request-lifecycle.md §9). Import it only from lazily loaded modules: Leaflet and the
 * atlas stay in the maps' chunks.
 */

/** spec §9 "Directions lookup delayed 1 s": also after each change, so one lookup per pause. */
export const DIRECTIONS_DELAY_MS = 1000;
/** spec §9 "route line red". */
export const ROUTE_COLOR = '#d32f2f';
const LAND_STYLE = { stroke: false, fillColor: LAND_COLOR, fillOpacity: 1 };
const COUNTY_STYLE = { ...COUNTY_LINE };
const STATE_STYLE = { ...STATE_LINE };
const PLACE_LABEL_STYLE = [
  'position:absolute',
  'transform:translate(-50%,-50%)',
  'white-space:nowrap',
  `font:${PLACE_LABEL.font}`,
  `color:${PLACE_LABEL.color}`,
  'text-shadow:0 0 2px #fff,0 0 2px #fff,0 0 3px #fff',
  'pointer-events:none',
].join(';');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The positions of the addresses that have one, as a string that is equal when they are. */
export function pointsKey(points: readonly LatLng[]): string {
  return points.map((p) => `${p.lat},${p.lng}`).join(';');
}

export function parsePointsKey(key: string): LatLng[] {
  if (key === '') return [];
  return key.split(';').map((pair) => {
    const [lat, lng] = pair.split(',').map(Number);
    return { lat: lat as number, lng: lng as number };
  });
}

/**
 * The map's base: the server's tiles when there are any, and the offline basemap over or instead
 * of them. Inside a MapContainer whose background is WATER_COLOR when there are no tiles.
 */
export function BaseLayers({ tileUrl }: { tileUrl: string | null }) {
  return (
    <>
      <FollowContainerSize />
      {tileUrl && <TileLayer url={tileUrl} />}
      <BasemapLayers withLand={!tileUrl} />
    </>
  );
}

/**
 * Leaflet measures its container once and again only when the window resizes. A layout change
 * (the dashboard's sidebar closing, a panel above the map) would leave it drawing and centring
 * for the old size: half-drawn maps and a truck shown off the centre it was located to.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Land, county and state outlines in a pane under the route and the markers. */
function BasemapLayers({ withLand }: { withLand: boolean }) {
  const basemap = useOfflineBasemap();

  if (!basemap) return null;
  return (
    // Above the tiles (200), below the route (overlay pane, 400) and the markers (600).
    <Pane name="basemap" style={{ zIndex: 250 }}>
      {/* Over tiles the land fill would hide them; the outlines still help on sparse tiles. */}
      {withLand && (
        <GeoJSON
          data={basemap.land}
          style={LAND_STYLE}
          interactive={false}
          attribution={BASEMAP_ATTRIBUTION}
        />
      )}
      <GeoJSON data={basemap.countyLines} style={COUNTY_STYLE} interactive={false} />
      <GeoJSON
        data={basemap.stateLines}
        style={STATE_STYLE}
        interactive={false}
        attribution={withLand ? undefined : BASEMAP_ATTRIBUTION}
      />
      {/* Over tiles the tiles name the places themselves. Their own pane keeps the outlines'
          drawing surface from covering them. */}
      {withLand && (
        <Pane name="basemap-places" style={{ zIndex: 260 }}>
          <PlaceLabels places={basemap.places} />
        </Pane>
      )}
    </Pane>
  );
}

/** City names, the larger cities from further out; text only, never a control. */
function PlaceLabels({ places }: { places: OfflineBasemap['places'] }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const icons = useMemo(
    () =>
      new Map(
        places.map((place) => [
          place.name,
          divIcon({
            className: 'map-place-label',
            iconSize: [0, 0],
            html: `<span style="${PLACE_LABEL_STYLE}">${escapeHtml(place.name)}</span>`,
          }),
        ]),
      ),
    [places],
  );
  return places
    .filter((place) => zoom >= place.minZoom)
    .map((place) => (
      <Marker
        key={place.name}
        position={[place.lat, place.lng]}
        icon={icons.get(place.name)!}
        interactive={false}
        keyboard={false}
        pane="basemap-places"
      />
    ));
}

/**
 * The driving route through the addresses in order (POST /api/geo/directions), asked once the
 * points have stayed put for a second. spec §8 "Failed directions lookup: only logged".
 */
export function RouteLine({ pointsKey: key }: { pointsKey: string }) {
  // '' until the first second has passed: spec §9 delays the lookup on load as well.
  const settledKey = useDebouncedValue(key, DIRECTIONS_DELAY_MS, '');
  const points = useMemo(() => parsePointsKey(settledKey), [settledKey]);
  const current = settledKey === key;

  const route = useQuery({
    ...directionsQueryOptions(settledKey, points),
    enabled: current && points.length >= 2,
  });

  useEffect(() => {
    if (route.error) console.warn('Directions lookup failed', route.error);
  }, [route.error]);

  // A route to addresses that have since changed is not drawn.
  const line = current && points.length >= 2 ? route.data?.data.route.points : undefined;
  if (!line || line.length < 2) return null;
  return (
    <Polyline
      positions={line.map((p) => [p.lat, p.lng] as [number, number])}
      pathOptions={{ color: ROUTE_COLOR, weight: 4, opacity: 0.9 }}
      interactive={false}
    />
  );
}
