import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';
import { routePreload } from './build/route-preload';

// The config lives beside index.html; pinning root here makes `vite build apps/web` from the
// repository root, `npm run build -w apps/web` and the vitest project all resolve the same paths.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';

// In production one Node process serves the SPA and these paths on one port; in development
// vite serves the SPA and hands these paths to the API server.
const proxiedPaths = ['/api', '/app_api', '/dev', '/docs', '/uploads', '/healthz'];

export default defineConfig({
  root,
  plugins: [react(), routePreload(), prerender(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph the bundle budget test walks.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every screen runs on these (React, React DOM and its scheduler, the router, TanStack
            // Query) and they change only with an upgrade: one chunk that stays cached across
            // deployments. MUI stays split per component, so a screen loads only the components
            // it shows.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
            },
            {
              // What every screen draws with (surfaces, buttons and their base, icons, text,
              // layout boxes): one chunk instead of seven, each with its own request and its own
              // compression dictionary. Split, they also moved between chunks as screens changed
              // (Paper left the entry for a chunk of its own once the detail's imports did).
              name: 'mui-core',
              test: /[\\/]@mui[\\/]material[\\/]esm[\\/](?:Paper|ButtonBase|Box|Button|Typography|Stack|SvgIcon)[\\/]/,
            },
            {
              // An outlined text field and what it is made of: every form screen loads them,
              // and as one chunk they compress better than as the pieces screens would split.
              // TextField's select mode (Select, Menu, Popover, Modal) stays out of it, so the
              // first screens, which use ui/text-input, do not load it. ui/text-area, the props of
              // a text area that every form with one spreads, goes with them rather than alone.
              name: 'mui-input',
              test: /[\\/]@mui[\\/]material[\\/]esm[\\/](?:FormControl|FormHelperText|FormLabel|InputLabel|InputBase|OutlinedInput|TextareaAutosize)[\\/]|[\\/]src[\\/]ui[\\/]text-area\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxiedPaths.map((path) => [path, { target: apiOrigin, changeOrigin: true }]),
      ),
      '/socket.io': { target: apiOrigin, changeOrigin: true, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Playwright journeys (e2e/*.spec.ts) are deliberately outside this pattern.
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Both cores (vitest's default leaves one idle), and a worker keeps the modules it loaded
    // from one file to the next: each file renders its own tree, and test/setup.ts empties the
    // DOM, storage, cookies, toasts and mocks after every test.
    maxWorkers: 2,
    isolate: false,
    // Journeys through several steps of a form, each awaiting its call, typed a key at a time,
    // on two workers sharing two cores (a four-field form took over 15 s in CI once).
    testTimeout: 30_000,
  },
});
