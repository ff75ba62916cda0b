import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import shipped from '../../src/lib/maps/socal-basemap.json';
import type { UsAtlasTopology } from './geometry';
import { makeBasemap } from './make-basemap';

describe('the basemap script', () => {
  it('makes exactly the committed socal-basemap.json from us-atlas and zipcodes', () => {
    const require = createRequire(path.join(import.meta.dirname, 'make-basemap.ts'));
    const atlas = JSON.parse(
      readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8'),
    ) as UsAtlasTopology;
    // A difference means the script, its box or a package changed without the file being
    // written again: npx tsx apps/web/scripts/build-basemap.ts
    expect(makeBasemap(atlas, zipcodes.lookupByState('CA'))).toEqual(shipped);
  });
});
