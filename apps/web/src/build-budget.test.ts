import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstVisitFiles,
  kb,
  moduleKey,
  readManifest,
  weigh,
  type Manifest,
} from '../build/first-visit';
import { SCREEN_FAILED } from './lib/screen-failed';

/*
 * The weight of a first visit, on the production build: the JavaScript a phone downloads to
 * show /login and /create-request, entry chunk plus the screen's lazy chunks (decision 009).
 * The build runs once, in a child process (NODE_ENV=production, as `npm start` builds), into a
 * folder of its own, so this file measures the sources as they are and leaves apps/web/dist be.
 */

const webRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webRoot, '../..');

/**
 * Gzipped bytes of script a first visit may download, per screen (decision 034): 185 kB for
 * /login and /create-request, 235 kB for the two dashboard screens. On React DOM they weighed
 * 218.1, 222.2, 268.5 and 274.9 kB (2026-12-07); the schema library left the first visits (the
 * answers and events are checked on the server, the first forms use the shared rules), the
 * toast and the loading bar stopped using Snackbar and LinearProgress, and the direct-link
 * layout and the account menu load when they are needed.
 */
const BUDGET_GZIP_BYTES: Record<string, number> = {
  '/login': 185 * 1024,
  '/create-request': 185 * 1024,
  'My Requests': 235 * 1024,
  'request detail': 235 * 1024,
};

const SCREENS: Record<string, string[]> = {
  '/login': ['features/auth/login-page.tsx'],
  '/create-request': ['create-request-page.tsx'],
  'My Requests': ['app/layouts/dashboard-layout.tsx', 'features/requests/my-requests-page.tsx'],
  'request detail': [
    'app/layouts/dashboard-layout.tsx',
    'features/requests/request-detail-page.tsx',
  ],
};

/**
 * Dynamic imports that wait for a user's action, so a first visit does not load them. Every
 * other dynamic import a screen reaches (the map, its basemap) counts.
 */
const ON_DEMAND = [
  // Opens only when a social sign-in needs a phone number.
  /social-phone-dialog\.tsx$/,
  // The wizard's steps after the map: each loads when the customer reaches it.
  /wizard\/.*step-(?:details|items-option|rooms|common-list|extra-items|card|summary|congratulations)\.tsx$/,
  // Stripe's card fields: the card step, with Stripe configured.
  /stripe-card-fields\.tsx$/,
  // The wait-list popup: for a zip the service area does not cover.
  /area-not-found-dialog\.tsx$/,
  // The wizard's Leaflet map: once an address is placed, or the customer asks for it; a
  // picture of the area stands in for it before (its basemap does count).
  /wizard\/map\/wizard-map\.tsx$/,
  // The account menu's Change Password dialog.
  /change-password-dialog\.tsx$/,
  // The positioning engine: a request's item photos, when first shown.
  /^_Popper-[\w-]+\.js$/,
  // The reader of a stored wizard draft: only a visitor who left a draft has one to read.
  /wizard\/stored-draft\.ts$/,
  // The comment forms' rules: when a comment is sent.
  /requests\/comment-rules\.ts$/,
  // A company's direct-link wizard: /create-request/{link}, not the marketplace's wizard.
  /wizard\/direct-link-wizard\.tsx$/,
  // The account dropdown: when its button is pointed at, focused or pressed.
  /layouts\/profile-menu-list\.tsx$/,
  // The page-view analytics' sender: once the visitor has pressed 'I understand' on the cookie
  // notice, which a first visit has not (decision 043).
  /analytics\/analytics-sender\.ts$/,
];

let outDir = '';
let manifest: Manifest;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'movehub-web-build-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  await promisify(execFile)(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      webRoot,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repoRoot, env, maxBuffer: 16 * 1024 * 1024 },
  );
  manifest = readManifest(outDir);
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === '.vite'
        ? []
        : filesBelow(path.join(dir, entry.name))
      : [path.join(dir, entry.name)],
  );
}

