import type { OfflineBasemapData } from '../../src/lib/maps/offline-basemap';
import {
  basemapFromAtlas,
  regionLand,
  regionLines,
  regionPlaces,
  type Box,
  type UsAtlasTopology,
  type ZipCentre,
} from './geometry';

/**
 * The served area (Los Angeles County, spec/request-lifecycle.md §7's service area) and its
 * neighbours, from Santa Barbara to the Inland Empire and from Bakersfield to San Diego: wider
 * than any view of the wizard's map at its default zoom, which opens on Los Angeles.
 */
export const BASEMAP_BOX: Box = [-120.6, 32.5, -115.4, 35.6];

/** About 150 m, under three pixels at zoom 11, where the wizard's map opens. */
const TOLERANCE_DEG = 0.0015;
/** Four decimals: about 11 m. */
const DIGITS = 4;

/** The offline basemap of the served area, as the web app ships it. */
export function makeBasemap(
  atlas: UsAtlasTopology,
  zips: readonly ZipCentre[],
): OfflineBasemapData {
  const layers = basemapFromAtlas(atlas);
  const options = { box: BASEMAP_BOX, tolerance: TOLERANCE_DEG, digits: DIGITS };
  return {
    box: BASEMAP_BOX,
    land: regionLand(layers.land, options),
    stateLines: regionLines(layers.stateLines, options),
    countyLines: regionLines(layers.countyLines, options),
    places: regionPlaces(zips, {
      box: BASEMAP_BOX,
      spacing: 0.06,
      digits: 3,
      zoomSteps: [
        { count: 8, minZoom: 8 },
        { count: 24, minZoom: 10 },
        { count: 48, minZoom: 11 },
      ],
    }),
  };
}
