import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * Build-time geometry of the wizard map's offline basemap (scripts/build-basemap.ts writes its
 * result into the web app). The source is us-atlas's counties-10m.json (US Census boundaries in
 * longitude/latitude, TopoJSON: counties, states and the nation sharing their arcs) and the
 * zipcodes package's zip code centres; the browser receives only the served area's share,
 * clipped to a box around it, simplified and rounded.
 */

/** The three objects of us-atlas's counties-10m.json. */
export type UsAtlasTopology = Topology<{
  counties: GeometryCollection;
  states: GeometryCollection;
  nation: GeometryCollection;
}>;

export interface AtlasLayers {
  /** The country's land. */
  land: FeatureCollection<Polygon | MultiPolygon>;
  /** Borders between two states, and the coast and national borders. */
  stateLines: MultiLineString;
  /** Borders between two counties of the same state. */
  countyLines: MultiLineString;
}

/** A county's FIPS code starts with its state's two digits ('06037' is in California, '06'). */
function stateOf(county: { id?: string | number }): string {
  return String(county.id ?? '')
    .padStart(5, '0')
    .slice(0, 2);
}

/**
 * The atlas as layers. Meshes rather than polygons for the outlines: a border shared by two
 * counties is one line, drawn once, and the county lines leave out the arcs that are state
 * borders, which the state layer draws darker on top.
 */
export function basemapFromAtlas(atlas: UsAtlasTopology): AtlasLayers {
  const land = feature(atlas, atlas.objects.nation) as FeatureCollection<Polygon | MultiPolygon>;
  const stateLines = mesh(atlas, atlas.objects.states);
  const countyLines = mesh(
    atlas,
    atlas.objects.counties,
    (a, b) => a !== b && stateOf(a) === stateOf(b),
  );
  return { land, stateLines, countyLines };
}

/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

const inside = ([lng, lat]: Position, [w, s, e, n]: Box) =>
  lng! >= w && lng! <= e && lat! >= s && lat! <= n;

/**
 * A ring clipped to the box (Sutherland–Hodgman, one box edge at a time). Parts of a concave
 * ring may come out joined along the box edge, which a fill without a stroke does not show.
 */
export function clipRing(ring: Position[], box: Box): Position[] {
  const [w, s, e, n] = box;
  const edges: { keep: (p: Position) => boolean; cut: (a: Position, b: Position) => Position }[] = [
    { keep: (p) => p[0]! >= w, cut: (a, b) => atLng(a, b, w) },
    { keep: (p) => p[0]! <= e, cut: (a, b) => atLng(a, b, e) },
    { keep: (p) => p[1]! >= s, cut: (a, b) => atLat(a, b, s) },
    { keep: (p) => p[1]! <= n, cut: (a, b) => atLat(a, b, n) },
  ];
  let points = ring.slice(0, -1);
  for (const edge of edges) {
    const next: Position[] = [];
    points.forEach((current, i) => {
      const previous = points[(i + points.length - 1) % points.length]!;
      if (edge.keep(current)) {
        if (!edge.keep(previous)) next.push(edge.cut(previous, current));
        next.push(current);
      } else if (edge.keep(previous)) {
        next.push(edge.cut(previous, current));
      }
    });
    points = next;
    if (points.length === 0) return [];
  }
  return points.length < 3 ? [] : [...points, points[0]!];
}

function atLng(a: Position, b: Position, lng: number): Position {
  const t = (lng - a[0]!) / (b[0]! - a[0]!);
  return [lng, a[1]! + t * (b[1]! - a[1]!)];
}

function atLat(a: Position, b: Position, lat: number): Position {
  const t = (lat - a[1]!) / (b[1]! - a[1]!);
  return [a[0]! + t * (b[0]! - a[0]!), lat];
}

/**
 * The parts of a line inside the box, each run kept with the points just outside it so that
 * the line reaches the box edge.
 */
export function clipLine(line: Position[], box: Box): Position[][] {
  const runs: Position[][] = [];
  let run: Position[] = [];
  line.forEach((point, i) => {
    const near = (j: number) => j >= 0 && j < line.length && inside(line[j]!, box);
    if (inside(point, box) || near(i - 1) || near(i + 1)) {
      run.push(point);
    } else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  });
  if (run.length > 0) runs.push(run);
  return runs.filter((r) => r.length >= 2);
}

