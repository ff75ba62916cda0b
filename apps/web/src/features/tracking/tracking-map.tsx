import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DomEvent, divIcon, latLngBounds } from 'leaflet';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { MAP_DEFAULT_CENTER, MSG, type TrackingPoint } from '@movehub/shared';
import { geoConfigQueryOptions } from '../../lib/maps/geo-query';
import {
  BaseLayers,
  pointsKey,
  parsePointsKey,
  RouteLine,
  WATER_COLOR,
} from '../../lib/maps/map-layers';
import { showToast } from '../../lib/toast';
import type { TrackedAddress } from './tracking-api';

/*
 * The tracking map (spec/request-lifecycle.md "Tracking", §9): centred on 33.9679, -118.297 at
 * zoom 6 until the addresses are known, then fitted to them; numbered address markers (an icon
 * of its own per index up to five, then a default one) with their popups, the red driving route
 * between consecutive addresses (one directions lookup through all of them, 1 s after load), the
 * truck marker turned to its heading with its 'Live Location' popup, and the locate button.
 * Loaded lazily: Leaflet stays in the maps' chunks.
 */

/** spec §9 "tracking default … zoom 6". */
export const TRACKING_DEFAULT_ZOOM = 6;
/** spec §9 "truck zoom 17": the locate button shows the truck this close. */
export const TRUCK_ZOOM = 17;
/** No closer than this when the view fits the addresses (a single address, two close ones). */
const FIT_MAX_ZOOM = 15;

export const LOCATE_LABEL = 'Locate truck';

/** The colours of the address markers 1 to 5; any further address wears the default marker. */
export const ADDRESS_MARKER_COLORS = ['#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00', '#00838f'];
const DEFAULT_MARKER_COLOR = '#616161';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
export function addressTypeText(type: number): string {
  return type === 1 ? 'PICK UP' : 'DROP OFF';
}

/** Where the marker points: the address's position, when it has one. */
function placeOf(address: TrackedAddress): [number, number] | null {
  return address.latitude !== null && address.longitude !== null
    ? [address.latitude, address.longitude]
    : null;
}

/**
 * The marker of the address at `index` (0-based): a pin of its own colour with its number up to
 * the fifth, the default pin from the sixth. Its accessible name says which address it is.
 */
