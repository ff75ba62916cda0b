import { describe, expect, it } from 'vitest';
import {
  basemapFromAtlas,
  clipLine,
  clipRing,
  regionPlaces,
  simplifyLine,
  type UsAtlasTopology,
} from './geometry';

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
});

describe('cutting to the served area', () => {
  const box = [0, 0, 10, 10] as const;

  it('clips a ring to the box, with points on the box edge where it crossed', () => {
    const ring = [
      [-5, 5],
      [5, -5],
      [15, 5],
      [5, 15],
      [-5, 5],
    ];
    const clipped = clipRing(ring, box);
    expect(clipped[0]).toEqual(clipped.at(-1));
    expect(clipped.every(([x, y]) => x! >= 0 && x! <= 10 && y! >= 0 && y! <= 10)).toBe(true);
    expect(clipped).toContainEqual([0, 0]);
    expect(clipped).toContainEqual([10, 10]);
  });

  it('drops a ring wholly outside the box', () => {
    const ring = [
      [20, 20],
      [30, 20],
      [30, 30],
      [20, 20],
    ];
    expect(clipRing(ring, box)).toEqual([]);
  });

  it('keeps the runs of a line inside the box, each with its first point outside', () => {
    const line = [
      [-20, 5],
      [-10, 5],
      [-1, 5],
      [5, 5],
      [11, 5],
      [20, 5],
      [30, 5],
      [30, 6],
      [20, 6],
      [5, 6],
      [-20, 6],
    ];
    expect(clipLine(line, box)).toEqual([
      [
        [-1, 5],
        [5, 5],
        [11, 5],
      ],
      [
        [20, 6],
        [5, 6],
        [-20, 6],
      ],
    ]);
  });

  it('simplifies a line to the points more than the tolerance away from the chord', () => {
    const line = [
      [0, 0],
      [1, 0.01],
      [2, 0],
      [3, 1],
      [4, 0],
    ];
    expect(simplifyLine(line, 0.1)).toEqual([
      [0, 0],
      [2, 0],
      [3, 1],
      [4, 0],
    ]);
    expect(simplifyLine(line, 0)).toEqual(line);
  });

  it('labels the cities with most zip codes first, at their centre, and spaces the labels', () => {
    const zip = (city: string, latitude: number, longitude: number) => ({
      city,
      latitude,
      longitude,
    });
    const places = regionPlaces(
      [
        zip('Big', 2, 2),
        zip('Big', 4, 4),
        zip('Big', 3, 3),
        zip('Middle', 6, 6),
        zip('Middle', 6, 8),
        zip('Crowded', 3.01, 3.01),
        zip('Small', 9, 1),
        zip('Outside', 50, 50),
        zip('Outside', 50, 50),
        zip('Outside', 50, 50),
        zip('Outside', 50, 50),
      ],
      {
        box,
        spacing: 0.5,
        digits: 3,
        zoomSteps: [
          { count: 1, minZoom: 8 },
          { count: 5, minZoom: 11 },
        ],
      },
    );
    expect(places).toEqual([
      { name: 'Big', lat: 3, lng: 3, minZoom: 8 },
      { name: 'Middle', lat: 6, lng: 7, minZoom: 11 },
      { name: 'Small', lat: 9, lng: 1, minZoom: 11 },
    ]);
  });
});
