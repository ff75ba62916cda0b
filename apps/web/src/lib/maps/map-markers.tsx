import { useMemo } from 'react';
import { divIcon } from 'leaflet';
import { Marker, Popup } from 'react-leaflet';
import Box from '@mui/material/Box';
import { APPROXIMATE_LOCATION } from '@movehub/shared';

/*
 * The markers the app's maps share (the tracking map and the change screens' map,
 * spec/request-lifecycle.md "Tracking"): numbered address pins with their popup, and the truck
 * turned to its heading. Import only from lazily loaded modules: Leaflet stays in the maps'
 * chunks.
 */

/** What an address marker shows of a request's address (spec §3 Address (server)). */
export interface MarkedAddress {
  id: number | null;
  address_type: number;
  complete_address: string;
  address_detail: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Placed at its zip code's centre, not at the street (issue 31). */
  is_approximate_location?: boolean | undefined;
}

/** The colours of the address markers 1 to 5; any further address wears the default marker. */
export const ADDRESS_MARKER_COLORS = ['#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00', '#00838f'];
const DEFAULT_MARKER_COLOR = '#616161';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
export function addressTypeText(type: number): string {
  return type === 1 ? 'PICK UP' : 'DROP OFF';
}

/** Where the marker points: the address's position, when it has one. */
export function placeOf(address: MarkedAddress): [number, number] | null {
  return address.latitude !== null && address.longitude !== null
    ? [address.latitude, address.longitude]
    : null;
}

/**
 * The marker of the address at `index` (0-based): a pin of its own colour with its number up to
 * the fifth, the default pin from the sixth. Its accessible name says which address it is. (The
 * class names were the tracking map's first and stay so.)
 */
function addressIcon(index: number, address: MarkedAddress) {
  const own = index < ADDRESS_MARKER_COLORS.length;
  const color = own ? ADDRESS_MARKER_COLORS[index]! : DEFAULT_MARKER_COLOR;
  const label = `Address ${index + 1}: ${address.complete_address}${
    address.is_approximate_location ? ` (${APPROXIMATE_LOCATION})` : ''
  }`;
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

/** The truck, drawn pointing north and turned to its heading (degrees clockwise from north). */
export function truckIcon(heading: number, label = `Truck, heading ${heading} degrees`) {
  const arrow =
    '<svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">' +
    '<circle cx="12" cy="12" r="11" fill="#d32f2f" stroke="#fff" stroke-width="2"/>' +
    '<path d="M12 4.5 17.5 17 12 14.2 6.5 17z" fill="#fff"/></svg>';
  return divIcon({
    className: 'tracking-truck-marker',
    html:
      `<span role="img" aria-label="${escapeHtml(label)}" data-heading="${heading}"` +
      ` style="display:block;width:36px;height:36px;transform:rotate(${heading}deg)">${arrow}</span>`,
    iconSize: [36, 36],
    iconAnchor: [18, 18],
    popupAnchor: [0, -18],
  });
}

/**
 * A numbered address pin whose popup shows the address, its type and its detail or N/A, and
 * says 'approximate location' when the address stands at its zip code's centre.
 */
export function AddressMarker({
  index,
  address,
  place,
}: {
  index: number;
  address: MarkedAddress;
  place: [number, number];
}) {
  const icon = useMemo(() => addressIcon(index, address), [index, address]);
  return (
    <Marker position={place} icon={icon}>
      <Popup>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <strong>{address.complete_address}</strong>
          {address.is_approximate_location && <em>{APPROXIMATE_LOCATION}</em>}
          <span>{addressTypeText(address.address_type)}</span>
          <span>{address.address_detail?.trim() || 'N/A'}</span>
        </Box>
      </Popup>
    </Marker>
  );
}
