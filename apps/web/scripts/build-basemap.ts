// Writes the maps' offline basemap (src/lib/maps/socal-basemap.json) from npm
// data: us-atlas's county and state outlines and the zipcodes package's city centres, cut to the
// served area's box. Run it again after changing the box or upgrading either package:
//   npx tsx apps/web/scripts/build-basemap.ts
// The web tests check that the committed file is what this script makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zipcodes from 'zipcodes';
import { makeBasemap } from './basemap/make-basemap';
import type { UsAtlasTopology } from './basemap/geometry';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(
  readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8'),
) as UsAtlasTopology;

const target = fileURLToPath(new URL('../src/lib/maps/socal-basemap.json', import.meta.url));
const json = `${JSON.stringify(makeBasemap(atlas, zipcodes.lookupByState('CA')))}\n`;
writeFileSync(target, json);
process.stdout.write(`wrote ${target} (${(json.length / 1024).toFixed(1)} KB)\n`);
