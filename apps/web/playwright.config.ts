import { defineConfig, devices } from '@playwright/test';

// Journeys run in Debian's Chromium (no browser download) against the app built and started
// exactly as `npm start` does it, on a data directory emptied before every run.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A run on another port (E2E_PORT) gets its own data directory, so that two runs side by side
// never empty each other's database.
const dataDir = process.env.E2E_PORT ? `.data-e2e-${port}` : '.data-e2e';

/** Debian's Chromium, as every journey runs it. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  },
};

/** The journeys that open a partner console (a company's or a foreman's socket). */
const PARTNER_JOURNEYS = ['**/partner-*.spec.ts', '**/foreman-*.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: '../../test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  use: {
    baseURL,
    // A trace is recorded on a failed journey's retry only (CI retries once): recording every
    // journey, to keep the failures' traces, made a run of eleven journeys take 124 to 133 s
    // instead of 92 s on two cores.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // The partner console's journeys run after the others (project 'partner' below).
      testIgnore: PARTNER_JOURNEYS,
      use: chromium,
    },
    {
      // A demo company with a console open is played by a person: the demo simulator leaves it
      // alone (no bids, no move day). The customers' journeys count on every demo company's
      // bids and move day, so the journeys that open a company's or a foreman's console run
      // once those are done, never beside them.
      name: 'partner',
      testMatch: PARTNER_JOURNEYS,
      dependencies: ['chromium'],
      use: chromium,
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    cwd: '../..',
    url: `${baseURL}/healthz`,
    // The demo companies act within 6 s instead of 10 s, so that a journey waits little; move day
    // then starts about 6 s after a payment, which leaves the cancel journey time to cancel a
    // paid move before it starts.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SIMULATOR_DELAY_MS: '6000',
      // The demo truck drives for 45 s, so that the tracking journey watches it move on a slow
      // machine long before the move completes.
      DEMO_SIMULATOR_DRIVE_MS: '45000',
      // No demo proposals: they hold move day on half of the moves, which would make the
      // move-day journeys depend on the request's id. The change journey proposes through the
      // partner API as the company.
      DEMO_SIMULATOR_CHANGES: 'false',
      // Every journey signs in from 127.0.0.1: at the product's 20 logins an address a minute,
      // a burst of sign-in journeys on the two workers had the next one refused (429, a toast).
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '600',
    },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
  },
});
