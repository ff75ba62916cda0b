/*
 * The offline basemap's colours and line weights, shared by the Leaflet maps (map-layers.tsx)
 * and the picture of the same basemap (map-preview.tsx), which must not load Leaflet.
 */

/** The sea around the offline basemap's land: the map container's background without tiles. */
export const WATER_COLOR = '#dce9f5';
export const LAND_COLOR = '#f5f2ea';
export const COUNTY_LINE = { color: '#9e9e9e', weight: 0.7, opacity: 0.9 } as const;
export const STATE_LINE = { color: '#5f5f5f', weight: 1.6, opacity: 1 } as const;
/** City names: a halo of white keeps them readable across lines. */
export const PLACE_LABEL = { color: '#5f5f5f', font: '600 11px/1.2 sans-serif' } as const;
/** Whose outlines the basemap draws, shown with it. */
export const BASEMAP_ATTRIBUTION = 'Boundaries: US Census Bureau';
