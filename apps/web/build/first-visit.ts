import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/*
 * What a first visit to one screen downloads, read from Vite's build manifest (build.manifest):
 * the entry chunk from index.html with its static imports, then the screen's lazy route module
 * with its static imports and the dynamic imports it starts by itself (the map, its basemap),
 * except the other screens of the route table and the chunks that only a user's action loads.
 */

/** One entry of dist/.vite/manifest.json. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest key of a source module, found by the end of its path (folders move). */
export function moduleKey(manifest: Manifest, pathEnd: string): string {
  const keys = Object.keys(manifest).filter(
    (key) => key === pathEnd || key.endsWith(`/${pathEnd}`),
  );
  if (keys.length !== 1) {
    throw new Error(`expected one manifest entry ending in ${pathEnd}, found ${keys.length}`);
  }
  return keys[0]!;
}

export interface FirstVisit {
  js: string[];
  css: string[];
}

/**
 * The files of a first visit to the screen whose lazy route modules are `routeModules`.
 * `onDemand` names the dynamic imports that wait for a user's action and so are not counted.
 */
export function firstVisitFiles(
  manifest: Manifest,
  routeModules: string[],
  onDemand: (key: string) => boolean = () => false,
): FirstVisit {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  // The route table's lazy screens: only the visited screen's own modules load.
  const screens = new Set(manifest[entryKey]!.dynamicImports ?? []);
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry ${key}`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) {
      if (!screens.has(next) && !onDemand(next)) visit(next);
    }
  };
  visit(entryKey);
  for (const key of routeModules) visit(key);
  return { js: [...js].sort(), css: [...css].sort() };
}

export interface Weight {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Bytes of the files as stored, gzipped (level 9) and brotli-compressed (quality 11). */
export function weigh(distDir: string, files: string[]): Weight {
  const total: Weight = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const body = readFileSync(path.join(distDir, file));
    total.raw += body.length;
    total.gzip += gzipSync(body, { level: 9 }).length;
    total.brotli += brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return total;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
