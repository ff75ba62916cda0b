import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { LatLng } from '@movehub/shared';
import {
  BASEMAP_ATTRIBUTION,
  COUNTY_LINE,
  LAND_COLOR,
  PLACE_LABEL,
  STATE_LINE,
  WATER_COLOR,
} from './basemap-style';
import { useOfflineBasemap, type OfflineBasemap } from './offline-basemap';

/*
 * The offline basemap drawn as a picture: the served area's land, county and state lines and its
 * city names around a centre, in the projection and at the scale Leaflet would draw them (Web
 * Mercator, 256-pixel tiles). A screen shows it where an interactive map is not needed yet, so
 * that Leaflet loads only once there is something to place (decision 029).
 */

/**
 * Width and height of the drawn area in map pixels, around the centre. The picture shows as much
 * of it as its box has pixels, at the map's own scale.
 */
const VIEW = { width: 2000, height: 1400 } as const;
const TILE_SIZE = 256;

/** The pixel of a point at a zoom, as Leaflet's Web Mercator projection places it. */
export function projectPoint({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** An SVG path through lines of [longitude, latitude] positions, relative to an origin pixel. */
export function linesPath(
  lines: readonly (readonly (readonly number[])[])[],
  zoom: number,
  origin: { x: number; y: number },
  closed: boolean,
): string {
  return lines
    .map((line) => {
      const points = line.map(([lng, lat]) => {
        const { x, y } = projectPoint({ lat: lat!, lng: lng! }, zoom);
        return `${Math.round(x - origin.x)} ${Math.round(y - origin.y)}`;
      });
      return `M${points.join('L')}${closed ? 'Z' : ''}`;
    })
    .join('');
}

function Drawing({
  basemap,
  center,
  zoom,
}: {
  basemap: OfflineBasemap;
  center: LatLng;
  zoom: number;
}) {
  const drawn = useMemo(() => {
    const middle = projectPoint(center, zoom);
    const origin = { x: middle.x - VIEW.width / 2, y: middle.y - VIEW.height / 2 };
    return {
      land: linesPath(basemap.land.coordinates.flat(), zoom, origin, true),
      counties: linesPath(basemap.countyLines.coordinates, zoom, origin, false),
      states: linesPath(basemap.stateLines.coordinates, zoom, origin, false),
      places: basemap.places
        .filter((place) => zoom >= place.minZoom)
        .map((place) => ({ name: place.name, ...projectPoint(place, zoom) }))
        .map(({ name, x, y }) => ({ name, x: x - origin.x, y: y - origin.y }))
        .filter(({ x, y }) => x > 0 && x < VIEW.width && y > 0 && y < VIEW.height),
    };
  }, [basemap, center, zoom]);

  // One map pixel per screen pixel, as Leaflet draws: the view box is the box's own size.
  const box = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) setSize({ width, height });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = Math.min(size?.width ?? VIEW.width, VIEW.width);
  const height = Math.min(size?.height ?? VIEW.height, VIEW.height);

  return (
    <Box
      component="svg"
      ref={box}
      viewBox={`${(VIEW.width - width) / 2} ${(VIEW.height - height) / 2} ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden
      sx={{ display: 'block', width: '100%', height: '100%', bgcolor: WATER_COLOR }}
    >
      <path d={drawn.land} fill={LAND_COLOR} fillRule="evenodd" />
      <path
        d={drawn.counties}
        fill="none"
        stroke={COUNTY_LINE.color}
        strokeWidth={COUNTY_LINE.weight}
        strokeOpacity={COUNTY_LINE.opacity}
      />
      <path
        d={drawn.states}
        fill="none"
        stroke={STATE_LINE.color}
        strokeWidth={STATE_LINE.weight}
        strokeOpacity={STATE_LINE.opacity}
      />
      {drawn.places.map((place) => (
        <text
          key={place.name}
          x={place.x}
          y={place.y}
          textAnchor="middle"
          dominantBaseline="central"
          style={{ font: PLACE_LABEL.font }}
          fill={PLACE_LABEL.color}
          stroke="#fff"
          strokeWidth={3}
          strokeLinejoin="round"
          paintOrder="stroke"
        >
          {place.name}
        </text>
      ))}
    </Box>
  );
}

/**
 * The basemap around `center` at `zoom`, as a picture (a plain water-coloured box until the
 * basemap's few kilobytes arrive, or if they cannot).
 */
export function MapPreview({ center, zoom }: { center: LatLng; zoom: number }) {
  const basemap = useOfflineBasemap();
  if (!basemap) return <Box sx={{ width: '100%', height: '100%', bgcolor: WATER_COLOR }} />;
  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
      <Drawing basemap={basemap} center={center} zoom={zoom} />
      <Box
        component="small"
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          px: 0.75,
          fontSize: 12,
          color: 'text.primary',
          bgcolor: 'rgba(255, 255, 255, 0.8)',
        }}
      >
        {BASEMAP_ATTRIBUTION}
      </Box>
    </Box>
  );
}
