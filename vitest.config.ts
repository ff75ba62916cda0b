import { defineConfig } from 'vitest/config';

// Three projects, one per tier that vitest runs. Playwright's *.spec.ts journeys live in
// apps/web/e2e and are deliberately outside every include below.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is one process per app; two cores, so keep files to two workers.
          maxWorkers: 2,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
