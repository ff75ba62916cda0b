import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Brotli and gzip copies of the built text files, made once at build time at the highest
 * levels, beside each file (index-abc.js → index-abc.js.br, index-abc.js.gz). The server
 * (@fastify/static with preCompressed) sends the copy the browser accepts, so no request pays
 * for compression and a phone downloads a quarter of the bytes.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      // .vite holds the build manifest, which is read by tests, never served.
      if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesBelow(full);
      return [full];
    }),
  );
  return nested.flat();
}

/** Writes name.br and name.gz beside every compressible file of `dir` that they make smaller. */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = [];
  const files = (await filesBelow(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.length >= body.length) continue;
        await writeFile(file + suffix, copy);
        written.push(file + suffix);
      }
    }),
  );
  return written;
}

/** The Vite plugin: precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'movehub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