function addressIcon(index: number, address: TrackedAddress) {
  const own = index < ADDRESS_MARKER_COLORS.length;
  const color = own ? ADDRESS_MARKER_COLORS[index]! : DEFAULT_MARKER_COLOR;
  const label = `Address ${index + 1}: ${address.complete_address}`;
  const pin = [
    'display:grid',
    'place-items:center',
    'width:28px',
    'height:28px',
    'border-radius:50% 50% 50% 0',
    'transform:rotate(-45deg)',
    `background:${color}`,
    'border:2px solid #fff',
    'box-shadow:0 1px 3px rgba(0,0,0,.4)',
  ].join(';');
  const text = 'transform:rotate(45deg);color:#fff;font:700 13px/1 sans-serif';
  return divIcon({
    className: own
      ? `tracking-address-marker tracking-address-marker-${index + 1}`
      : 'tracking-address-marker tracking-address-marker-default',
    html:
      `<span role="img" aria-label="${escapeHtml(label)}" style="${pin}">` +
      `<span style="${text}" aria-hidden="true">${own ? index + 1 : ''}</span></span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 32],
    popupAnchor: [0, -30],
  });
}

/** The truck, drawn pointing north and turned to its heading. */
function truckIcon(heading: number) {
  const arrow =
    '<svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">' +
    '<circle cx="12" cy="12" r="11" fill="#d32f2f" stroke="#fff" stroke-width="2"/>' +
    '<path d="M12 4.5 17.5 17 12 14.2 6.5 17z" fill="#fff"/></svg>';
  return divIcon({
    className: 'tracking-truck-marker',
    html:
      `<span role="img" aria-label="Truck, heading ${heading} degrees" data-heading="${heading}"` +
      ` style="display:block;width:36px;height:36px;transform:rotate(${heading}deg)">${arrow}</span>`,
    iconSize: [36, 36],
    iconAnchor: [18, 18],
    popupAnchor: [0, -18],
  });
}

export interface TrackingMapProps {
  addresses: readonly TrackedAddress[];
  /** The truck's last known point; null before the first. */
  truck: TrackingPoint | null;
  /** Degrees clockwise from north (truck-heading.ts). */
  heading: number;
}

export function TrackingMap({ addresses, truck, heading }: TrackingMapProps) {
  const config = useQuery(geoConfigQueryOptions());
  const placed = addresses
    .map((address, index) => ({ address, index, place: placeOf(address) }))
    .filter((entry): entry is typeof entry & { place: [number, number] } => entry.place !== null);
  const key = pointsKey(placed.map(({ place }) => ({ lat: place[0], lng: place[1] })));

  if (config.isPending) {
    return (
      <Box
        role="progressbar"
        aria-label="Loading map"
        sx={{ height: '100%', bgcolor: 'grey.200' }}
      />
    );
  }
  const tileUrl = config.data?.data.map_tile_url ?? null;

  return (
    <MapContainer
      center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
      zoom={TRACKING_DEFAULT_ZOOM}
      style={{ width: '100%', height: '100%', background: tileUrl ? undefined : WATER_COLOR }}
    >
      <BaseLayers tileUrl={tileUrl} />
      <RouteLine pointsKey={key} />
      {placed.map(({ address, index, place }) => (
        <AddressMarker key={address.id} index={index} address={address} place={place} />
      ))}
      {truck && <TruckMarker truck={truck} heading={heading} />}
      <FitToAddresses pointsKey={key} />
      <LocateButton truck={truck} />
    </MapContainer>
  );
}

function AddressMarker({
  index,
  address,
  place,
}: {
  index: number;
  address: TrackedAddress;
  place: [number, number];
}) {
  const icon = useMemo(() => addressIcon(index, address), [index, address]);
  return (
    <Marker position={place} icon={icon}>
      <Popup>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <strong>{address.complete_address}</strong>
          <span>{addressTypeText(address.address_type)}</span>
          <span>{address.address_detail?.trim() || 'N/A'}</span>
        </Box>
      </Popup>
    </Marker>
  );
}

function TruckMarker({ truck, heading }: { truck: TrackingPoint; heading: number }) {
  const icon = useMemo(() => truckIcon(heading), [heading]);
  return (
    <Marker position={[truck.latitude, truck.longitude]} icon={icon} zIndexOffset={1000}>
      <Popup>Live Location</Popup>
    </Marker>
  );
}

/**
 * The addresses fill the view when they are known (and again only if they change): a point of
 * the truck does not move the customer's view; the locate button does.
 */
function FitToAddresses({ pointsKey: key }: { pointsKey: string }) {
  const map = useMap();
  useEffect(() => {
    const points = parsePointsKey(key);
    if (points.length === 0) return;
    const bounds = latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: FIT_MAX_ZOOM, animate: false });
  }, [key, map]);
  return null;
}

/** spec: "a locate button that centres and zooms (17) on the truck or errors …". */
function LocateButton({ truck }: { truck: TrackingPoint | null }) {
  const map = useMap();
  const ref = useRef<HTMLDivElement>(null);
  // A click on the button is not a click on the map under it.
  useEffect(() => {
    if (ref.current) DomEvent.disableClickPropagation(ref.current);
  }, []);
  const locate = () => {
    if (!truck) {
      showToast(MSG.waitForForeman, 'error');
      return;
    }
    map.setView([truck.latitude, truck.longitude], TRUCK_ZOOM, { animate: false });
  };
  return (
    <Box ref={ref} sx={{ position: 'absolute', right: 12, top: 12, zIndex: 1000 }}>
      <IconButton
        aria-label={LOCATE_LABEL}
        onClick={locate}
        sx={{ bgcolor: 'background.paper', boxShadow: 2, '&:hover': { bgcolor: 'grey.100' } }}
      >
        <MyLocationIcon />
      </IconButton>
    </Box>
  );
}
