import { describe, expect, it } from 'vitest';
import { MAP_DEFAULT_CENTER } from '@movehub/shared';
import { basemapFromAtlas, loadOfflineBasemap, type UsAtlasTopology } from './offline-basemap';

/*
 * A tiny atlas (absolute coordinates, no transform): state 06 holds two counties side by side,
 * 06001 (x 0–1) and 06003 (x 1–2), both y 0–1; state 32 is one county, 32001, over them (y 1–2).
 * Arcs: 0 the border between 06001 and 06003; 1 and 2 the outer edges of state 06; 3 the outer
 * edge of state 32; 4 and 5 the border between the two states.
 */
function tinyAtlas(): UsAtlasTopology {
  return {
    type: 'Topology',
    arcs: [
      [
        [1, 0],
        [1, 1],
      ], // 0 county border inside state 06
      [
        [0, 1],
        [0, 0],
        [1, 0],
      ], // 1 06001 west and south
      [
        [1, 0],
        [2, 0],
        [2, 1],
      ], // 2 06003 south and east
      [
        [0, 1],
        [0, 2],
        [2, 2],
        [2, 1],
      ], // 3 32001 west, north and east
      [
        [1, 1],
        [0, 1],
      ], // 4 state border over 06001
      [
        [2, 1],
        [1, 1],
      ], // 5 state border over 06003
    ],
    objects: {
      counties: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', id: '06001', arcs: [[4, 1, 0]] },
          { type: 'Polygon', id: '06003', arcs: [[~0, 2, 5]] },
          { type: 'Polygon', id: '32001', arcs: [[3, 5, 4]] },
        ],
      },
      states: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', id: '06', arcs: [[4, 1, 2, 5]] },
          { type: 'Polygon', id: '32', arcs: [[3, 5, 4]] },
        ],
      },
      nation: {
        type: 'GeometryCollection',
        geometries: [{ type: 'Polygon', arcs: [[1, 2, ~3]] }],
      },
    },
  };
}

/** Every segment of a mesh as 'x,y-x,y' with its ends ordered, to compare regardless of direction. */
function segments(lines: number[][][]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const ends = [String(line[i - 1]), String(line[i])].sort();
      out.push(ends.join('-'));
    }
  }
  return out.sort();
}

describe('basemapFromAtlas', () => {
  it('draws county lines only between counties of the same state', () => {
    const { countyLines } = basemapFromAtlas(tinyAtlas());

    expect(countyLines.type).toBe('MultiLineString');
    // Only the border between 06001 and 06003: the state border and the outer edges are not
    // county lines.
    expect(segments(countyLines.coordinates)).toEqual(['1,0-1,1']);
  });

  it('draws state lines along every state edge, the shared border once', () => {
    const { stateLines } = basemapFromAtlas(tinyAtlas());

    const drawn = segments(stateLines.coordinates);
    // The border between the two states (y = 1) appears once, not once per state.
    expect(drawn.filter((s) => s === '0,1-1,1')).toHaveLength(1);
    expect(drawn.filter((s) => s === '1,1-2,1')).toHaveLength(1);
    // The outer edges (the coast and national borders of a real atlas) are drawn too.
    expect(drawn).toContain('0,0-0,1');
    expect(drawn).toContain('0,2-2,2');
    // The county border inside state 06 is not a state line.
    expect(drawn).not.toContain('1,0-1,1');
  });

  it('fills the land as polygons', () => {
    const { land } = basemapFromAtlas(tinyAtlas());

    expect(land.type).toBe('FeatureCollection');
    expect(land.features).toHaveLength(1);
    expect(land.features[0]?.geometry.type).toBe('Polygon');
  });

  it('converts the shipped US atlas into longitude/latitude lines around Los Angeles', async () => {
    const basemap = await loadOfflineBasemap();

    expect(basemap.land.features).toHaveLength(1);
    expect(basemap.stateLines.coordinates.length).toBeGreaterThan(50);
    expect(basemap.countyLines.coordinates.length).toBeGreaterThan(1000);

    // GeoJSON order is [longitude, latitude]; every point lies in the box of the US and its
    // territories (American Samoa at 14° S to Alaska at 71° N).
    const points = basemap.countyLines.coordinates.flat();
    expect(
      points.every(([lng, lat]) => lng! >= -180 && lng! <= 180 && lat! > -15 && lat! < 72),
    ).toBe(true);
    // County borders run within a degree of the wizard's default centre (Los Angeles).
    const nearLosAngeles = points.filter(
      ([lng, lat]) =>
        Math.abs(lng! - MAP_DEFAULT_CENTER.lng) < 1 && Math.abs(lat! - MAP_DEFAULT_CENTER.lat) < 1,
    );
    expect(nearLosAngeles.length).toBeGreaterThan(10);
  });

  it('converts the atlas once and hands the same basemap to every later map', async () => {
    const first = await loadOfflineBasemap();
    const second = await loadOfflineBasemap();

    expect(second).toBe(first);
  });
});
