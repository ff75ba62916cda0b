import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { divIcon, latLngBounds, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import {
  GeoJSON,
  MapContainer,
  Marker,
  Pane,
  Polyline,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, type LatLng } from '@movehub/shared';
import { AddressBadge } from '../addresses/address-icons';
import type { WizardAddress } from '../draft';
import { loadOfflineBasemap, type OfflineBasemap } from './offline-basemap';
import { useDebouncedValue } from '../api/use-debounced-value';
import { directionsQueryOptions, geoConfigQueryOptions } from '../api/wizard-api';

/*
 * The step 0 map (spec/request-lifecycle.md §2 step 0, §9): the addresses as markers with route
 * lines, default centre Los Angeles at zoom 11, focus zoom 15, route line red, the directions
 * lookup delayed 1 s. This module is loaded lazily so Leaflet and the atlas stay in its chunk.
 *
 * Tiles come from the server's MAP_TILE_URL when one is set; the offline basemap (the served
 * area's land, state and county outlines and city names, ./offline-basemap.ts) is drawn in every
 * case, under the markers, so that without a tile server the map still reads as a map.
 */

/** spec §9 "focus zoom 15": one address is shown this close. */
export const FOCUS_ZOOM = 15;
/** spec §9 "Directions lookup delayed 1 s": also after each change, so one lookup per pause. */
export const DIRECTIONS_DELAY_MS = 1000;
/** spec §9 "route line red". */
export const ROUTE_COLOR = '#d32f2f';

const WATER_COLOR = '#dce9f5';
const LAND_STYLE = { stroke: false, fillColor: '#f5f2ea', fillOpacity: 1 };
const COUNTY_STYLE = { color: '#9e9e9e', weight: 0.7, opacity: 0.9 };
const STATE_STYLE = { color: '#5f5f5f', weight: 1.6, opacity: 1 };
const BASEMAP_ATTRIBUTION = 'Boundaries: US Census Bureau';
const PLACE_LABEL_STYLE = [
  'position:absolute',
  'transform:translate(-50%,-50%)',
  'white-space:nowrap',
  'font:600 11px/1.2 sans-serif',
  'color:#5f5f5f',
  'text-shadow:0 0 2px #fff,0 0 2px #fff,0 0 3px #fff',
  'pointer-events:none',
].join(';');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The positions of the addresses that have one, as a string that is equal when they are. */
function pointsKey(points: readonly LatLng[]): string {
  return points.map((p) => `${p.lat},${p.lng}`).join(';');
}

function parsePointsKey(key: string): LatLng[] {
  if (key === '') return [];
  return key.split(';').map((pair) => {
    const [lat, lng] = pair.split(',').map(Number);
    return { lat: lat as number, lng: lng as number };
  });
}

export function WizardMap({ addresses }: { addresses: readonly WizardAddress[] }) {
  const config = useQuery(geoConfigQueryOptions());
  if (config.isPending) {
    // A span may carry a name only with a role: the placeholder is announced as loading.
    return (
      <Skeleton
        variant="rectangular"
        width="100%"
        height="100%"
        role="progressbar"
        aria-label="Loading map"
      />
    );
  }
  // Without the server's settings the map still opens, on the shared defaults.
  const settings = config.data?.data;
  const center = settings?.default_center ?? MAP_DEFAULT_CENTER;
  const zoom = settings?.default_zoom ?? MAP_DEFAULT_ZOOM;
  const tileUrl = settings?.map_tile_url ?? null;

  const placed = addresses.filter((a) => a.lat !== null && a.lng !== null);
  const key = pointsKey(placed.map((a) => ({ lat: a.lat as number, lng: a.lng as number })));

  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={zoom}
      scrollWheelZoom={false}
      style={{ width: '100%', height: '100%', background: tileUrl ? undefined : WATER_COLOR }}
    >
      {tileUrl && <TileLayer url={tileUrl} />}
      <BasemapLayers withLand={!tileUrl} />
      <RouteLine pointsKey={key} />
      {placed.map((address) => (
        // Keyed by label too: a relabelled address gets a new marker with its new badge.
        <AddressMarker key={`${address.id}-${address.label}`} address={address} />
      ))}
      <FitToAddresses pointsKey={key} />
    </MapContainer>
  );
}

/** Land, county and state outlines in a pane under the route and the markers. */
function BasemapLayers({ withLand }: { withLand: boolean }) {
  const [basemap, setBasemap] = useState<OfflineBasemap | null>(null);

  useEffect(() => {
    let live = true;
    loadOfflineBasemap()
      .then((loaded) => {
        if (live) setBasemap(loaded);
      })
      .catch((error: unknown) => console.warn('The offline basemap could not be loaded', error));
    return () => {
      live = false;
    };
  }, []);

  if (!basemap) return null;
  return (
    // Above the tiles (200), below the route (overlay pane, 400) and the markers (600).
    <Pane name="wizard-basemap" style={{ zIndex: 250 }}>
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
        <Pane name="wizard-places" style={{ zIndex: 260 }}>
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
            className: 'wizard-place-label',
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
        pane="wizard-places"
      />
    ));
}

/**
 * The driving route through the addresses in order (POST /api/geo/directions), asked once the
 * addresses have stayed put for a second. spec §8 "Failed directions lookup: only logged".
 */
function RouteLine({ pointsKey: key }: { pointsKey: string }) {
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

/**
 * Two or more addresses fill the view; a single one is shown at the focus zoom. Without
 * animation: a zoom animation still running when the customer presses Next would fire into the
 * removed map ("_leaflet_pos" of undefined), and a jump reads better on a small screen anyway.
 */
function FitToAddresses({ pointsKey: key }: { pointsKey: string }) {
  const map = useMap();
  useEffect(() => {
    const points = parsePointsKey(key);
    const first = points[0];
    if (!first) return;
    if (points.length === 1) {
      map.setView([first.lat, first.lng], FOCUS_ZOOM, { animate: false });
      return;
    }
    const bounds = latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: FOCUS_ZOOM, animate: false });
  }, [key, map]);
  return null;
}

/** The marker is Leaflet's div icon; the badge (the card's icon and colour) is rendered into it. */
function AddressMarker({ address }: { address: WizardAddress }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  const icon = useMemo(
    () =>
      divIcon({
        className: 'wizard-address-marker',
        html: '',
        iconSize: [56, 32],
        iconAnchor: [28, 32],
        tooltipAnchor: [0, -32],
      }),
    [],
  );
  const handlers = useMemo(
    () => ({
      add: (event: LeafletEvent) => setHost((event.target as LeafletMarker).getElement() ?? null),
      remove: () => setHost(null),
    }),
    [],
  );
  const text = `${address.label}: ${address.address}`;

  // Leaflet makes the icon a focusable button named by its content (the letter); the label
  // gives it the whole address, as the tooltip shows it.
  useEffect(() => {
    host?.setAttribute('aria-label', text);
  }, [host, text]);

  return (
    <Marker
      position={[address.lat as number, address.lng as number]}
      icon={icon}
      eventHandlers={handlers}
      title={text}
    >
      <Tooltip direction="top">{text}</Tooltip>
      {host &&
        createPortal(
          <Box
            sx={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-end', height: 1 }}
          >
            <AddressBadge label={address.label} size="small" />
          </Box>,
          host,
        )}
    </Marker>
  );
}
