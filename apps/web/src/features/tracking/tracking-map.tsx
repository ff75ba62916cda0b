import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DomEvent, latLngBounds, type Map as LeafletMap } from 'leaflet';
import { MapContainer, Marker, Pane, Polyline, Popup, useMap } from 'react-leaflet';
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
import { AddressMarker, placeOf, truckIcon } from '../../lib/maps/map-markers';
import { showToast } from '../../lib/toast';
import type { TrackedAddress } from './tracking-api';
import { MapLoading } from '../../lib/maps/map-loading';

/*
 * The tracking map (spec/request-lifecycle.md "Tracking", §9): centred on 33.9679, -118.297 at
 * zoom 6 until the addresses are known, then fitted to them; numbered address markers (an icon
 * of its own per index up to five, then a default one) with their popups, the red driving route
 * between consecutive addresses (one directions lookup through all of them, 1 s after load), the
 * truck marker turned to its heading with its 'Live Location' popup, and the locate button. Once
 * the move is complete (issue 31) the route the truck travelled instead of the truck. Loaded
 * lazily: Leaflet stays in the maps' chunks.
 */

/** spec §9 "tracking default … zoom 6". */
export const TRACKING_DEFAULT_ZOOM = 6;
/** spec §9 "truck zoom 17": the locate button shows the truck this close. */
export const TRUCK_ZOOM = 17;
/** No closer than this when the view fits the addresses (a single address, two close ones). */
const FIT_MAX_ZOOM = 15;

export const LOCATE_LABEL = 'Locate truck';
/** The route the truck travelled: blue, beside the red driving route between the addresses. */
export const TRAVELLED_COLOR = '#1565c0';
/** Room around the fitted addresses, in pixels: a pin stands 32 px above its point. */
const FIT_PADDING = 48;

export interface TrackingMapProps {
  addresses: readonly TrackedAddress[];
  /** The truck's last known point; null before the first. */
  truck: TrackingPoint | null;
  /** Degrees clockwise from north (truck-heading.ts). */
  heading: number;
  /** The move is complete: the truck's points, the route it travelled (else null). */
  travelled?: readonly TrackingPoint[] | null;
}

export function TrackingMap({ addresses, truck, heading, travelled = null }: TrackingMapProps) {
  const config = useQuery(geoConfigQueryOptions());
  const placed = addresses
    .map((address, index) => ({ address, index, place: placeOf(address) }))
    .filter((entry): entry is typeof entry & { place: [number, number] } => entry.place !== null);
  const key = pointsKey(placed.map(({ place }) => ({ lat: place[0], lng: place[1] })));
  const track = useMemo(
    () => (travelled ?? []).map((p) => [p.latitude, p.longitude] as [number, number]),
    [travelled],
  );
  // The view fits the addresses, and the travelled route with them once the move is over.
  const fitKey = travelled
    ? pointsKey([...parsePointsKey(key), ...track.map(([lat, lng]) => ({ lat, lng }))])
    : key;

  if (config.isPending) {
    return <MapLoading />;
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
      {track.length >= 2 && (
        // Over the driving route (drawn once its lookup answers), under the markers.
        <Pane name="travelled" style={{ zIndex: 450 }}>
          <Polyline
            positions={track}
            pathOptions={{ color: TRAVELLED_COLOR, weight: 6, opacity: 0.9 }}
            interactive={false}
          />
        </Pane>
      )}
      {placed.map(({ address, index, place }) => (
        <AddressMarker key={address.id} index={index} address={address} place={place} />
      ))}
      {truck && <TruckMarker truck={truck} heading={heading} />}
      <FitToAddresses pointsKey={fitKey} />
      {!travelled && <LocateButton truck={truck} />}
    </MapContainer>
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
 * The part of the map below the window's bottom edge, in pixels: at 769 px and wider the map is
 * the window's height less 60 (spec §9) under the header and the title, so its foot is out of
 * view until the page scrolls; nothing is fitted there.
 */
function hiddenBelow(map: LeafletMap): number {
  const rect = map.getContainer().getBoundingClientRect();
  return Math.max(0, Math.ceil(rect.bottom - window.innerHeight));
}

/**
 * The addresses fill the part of the map in view when they are known (and again only if they
 * change): a point of the truck does not move the customer's view; the locate button does. A map
 * that changes size while it still shows the fitted view (the sidebar closing, the window turned)
 * is fitted again, so that no marker ends up cut at its edge.
 */
function FitToAddresses({ pointsKey: key }: { pointsKey: string }) {
  const map = useMap();
  const fitted = useRef<{ zoom: number; lat: number; lng: number } | null>(null);
  useEffect(() => {
    const points = parsePointsKey(key);
    if (points.length === 0) return;
    const bounds = latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    const fit = () => {
      map.fitBounds(bounds, {
        paddingTopLeft: [FIT_PADDING, FIT_PADDING],
        paddingBottomRight: [FIT_PADDING, FIT_PADDING + hiddenBelow(map)],
        maxZoom: FIT_MAX_ZOOM,
        animate: false,
      });
      const centre = map.getCenter();
      fitted.current = { zoom: map.getZoom(), lat: centre.lat, lng: centre.lng };
    };
    fit();
    const onResize = () => {
      const view = fitted.current;
      // Still the fitted view: the same zoom, its centre within a pixel or two of the middle.
      const still =
        view !== null &&
        view.zoom === map.getZoom() &&
        map.latLngToContainerPoint([view.lat, view.lng]).distanceTo(map.getSize().divideBy(2)) < 2;
      if (still) fit();
    };
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
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
