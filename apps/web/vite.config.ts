import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The config lives beside index.html; pinning root here makes `vite build apps/web` from the
// repository root, `npm run build -w apps/web` and the vitest project all resolve the same paths.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';

// In production one Node process serves the SPA and these paths on one port; in development
// vite serves the SPA and hands these paths to the API server.
const proxiedPaths = ['/api', '/app_api', '/dev', '/docs', '/uploads', '/healthz'];

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Journeys through several steps of a form, each awaiting its call, on a shared machine.
    testTimeout: 15_000,
  },
});
