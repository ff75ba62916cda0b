import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { divIcon, latLngBounds } from 'leaflet';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { MAP_DEFAULT_CENTER, type OpenRequest } from '@movehub/shared';
import { formatDate } from '../../lib/format-date';
import { geoConfigQueryOptions } from '../../lib/maps/geo-query';
import { BaseLayers, WATER_COLOR } from '../../lib/maps/map-layers';
import { MapLoading } from '../../lib/maps/map-loading';

/*
 * The open requests' pick-up points. Loaded lazily from the list
 * page, so Leaflet stays in a chunk of its own; the list reads the same data without it.
 */

const DEFAULT_ZOOM = 9;
const FIT_MAX_ZOOM = 13;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface PickUp {
  request: OpenRequest;
  address: string;
  place: [number, number];
}

/** The first pick-up address with a position, per request; requests without one are not drawn. */
export function pickUpsOf(requests: readonly OpenRequest[]): PickUp[] {
  const points: PickUp[] = [];
  for (const request of requests) {
    const pickUp = request.request_address.find(
      (a) => a.address_type === 1 && a.latitude !== null && a.longitude !== null,
    );
    if (pickUp) {
      points.push({
        request,
        address: pickUp.complete_address,
        place: [pickUp.latitude!, pickUp.longitude!],
      });
    }
  }
  return points;
}

function pickUpIcon(point: PickUp) {
  const label = `Request #${point.request.id} pick-up: ${point.address}`;
  const pin = [
    'display:block',
    'width:22px',
    'height:22px',
    'border-radius:50% 50% 50% 0',
    'transform:rotate(-45deg)',
    `background:${point.request.my_bid ? '#1565c0' : '#2e7d32'}`,
    'border:2px solid #fff',
    'box-shadow:0 1px 3px rgba(0,0,0,.4)',
  ].join(';');
  return divIcon({
    className: 'open-request-marker',
    html: `<span role="img" aria-label="${escapeHtml(label)}" style="${pin}"></span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 26],
    popupAnchor: [0, -24],
  });
}

/** Fits the view to the points whenever the set of points changes. */
function FitToPoints({ points }: { points: PickUp[] }) {
  const map = useMap();
  const key = points.map((p) => p.place.join(',')).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    // Not animated, as the other maps: a zoom animation still running when the console moves
    // to another screen makes Leaflet fail on the map it has just removed ('_leaflet_pos').
    map.fitBounds(latLngBounds(points.map((p) => p.place)), {
      padding: [24, 24],
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
    // The key stands for the points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

export interface OpenRequestsMapProps {
  requests: readonly OpenRequest[];
  onSelect: (request: OpenRequest) => void;
}

export default function OpenRequestsMap({ requests, onSelect }: OpenRequestsMapProps) {
  const config = useQuery(geoConfigQueryOptions());
  const points = pickUpsOf(requests);
  if (config.isPending) {
    return <MapLoading />;
  }
  const tileUrl = config.data?.data.map_tile_url ?? null;
  return (
    <MapContainer
      center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
      zoom={DEFAULT_ZOOM}
      style={{ width: '100%', height: '100%', background: tileUrl ? undefined : WATER_COLOR }}
    >
      <BaseLayers tileUrl={tileUrl} />
      <FitToPoints points={points} />
      {points.map((point) => (
        <Marker key={point.request.id} position={point.place} icon={pickUpIcon(point)}>
          <Popup>
            <strong>Request #{point.request.id}</strong>
            <br />
            {point.address}
            <br />
            {formatDate(point.request.s_date)}
            <br />
            <button type="button" onClick={() => onSelect(point.request)}>
              {point.request.my_bid ? 'Change my bid' : 'Place a bid'}
            </button>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
