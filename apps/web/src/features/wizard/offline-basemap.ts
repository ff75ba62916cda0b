import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * issue 5 item 11: "without a tile server the map still reads as a map: an offline basemap drawn
 * from a shipped boundary data set (state and county outlines)". The data set is us-atlas's
 * counties-10m.json (US Census boundaries in longitude/latitude, TopoJSON), which holds the
 * counties, the states and the nation as three objects sharing their arcs.
 *
 * Meshes rather than polygons for the outlines: a border shared by two counties is one line,
 * drawn once, and the county lines leave out the arcs that are state borders, which the state
 * layer draws darker on top.
 */

/** The three objects of us-atlas's counties-10m.json. */
export type UsAtlasTopology = Topology<{
  counties: GeometryCollection;
  states: GeometryCollection;
  nation: GeometryCollection;
}>;

export interface OfflineBasemap {
  /** The country's land, filled under everything else. */
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

/** The basemap's GeoJSON layers from the atlas topology. */
export function basemapFromAtlas(atlas: UsAtlasTopology): OfflineBasemap {
  const land = feature(atlas, atlas.objects.nation) as FeatureCollection<Polygon | MultiPolygon>;
  // Every arc of the state shapes: shared borders once, and the outer ones (coast, Canada, Mexico).
  const stateLines = mesh(atlas, atlas.objects.states);
  const countyLines = mesh(
    atlas,
    atlas.objects.counties,
    (a, b) => a !== b && stateOf(a) === stateOf(b),
  );
  return { land, stateLines, countyLines };
}

let loading: Promise<OfflineBasemap> | null = null;

/**
 * The basemap, converted once per page. The atlas (about 800 kB) is imported dynamically so that
 * only the map's chunk asks for it.
 */
export function loadOfflineBasemap(): Promise<OfflineBasemap> {
  loading ??= import('us-atlas/counties-10m.json')
    .then((module) => basemapFromAtlas(module.default as unknown as UsAtlasTopology))
    .catch((error: unknown) => {
      // A later map may try again (a chunk that failed to load over a flaky network).
      loading = null;
      throw error;
    });
  return loading;
}