describe('the production build', () => {
  it.each(Object.keys(SCREENS))(
    'a first visit to %s downloads no more JavaScript than its gzip budget',
    (screen) => {
      const routeModules = SCREENS[screen]!.map((pathEnd) => moduleKey(manifest, pathEnd));
      const visit = firstVisitFiles(manifest, routeModules, (key) =>
        ON_DEMAND.some((pattern) => pattern.test(key)),
      );
      const js = weigh(outDir, visit.js);
      const css = weigh(outDir, visit.css);
      process.stdout.write(
        `first visit to ${screen}: ${visit.js.length} scripts, ${kb(js.raw)} raw, ` +
          `${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli; css ${kb(css.raw)} raw, ` +
          `${kb(css.gzip)} gzip (budget ${kb(BUDGET_GZIP_BYTES[screen]!)} gzip of scripts)\n`,
      );
      expect(js.gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES[screen]!);
    },
  );

  it.each(Object.keys(SCREENS))('runs no schema library on a first visit to %s', (screen) => {
    // zod's core keeps its `_zod` property in minified code: the answers a screen reads were
    // checked by the server, and its first forms use the shared rules (decision 034).
    const routeModules = SCREENS[screen]!.map((pathEnd) => moduleKey(manifest, pathEnd));
    const visit = firstVisitFiles(manifest, routeModules, (key) =>
      ON_DEMAND.some((pattern) => pattern.test(key)),
    );
    for (const file of visit.js) {
      expect(readFileSync(path.join(outDir, file), 'utf8'), file).not.toContain('._zod');
    }
  });

  it('keeps the other screens out of a first visit to /login', () => {
    const visit = firstVisitFiles(manifest, [moduleKey(manifest, 'features/auth/login-page.tsx')]);
    for (const other of [
      'create-request-page',
      'my-requests-page',
      'dashboard-layout',
      'wizard-map',
    ]) {
      expect(
        visit.js.some((file) => file.includes(other)),
        other,
      ).toBe(false);
    }
  });

  it('runs on React DOM, no other runtime, and on React Router without its data router', () => {
    // Strings each library keeps in its minified code: React DOM's error links, Preact's mark of
    // its elements, and the data router's check of its route table (decision 034).
    const sources = filesBelow(outDir)
      .filter((name) => name.endsWith('.js'))
      .map((file) => ({ name: path.basename(file), source: readFileSync(file, 'utf8') }));
    const reactDom = sources.filter(({ source }) => source.includes('react.dev/errors'));
    expect(reactDom.map(({ name }) => name)).toContainEqual(expect.stringMatching(/^react-/));
    for (const { name, source } of sources) {
      expect(source, name).not.toContain('Symbol.for("pv")');
      expect(source, name).not.toContain('non-empty routes array to createRouter');
    }
  });

  it('leaves the socket client out of the first visits: only the dashboard loads it', () => {
    const socketClient = manifest[moduleKey(manifest, 'socket.io-client/build/esm/index.js')]!;
    expect(socketClient.isDynamicEntry).toBe(true);
    for (const screen of ['/login', '/create-request']) {
      const routeModules = SCREENS[screen]!.map((pathEnd) => moduleKey(manifest, pathEnd));
      const visit = firstVisitFiles(manifest, routeModules, (key) =>
        ON_DEMAND.some((pattern) => pattern.test(key)),
      );
      expect(visit.js, screen).not.toContain(socketClient.file);
    }
  });

  it("has index.html preload the chunks of the screen a visit starts on, beside the entry's", () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const src = /<script async src="\/(assets\/route-preload-[\w-]+\.js)"><\/script>/.exec(html);
    expect(src, 'the hint script in index.html').not.toBeNull();
    // The hint must come before the entry, so that both downloads start together.
    expect(html.indexOf(src![0])).toBeLessThan(html.indexOf('<script type="module"'));
    const source = readFileSync(path.join(outDir, src![1]!), 'utf8');
    /** The hrefs the hint adds as modulepreload links on a visit to `pathname`. */
    const preloaded = (pathname: string) => {
      const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
      const document = {
        createElement: () => ({ rel: '', href: '', crossOrigin: null }),
        head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
      };
      new Function('location', 'document', source)({ pathname }, document);
      for (const link of links) {
        expect(link.rel).toBe('modulepreload');
        expect(link.crossOrigin).toBe('');
      }
      return links.map((link) => link.href.replace(/^\//, ''));
    };
    const entry = firstVisitFiles(manifest, []).js;
    const chunkOf = (pathEnd: string) => manifest[moduleKey(manifest, pathEnd)]!.file;
    const cases: [string, string[]][] = [
      ['/login', ['features/auth/login-page.tsx']],
      ['/create-request', ['features/wizard/create-request-page.tsx']],
      [
        '/dashboard/my-requests',
        ['app/layouts/dashboard-layout.tsx', 'features/requests/my-requests-page.tsx'],
      ],
      [
        '/dashboard/my-requests/42',
        ['app/layouts/dashboard-layout.tsx', 'features/requests/request-detail-page.tsx'],
      ],
    ];
    for (const [pathname, modules] of cases) {
      const files = preloaded(pathname);
      for (const module of modules) expect(files, pathname).toContain(chunkOf(module));
      // The entry's own files are index.html's modulepreloads already.
      for (const file of files) expect(entry, `${pathname}: ${file}`).not.toContain(file);
      // Another screen's chunk would be bytes the visit does not need.
      expect(
        files.some((file) => file.includes('partner')),
        pathname,
      ).toBe(false);
    }
    expect(preloaded('/login')).not.toContain(chunkOf('features/requests/my-requests-page.tsx'));
    expect(preloaded('/partner/login')).toEqual([]);
  });

  it('prerenders the entry pages and the dashboard’s frame: the page in the HTML, its styles in the head, no inline script', () => {
    const pages = JSON.parse(
      readFileSync(path.join(outDir, 'prerendered/pages.json'), 'utf8'),
    ) as Record<string, { firstVisit: string; consented: string }>;
    const expected: Record<string, { title: string; shows: string[]; modules: string[] }> = {
      '/login': {
        title: 'Login | MoveHub',
        shows: ['>Login</h1>', 'id="login-email"', 'id="login-password"', 'Forgot password?'],
        modules: ['features/auth/login-page.tsx'],
      },
      '/register': {
        title: 'Sign Up | MoveHub',
        shows: ['name="email"', 'name="password"'],
        modules: ['features/auth/register-page.tsx'],
      },
      '/forget-password': {
        title: 'Forgot password | MoveHub',
        shows: ['name="email"'],
        modules: ['features/auth/forget-password-page.tsx'],
      },
      '/create-request': {
        title: 'Create Request | MoveHub',
        shows: ['When and where are you moving?', 'Move Date', 'Pickup Address'],
        modules: ['features/wizard/create-request-page.tsx'],
      },
      // Drawn before the session is known: the header, the links, the heading and the loader.
      '/dashboard/my-requests': {
        title: 'My Requests | MoveHub',
        shows: ['>My Requests</h1>', 'aria-label="Loading requests"', 'aria-label="Dashboard"'],
        modules: ['app/layouts/dashboard-layout.tsx', 'features/requests/my-requests-page.tsx'],
      },
      '/dashboard/my-requests/:requestId': {
        title: 'Request DETAIL | MoveHub',
        shows: ['>Request DETAIL</h1>', 'aria-label="Loading request"', 'aria-label="Dashboard"'],
        modules: ['app/layouts/dashboard-layout.tsx', 'features/requests/request-detail-page.tsx'],
      },
    };
    expect(Object.keys(pages).sort()).toEqual(Object.keys(expected).sort());
    const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const entryFile = entryChunk.file;
    const scripts = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
    for (const [pathname, page] of Object.entries(expected)) {
      for (const variant of ['firstVisit', 'consented'] as const) {
        const file = pages[pathname]![variant];
        const html = readFileSync(path.join(outDir, file), 'utf8');
        const [head, body] = html.split('</head>') as [string, string];
        expect(head, file).toContain(`<title>${page.title}</title>`);
        // The app starts from a deferred classic script once the page has painted: it fetches
        // the entry, the entry's imports and the screen's chunks then, none before.
        const start =
          /<script defer src="\/(assets\/start-[\w-]+\.js)" data-entry="([^"]+)" data-preload="([^"]*)"(?: data-session-key="([^"]*)")?><\/script>/.exec(
            head,
          );
        expect(start, file).not.toBeNull();
        expect(start![2], file).toBe(`/${entryFile}`);
        // The dashboard's frame needs the customer's stored token; without one, the start script
        // sends the visitor to the login page.
        expect(start![4], file).toBe(pathname.startsWith('/dashboard/') ? 'token' : undefined);
        const preload = start![3]!.split(' ');
        for (const chunk of entryChunk.imports ?? []) {
          expect(preload, `${file}: ${chunk}`).toContain(`/${manifest[chunk]!.file}`);
        }
        for (const module of page.modules) {
          expect(preload, `${file}: ${module}`).toContain(
            `/${manifest[moduleKey(manifest, module)]!.file}`,
          );
        }
        expect(html, file).not.toContain('rel="modulepreload"');
        const startSource = readFileSync(path.join(outDir, start![1]!), 'utf8');
        expect(startSource, file).toContain('first-contentful-paint');
        expect(startSource, file).toContain('location.replace("/login")');
        // A failed load says what a failed screen says.
        expect(startSource, file).toContain(SCREEN_FAILED);
        expect(html, file).not.toContain('<script type="module"');
        // The start script is the only one: index.html's hint script is left out.
        expect(scripts(html), file).toEqual([start![0].replace('</script>', '')]);
        // The first paint waits for the whole picture, down to its closing element.
        expect(head, file).toContain('<link rel="expect" href="#picture-end" blocking="render">');
        expect(body, file).toMatch(/<span id="picture-end" hidden><\/span><\/div>/);
        // The picture's fields show focus and a raised label without the app.
        expect(head, file).toContain(':placeholder-shown');
        expect(html, file).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
        // Every style emotion wrote is in the head, so the page paints styled before any script.
        // The components' rules in one element that names them all (each a sheet the app's
        // emotion cache moves once), every rule it names in it.
        const emotion = [...head.matchAll(/<style data-emotion="css ([^"]*)" data-s="">([^<]*)</g)];
        expect(emotion, file).toHaveLength(1);
        expect(head.match(/<style data-emotion="css /g), file).toHaveLength(1);
        const [, names, rules] = emotion[0]!;
        expect(names!.split(' ').length, file).toBeGreaterThan(10);
        for (const name of names!.split(' ')) {
          // A class's rules, or an animation's keyframes.
          expect(
            rules!.includes(`.css-${name}`) || rules!.includes(`@keyframes ${name}`),
            `${file}: ${name}`,
          ).toBe(true);
        }
        expect(body, file).not.toContain('<style');
        expect(body, file).toContain('<div id="root" data-prerendered>');
        // The earliest move date is the day the page is opened: the app sets it, not the build.
        expect(body, file).not.toMatch(/<input[^>]*type="date"[^>]*\smin=/);
        // Until the app runs: forms that submit nowhere, buttons that say they are disabled.
        for (const form of body.match(/<form\b[^>]*>/g) ?? []) {
          expect(form, file).toContain('method="dialog"');
        }
        for (const button of body.match(/<button\b[^>]*>/g) ?? []) {
          expect(button, file).toMatch(/\s(?:aria-disabled="true"|disabled="")/);
        }
        for (const text of page.shows) expect(body, `${file}: ${text}`).toContain(text);
        // The cookie notice on a first visit only; never a spinner in the screen's place.
        expect(body.includes('aria-label="Cookie consent"'), file).toBe(variant === 'firstVisit');
        expect(body, file).not.toContain('Loading page');
      }
      const file = pages[pathname]!.firstVisit;
      process.stdout.write(
        `prerendered ${pathname}: ${kb(statSync(path.join(outDir, file)).size)} raw, ` +
          `${kb(readFileSync(path.join(outDir, `${file}.br`)).length)} brotli\n`,
      );
    }
  });

  it('writes a brotli and a gzip copy, of the same bytes, beside every text file over 1 kB', () => {
    const texts = filesBelow(outDir).filter(
      (file) => /\.(?:js|css|html|svg|json)$/.test(file) && statSync(file).size >= 1024,
    );
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    expect(texts).toContain(path.join(outDir, entry!.file));
    for (const file of texts) {
      const plain = readFileSync(file);
      expect(existsSync(`${file}.br`), file).toBe(true);
      expect(existsSync(`${file}.gz`), file).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(plain), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(plain), file).toBe(true);
    }
  });
});
