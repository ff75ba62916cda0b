import { describe, expect, it } from 'vitest';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@movehub/shared';
import { loadOfflineBasemap } from './offline-basemap';
import shipped from './socal-basemap.json';

/** Ray casting: is the point inside the ring ([longitude, latitude] pairs)? */
function inRing(lng: number, lat: number, ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

describe('the shipped offline basemap', () => {
  it('holds the land, state and county lines of a box around Los Angeles, and no more', async () => {
    const basemap = await loadOfflineBasemap();
    const [west, south, east, north] = shipped.box as [number, number, number, number];

    // The wizard's default centre (Los Angeles) is inside the box, and on land.
    expect(MAP_DEFAULT_CENTER.lng).toBeGreaterThan(west);
    expect(MAP_DEFAULT_CENTER.lng).toBeLessThan(east);
    expect(MAP_DEFAULT_CENTER.lat).toBeGreaterThan(south);
    expect(MAP_DEFAULT_CENTER.lat).toBeLessThan(north);
    const onLand = basemap.land.coordinates.some(
      (polygon) =>
        inRing(MAP_DEFAULT_CENTER.lng, MAP_DEFAULT_CENTER.lat, polygon[0]!) &&
        !polygon
          .slice(1)
          .some((hole) => inRing(MAP_DEFAULT_CENTER.lng, MAP_DEFAULT_CENTER.lat, hole)),
    );
    expect(onLand).toBe(true);

    // GeoJSON order is [longitude, latitude]; a clipped line ends at most one segment beyond the
    // box, so every point lies within a degree of it.
    const points = [
      ...basemap.land.coordinates.flat(2),
      ...basemap.stateLines.coordinates.flat(),
      ...basemap.countyLines.coordinates.flat(),
    ];
    expect(
      points.every(
        ([lng, lat]) =>
          lng! >= west - 1 && lng! <= east + 1 && lat! >= south - 1 && lat! <= north + 1,
      ),
    ).toBe(true);
    // Los Angeles County's borders with Ventura, Kern, San Bernardino and Orange run within a
    // degree of the centre.
    const nearLosAngeles = basemap.countyLines.coordinates
      .flat()
      .filter(
        ([lng, lat]) =>
          Math.abs(lng! - MAP_DEFAULT_CENTER.lng) < 1 &&
          Math.abs(lat! - MAP_DEFAULT_CENTER.lat) < 1,
      );
    expect(nearLosAngeles.length).toBeGreaterThan(10);
    expect(basemap.stateLines.coordinates.length).toBeGreaterThan(0);
  });

  it('names Los Angeles near the default centre at the default zoom, and the larger cities first', async () => {
    const { places } = await loadOfflineBasemap();
    const losAngeles = places.find((place) => place.name === 'Los Angeles');
    expect(losAngeles).toBeDefined();
    expect(Math.abs(losAngeles!.lat - MAP_DEFAULT_CENTER.lat)).toBeLessThan(0.2);
    expect(Math.abs(losAngeles!.lng - MAP_DEFAULT_CENTER.lng)).toBeLessThan(0.2);
    expect(losAngeles!.minZoom).toBeLessThanOrEqual(MAP_DEFAULT_ZOOM);
    expect(places.map((place) => place.name)).toEqual(
      expect.arrayContaining(['Long Beach', 'Pasadena', 'Santa Monica', 'Glendale']),
    );
    // minZoom never falls along the list: the first names show from furthest out.
    const zooms = places.map((place) => place.minZoom);
    expect(zooms).toEqual([...zooms].sort((a, b) => a - b));
  });

  it('is converted once and handed to every later map', async () => {
    expect(await loadOfflineBasemap()).toBe(await loadOfflineBasemap());
  });
});
