import { CRS, latLng } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { linesPath, projectPoint } from './map-preview';

describe('the basemap picture', () => {
  it('places points where Leaflet draws them', () => {
    for (const [lat, lng, zoom] of [
      [33.9679, -118.297, 11],
      [34.42, -119.7, 9],
      [32.7, -117.16, 15],
    ] as const) {
      const ours = projectPoint({ lat, lng }, zoom);
      const leaflet = CRS.EPSG3857.latLngToPoint(latLng(lat, lng), zoom);
      expect(ours.x).toBeCloseTo(leaflet.x, 3);
      expect(ours.y).toBeCloseTo(leaflet.y, 3);
    }
  });

  it('draws lines of [longitude, latitude] relative to an origin, closed for areas', () => {
    const origin = projectPoint({ lat: 34, lng: -118 }, 11);
    const line = [
      [-118, 34],
      [-117.99, 34],
    ];
    expect(linesPath([line], 11, origin, false)).toBe('M0 0L15 0');
    expect(linesPath([line, line], 11, origin, true)).toBe('M0 0L15 0ZM0 0L15 0Z');
  });
});