/** Douglas–Peucker: the fewest points that stay within `tolerance` degrees of the line. */
export function simplifyLine(line: Position[], tolerance: number): Position[] {
  if (line.length <= 2) return line;
  const keep = new Array<boolean>(line.length).fill(false);
  keep[0] = keep[line.length - 1] = true;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegment(line[i]!, line[from]!, line[to]!);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = true;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  return line.filter((_, i) => keep[i]);
}

function distanceToSegment(p: Position, a: Position, b: Position): number {
  const [x, y] = [p[0]!, p[1]!];
  const [x1, y1, x2, y2] = [a[0]!, a[1]!, b[0]!, b[1]!];
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / lengthSquared));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

/** Degrees rounded to `digits` decimals (4: about 11 m), the basemap's precision. */
export const roundPosition = (p: Position, digits: number): Position => {
  const factor = 10 ** digits;
  return [Math.round(p[0]! * factor) / factor, Math.round(p[1]! * factor) / factor];
};

function dedupe(line: Position[]): Position[] {
  return line.filter((p, i) => i === 0 || p[0] !== line[i - 1]![0] || p[1] !== line[i - 1]![1]);
}

export interface RegionOptions {
  box: Box;
  /** Douglas–Peucker tolerance in degrees. */
  tolerance: number;
  /** Decimals kept in each coordinate. */
  digits: number;
}

/** Lines clipped to the box, simplified and rounded. */
export function regionLines(lines: MultiLineString, options: RegionOptions): Position[][] {
  return lines.coordinates
    .flatMap((line) => clipLine(line, options.box))
    .map((line) =>
      dedupe(simplifyLine(line, options.tolerance).map((p) => roundPosition(p, options.digits))),
    )
    .filter((line) => line.length >= 2);
}

/** Land polygons clipped to the box, simplified and rounded; rings left too small are dropped. */
export function regionLand(
  land: FeatureCollection<Polygon | MultiPolygon>,
  options: RegionOptions,
): Position[][][] {
  const polygons = land.features.flatMap((f) =>
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
  );
  const out: Position[][][] = [];
  for (const polygon of polygons) {
    const rings = polygon
      .map((ring) => clipRing(ring, options.box))
      .map((ring) =>
        dedupe(simplifyLine(ring, options.tolerance).map((p) => roundPosition(p, options.digits))),
      );
    // The outer ring first: a polygon whose outer ring is gone is gone.
    if (rings[0] && rings[0].length >= 4) out.push(rings.filter((ring) => ring.length >= 4));
  }
  return out;
}

/** A place label: a city's name at the centre of its zip codes. */
export interface Place {
  name: string;
  lat: number;
  lng: number;
  /** The least map zoom at which it is labelled: the larger cities show first. */
  minZoom: number;
}

export interface ZipCentre {
  city: string;
  latitude: number;
  longitude: number;
}

/**
 * The cities in the box, largest first by their number of zip codes (the data has no
 * population; a city with more zip codes delivers to more people), each at the mean of its zip
 * code centres. A city closer than `spacing` degrees to a larger one is left out, so that
 * labels do not overlap; the first `zoomSteps[0].count` show from `zoomSteps[0].minZoom`, and so on.
 */
export function regionPlaces(
  zips: readonly ZipCentre[],
  options: {
    box: Box;
    spacing: number;
    digits: number;
    zoomSteps: readonly { count: number; minZoom: number }[];
  },
): Place[] {
  const byCity = new Map<string, { lat: number; lng: number; count: number }>();
  for (const zip of zips) {
    if (!inside([zip.longitude, zip.latitude], options.box)) continue;
    const name = zip.city;
    const city = byCity.get(name) ?? { lat: 0, lng: 0, count: 0 };
    city.lat += zip.latitude;
    city.lng += zip.longitude;
    city.count += 1;
    byCity.set(name, city);
  }
  const ranked = [...byCity.entries()]
    .map(([name, c]) => ({ name, lat: c.lat / c.count, lng: c.lng / c.count, count: c.count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

  const places: Place[] = [];
  const total = options.zoomSteps.reduce((sum, step) => sum + step.count, 0);
  for (const city of ranked) {
    if (places.length >= total) break;
    const crowded = places.some(
      (p) => Math.hypot(p.lat - city.lat, p.lng - city.lng) < options.spacing,
    );
    if (crowded) continue;
    let index = places.length;
    const step = options.zoomSteps.find((s) => (index -= s.count) < 0)!;
    const [lng, lat] = roundPosition([city.lng, city.lat], options.digits);
    places.push({ name: city.name, lat: lat!, lng: lng!, minZoom: step.minZoom });
  }
  return places;
}
