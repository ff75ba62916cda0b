import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { divIcon, latLngBounds, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import { MapContainer, Marker, Tooltip, useMap } from 'react-leaflet';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { APPROXIMATE_LOCATION, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@movehub/shared';
import { geoConfigQueryOptions } from '../../../lib/maps/geo-query';
import {
  BaseLayers,
  parsePointsKey,
  pointsKey,
  RouteLine,
  WATER_COLOR,
} from '../../../lib/maps/map-layers';
import { AddressBadge } from '../addresses/address-icons';
import type { WizardAddress } from '../draft';

/*
 * The step 0 map (spec/request-lifecycle.md §2 step 0, §9): the addresses as markers with route
 * lines, default centre Los Angeles at zoom 11, focus zoom 15, route line red, the directions
 * lookup delayed 1 s. This module is loaded lazily so Leaflet and the atlas stay in its chunk.
 *
 * Its base layers and route line are the maps' shared ones (lib/maps/map-layers.tsx).
 */

/** spec §9 "focus zoom 15": one address is shown this close. */
export const FOCUS_ZOOM = 15;

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
      <BaseLayers tileUrl={tileUrl} />
      <RouteLine pointsKey={key} />
      {placed.map((address) => (
        // Keyed by label too: a relabelled address gets a new marker with its new badge.
        <AddressMarker key={`${address.id}-${address.label}`} address={address} />
      ))}
      <FitToAddresses pointsKey={key} />
    </MapContainer>
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
  // Offline a street is placed at its zip's centre (issue 31): the marker says so.
  const text = `${address.label}: ${address.address}${
    address.isApproximate ? ` (${APPROXIMATE_LOCATION})` : ''
  }`;

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
