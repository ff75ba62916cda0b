import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { moduleKey, readManifest, type Manifest } from './first-visit';

/*
 * The screen's own scripts, requested beside the entry instead of after it. Screens load lazily
 * (app/routes.tsx): without a hint, a phone asks for /login's chunk only once the entry (about
 * 230 kB gzipped) has arrived and run, one more round trip on a slow network after the longest
 * download. A small classic script in index.html's head (a file: the CSP allows no inline script)
 * matches the address against the screens a visit usually starts on and adds
 * <link rel="modulepreload" crossorigin> (as Vite's own) for the screen's chunk and its static imports, which the entry's
 * import() then finds loaded.
 */

/** Screens a visit starts on: the address's pattern and the lazy route modules it renders. */
export const PRELOADED_SCREENS: { pattern: RegExp; modules: string[] }[] = [
  { pattern: /^\/login\/?$/, modules: ['features/auth/login-page.tsx'] },
  { pattern: /^\/register(?:\/[^/]+)?\/?$/, modules: ['features/auth/register-page.tsx'] },
  { pattern: /^\/forget-password\/?$/, modules: ['features/auth/forget-password-page.tsx'] },
  { pattern: /^\/create-request\/?$/, modules: ['features/wizard/create-request-page.tsx'] },
  {
    pattern: /^\/dashboard\/my-requests\/?$/,
    modules: ['app/layouts/dashboard-layout.tsx', 'features/requests/my-requests-page.tsx'],
  },
  {
    pattern: /^\/dashboard\/my-requests\/\d+\/?$/,
    modules: ['app/layouts/dashboard-layout.tsx', 'features/requests/request-detail-page.tsx'],
  },
];

/** The entry's chunk and its static imports: index.html preloads these already. */
function entryFiles(manifest: Manifest): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  return staticClosure(manifest, [entryKey]);
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry ${key}`);
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Per screen, the files beyond the entry's that its route modules import statically. */
export function screenFiles(manifest: Manifest): { pattern: RegExp; files: string[] }[] {
  const entry = entryFiles(manifest);
  return PRELOADED_SCREENS.map(({ pattern, modules }) => ({
    pattern,
    files: [
      ...staticClosure(
        manifest,
        modules.map((m) => moduleKey(manifest, m)),
      ),
    ]
      .filter((file) => !entry.has(file))
      .sort(),
  }));
}

/** The hint script's source: plain ES5-safe code that runs before the entry. */
export function hintScript(base: string, screens: { pattern: RegExp; files: string[] }[]): string {
  const table = screens
    .map(({ pattern, files }) => `[${pattern.toString()},${JSON.stringify(files)}]`)
    .join(',');
  return `(function(){var s=[${table}],p=location.pathname;for(var i=0;i<s.length;i++){if(!s[i][0].test(p))continue;for(var j=0;j<s[i][1].length;j++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=${JSON.stringify(base)}+s[i][1][j];document.head.appendChild(l)}break}})();\n`;
}

/**
 * Writes a script the build makes into outDir/assets/, named by its content's hash like Vite's
 * own files (so it is served as immutable), and returns its path under outDir.
 */
export function writeHashedAsset(outDir: string, name: string, source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const file = `assets/${name}-${hash}.js`;
  writeFileSync(path.join(outDir, file), source);
  return file;
}

/** The Vite plugin: writes the hint script once the bundle (and its manifest) is written. */
export function routePreload(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'movehub-route-preload',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle() {
      const file = writeHashedAsset(
        outDir,
        'route-preload',
        hintScript(base, screenFiles(readManifest(outDir))),
      );
      const indexPath = path.join(outDir, 'index.html');
      const html = readFileSync(indexPath, 'utf8');
      // Before the entry's module script, so that both downloads start together; async, so that
      // it never holds up the parser.
      const tag = `<script async src="${base}${file}"></script>\n    `;
      const at = html.indexOf('<script type="module"');
      if (at < 0) throw new Error('index.html has no module script');
      writeFileSync(indexPath, html.slice(0, at) + tag + html.slice(at));
    },
  };
}
