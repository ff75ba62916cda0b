import { useEffect, useState } from 'react';
import type { MultiLineString, MultiPolygon, Position } from 'geojson';

/*
 * The map's offline basemap: without a tile server the map still reads as a map. The served
 * area's land, state and county outlines (US Census boundaries from us-atlas) and its city
 * names (from the zipcodes package), cut at build time to a box around Los Angeles County,
 * simplified and rounded by apps/web/scripts/build-basemap.ts into socal-basemap.json, a few
 * kilobytes instead of the whole country's atlas (decision 009).
 */

/** A city's name where the map labels it. */
export interface BasemapPlace {
  name: string;
  lat: number;
  lng: number;
  /** Labelled from this zoom on: the larger cities first. */
  minZoom: number;
}

/** socal-basemap.json: coordinates are [longitude, latitude], as in GeoJSON. */
export interface OfflineBasemapData {
  /** [west, south, east, north]: the box the layers were cut to. */
  box: readonly [number, number, number, number];
  land: Position[][][];
  /** Borders between two states, and the coast and national borders. */
  stateLines: Position[][];
  /** Borders between two counties of the same state. */
  countyLines: Position[][];
  places: BasemapPlace[];
}

export interface OfflineBasemap {
  land: MultiPolygon;
  stateLines: MultiLineString;
  countyLines: MultiLineString;
  places: BasemapPlace[];
}

/** The shipped data as GeoJSON geometries for the map's layers. */
export function basemapLayers(data: OfflineBasemapData): OfflineBasemap {
  return {
    land: { type: 'MultiPolygon', coordinates: data.land },
    stateLines: { type: 'MultiLineString', coordinates: data.stateLines },
    countyLines: { type: 'MultiLineString', coordinates: data.countyLines },
    places: data.places,
  };
}

let loading: Promise<OfflineBasemap> | null = null;

/**
 * The basemap, converted once per page. Imported dynamically so that it travels in a chunk of
 * its own, fetched beside the map's.
 */
export function loadOfflineBasemap(): Promise<OfflineBasemap> {
  loading ??= import('./socal-basemap.json')
    .then((module) => basemapLayers(module.default as unknown as OfflineBasemapData))
    .catch((error: unknown) => {
      // A later map may try again (a chunk that failed to load over a flaky network).
      loading = null;
      throw error;
    });
  return loading;
}

/** The basemap once it has arrived; null until then, or for good when it cannot (logged). */
export function useOfflineBasemap(): OfflineBasemap | null {
  const [basemap, setBasemap] = useState<OfflineBasemap | null>(null);
  useEffect(() => {
    let live = true;
    loadOfflineBasemap()
      .then((loaded) => {
        if (live) setBasemap(loaded);
      })
      .catch((error: unknown) => console.warn('The offline basemap could not be loaded', error));
    return () => {
      live = false;
    };
  }, []);
  return basemap;
}
