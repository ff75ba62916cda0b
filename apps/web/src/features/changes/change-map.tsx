import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { bearing } from '../../lib/maps/bearing';
import { geoConfigQueryOptions } from '../../lib/maps/geo-query';
import { BaseLayers, pointsKey, RouteLine, WATER_COLOR } from '../../lib/maps/map-layers';
import { AddressMarker, placeOf, truckIcon, type MarkedAddress } from '../../lib/maps/map-markers';
import { MapLoading } from '../../lib/maps/map-loading';

/*
 * The tracking map of the change screens (spec/request-lifecycle.md "Tracking": "three addresses
 * with directions from first to second and second to third, a moving marker, a 600 px map, and a
 * 5-second delay before the marker jumps to the second address"; §9 "change-screen zoom 12, route
 * line red"). Loaded lazily, in its own chunk with Leaflet.
 */

/** spec: the change screens' map shows three addresses. */
export const CHANGE_MAP_ADDRESSES = 3;
/** spec §9 "change-screen zoom 12". */
export const CHANGE_MAP_ZOOM = 12;
/** spec "a 5-second delay before the marker jumps to the second address". */
export const MARKER_JUMP_DELAY_MS = 5000;

export const MOVING_MARKER_LABEL = 'Moving marker';

export interface ChangeMapProps {
  /** The request's addresses in order; the first three with a position are shown. */
  addresses: readonly MarkedAddress[];
}

export function ChangeMap({ addresses }: ChangeMapProps) {
  const config = useQuery(geoConfigQueryOptions());
  const placed = useMemo(
    () =>
      addresses
        .map((address) => ({ address, place: placeOf(address) }))
        .filter(
          (entry): entry is typeof entry & { place: [number, number] } => entry.place !== null,
        )
        .slice(0, CHANGE_MAP_ADDRESSES),
    [addresses],
  );
  // One directions lookup through first → second → third is the two legs the spec names.
  const key = pointsKey(placed.map(({ place }) => ({ lat: place[0], lng: place[1] })));

  if (config.isPending) {
    return <MapLoading />;
  }
  const tileUrl = config.data?.data.map_tile_url ?? null;
  const first = placed[0]?.place;
  const center = first ?? [
    config.data?.data.default_center.lat ?? 0,
    config.data?.data.default_center.lng ?? 0,
  ];

  return (
    <MapContainer
      center={center}
      zoom={CHANGE_MAP_ZOOM}
      style={{ width: '100%', height: '100%', background: tileUrl ? undefined : WATER_COLOR }}
    >
      <BaseLayers tileUrl={tileUrl} />
      <RouteLine pointsKey={key} />
      {placed.map(({ address, place }, index) => (
        <AddressMarker
          key={`${address.id ?? 'new'}-${index}`}
          index={index}
          address={address}
          place={place}
        />
      ))}
      {placed.length > 0 && <MovingMarker places={placed.map((p) => p.place)} />}
      <CenterOn place={first ?? null} />
    </MapContainer>
  );
}

/**
 * The marker that moves along the route: at the first address, then after the delay at the
 * second, pointing where it goes.
 */
function MovingMarker({ places }: { places: readonly [number, number][] }) {
  const [at, setAt] = useState(0);
  useEffect(() => {
    if (places.length < 2) return;
    const timer = window.setTimeout(() => setAt(1), MARKER_JUMP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [places.length]);
  const here = places[Math.min(at, places.length - 1)]!;
  const next = places[at + 1];
  const heading = next
    ? bearing({ latitude: here[0], longitude: here[1] }, { latitude: next[0], longitude: next[1] })
    : 0;
  const icon = useMemo(
    () => truckIcon(heading, `${MOVING_MARKER_LABEL} at address ${at + 1}`),
    [heading, at],
  );
  return (
    <Marker position={here} icon={icon} zIndexOffset={1000} interactive={false} keyboard={false} />
  );
}

/** Keeps the view on the first address at the change screens' zoom when the addresses change. */
function CenterOn({ place }: { place: [number, number] | null }) {
  const map = useMap();
  const lat = place?.[0];
  const lng = place?.[1];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    map.setView([lat, lng], CHANGE_MAP_ZOOM, { animate: false });
  }, [lat, lng, map]);
  return null;
}
