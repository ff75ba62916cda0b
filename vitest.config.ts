import { defineConfig } from 'vitest/config';

// One project per tier that vitest runs, and the bench's own helpers. Playwright's *.spec.ts
// journeys live in apps/web/e2e and are deliberately outside every include below.
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
          setupFiles: ['test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is one process per app; two cores, so keep files to two workers.
          maxWorkers: 2,
          // A worker keeps the app's modules loaded from one file to the next: importing them
          // afresh cost each file about 5 s, more than most files' tests. Every file builds its
          // own app on its own database (test/helper.ts).
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
