/**
 * `npm run lighthouse`: Lighthouse's mobile preset on four customer screens, in Debian's Chromium.
 *
 * Starts the app exactly as `npm start` does (scripts/start.mjs builds what is stale) on its own
 * port (LH_PORT, default 3230) and an emptied data directory (.data-lighthouse-PORT). Then:
 *
 * - /login and /create-request as a first visit: empty cache and storage (Lighthouse resets both);
 * - My Requests and a request's detail as the demo customer, signed in through the API with the
 *   session the web app keeps (localStorage `token` and `user`), on a move to Santa Monica this
 *   run sends through the API and the demo companies have bid on. Lighthouse keeps the storage
 *   (disableStorageReset); the HTTP cache is emptied before each of these audits, so that they
 *   download every script as a returning customer's new tab after a deployment does.
 *
 * LH_PAGES ('request detail', or several names separated by commas) audits only those pages.
 *
 * Each page is audited twice over, three times each by default (LH_RUNS sets how many), keeping
 * the median run by performance score, as Lighthouse recommends on a noisy machine: one run's
 * total blocking time varied by 100 ms from one CI run to the next. Categories performance and
 * accessibility:
 * - with Lighthouse's default mobile config (a Moto G Power screen, simulated slow 4G, 4x CPU
 *   slowdown), printed for comparison;
 * - with the CPU slowdown calibrated to this machine, as Lighthouse's throttling documentation
 *   describes: the 4x default assumes a fast desktop host, so the multiplier is the host's
 *   benchmark index (measured by Lighthouse in the default runs) over a mid-tier phone's (1,000,
 *   the reference Chrome's own calibration aims at), never below 1. The targets are enforced on
 *   this run.
 * It prints one row per page and target, writes test-results/lighthouse.json (read by .ci/run's
 * summary) and the kept calibrated runs' HTML reports under test-results/lighthouse/. The exit
 * code is 1 when accessibility or layout shift misses its target; a timing target's miss (score,
 * blocking time, LCP) is printed with its verdict and counted apart, never failing (see Target).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const port = Number(process.env.LH_PORT ?? 3230);
const origin = `http://127.0.0.1:${port}`;
const dataDir = `.data-lighthouse-${port}`;
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
/** LH_PAGES: a comma-separated list of the pages to audit (by name), to look at one page. */
const only = process.env.LH_PAGES?.split(',').map((name) => name.trim());
const resultsDir = path.join(root, 'test-results');
const reportsDir = path.join(resultsDir, 'lighthouse');

/** The seeded demo customer (apps/api/src/db/seed/demo.ts). */
const DEMO = { email: 'demo@movehub.test', password: 'Demo@1234' };

/** Chromium's flags: as the journeys run it, headless, plus the remote-debugging port. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A mid-tier phone's benchmark index, the reference of the calibrated run. */
const MID_TIER_BENCHMARK_INDEX = 1000;

/** The CPU slowdown that makes this host as fast as the mid-tier phone, to a tenth. */
function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / MID_TIER_BENCHMARK_INDEX) * 10) / 10);
}

interface Target {
  key: 'performance' | 'accessibility' | 'tbt' | 'lcp' | 'cls';
  label: string;
  /** The target, as printed. */
  goal: string;
  met: (value: number) => boolean;
  /** The measured value, as printed. */
  show: (value: number) => string;
  /**
   * A time the machine's speed decides (the score, blocking time, LCP): reported with its verdict
   * but never failing the run, as speed is a benchmark's figure and not a timed test's. The same
   * commit's /login measured 38–51 ms of blocking time in the calibrated runs of the morning of
   * 2026-12-07 and 361 ms that afternoon, its bytes unchanged. Accessibility and layout shift do
   * not depend on the machine and fail the run when missed.
   */
  timing: boolean;
}

const TARGETS: Target[] = [
  {
    key: 'performance',
    timing: true,
    label: 'performance',
    goal: '≥ 90',
    met: (v) => v >= 90,
    show: (v) => String(v),
  },
  {
    key: 'tbt',
    timing: true,
    label: 'total blocking time',
    goal: '≤ 200 ms',
    met: (v) => v <= 200,
    show: (v) => `${Math.round(v)} ms`,
  },
  {
    key: 'accessibility',
    timing: false,
    label: 'accessibility',
    goal: '= 100',
    met: (v) => v === 100,
    show: (v) => String(v),
  },
  {
    key: 'lcp',
    timing: true,
    label: 'LCP',
    goal: '≤ 2.5 s',
    met: (v) => v <= 2500,
    show: (v) => `${(v / 1000).toFixed(2)} s`,
  },
  {
    key: 'cls',
    timing: false,
    label: 'CLS',
    goal: '≤ 0.1',
    met: (v) => v <= 0.1,
    show: (v) => v.toFixed(3),
  },
];

interface Page {
  name: string;
  /** Where the audit's URL points (with the request's id once known). */
  path: () => string;
  signedIn: boolean;
}

let requestId = 0;
let lighthouseVersion = '';
const PAGES: Page[] = [
  { name: '/login', path: () => '/login', signedIn: false },
  { name: '/create-request', path: () => '/create-request', signedIn: false },
  { name: 'My Requests', path: () => '/dashboard/my-requests', signedIn: true },
  {
    name: 'request detail',
    path: () => `/dashboard/my-requests/${requestId}`,
    signedIn: true,
  },
];

/** `npm start` on the audit's own port and data directory; resolves once /healthz answers. */
async function startServer(): Promise<ChildProcess> {
  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo companies bid within 3 s, so that the request detail shows their bids soon.
      DEMO_SIMULATOR_DELAY_MS: '3000',
      // No demo change proposals: the detail page stays as it was audited.
      DEMO_SIMULATOR_CHANGES: 'false',
    },
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`${origin}/healthz did not answer within 240 s`);
}

async function call<T>(
  method: 'GET' | 'POST',
  route: string,
  body?: object,
  token?: string,
): Promise<T> {
  const res = await fetch(`${origin}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'x-sh-auth': token } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  const json = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json.message ?? ''}`);
  return json;
}

interface Session {
  token: string;
  user: unknown;
}

/** The demo customer's session, as the login screen receives it. */
async function signIn(): Promise<Session> {
  const { data } = await call<{ data: { auth_token: string; user: unknown } }>(
    'POST',
    '/app_api/login',
    { ...DEMO, user_type: 1 },
  );
  return { token: data.auth_token, user: data.user };
}

/** 'MM-DD-YYYY' a week from today (the wire's s_date). */
function weekAhead(): string {
  const d = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}`;
}

/**
 * Sends a studio move from downtown Los Angeles to Santa Monica as the customer, and waits for
 * the four demo companies serving downtown to bid on it. Returns its id.
 */
async function sendMove(token: string): Promise<number> {
  const { data: types } = await call<{ data: { moveTypeItems: { id: number }[] } }>(
    'GET',
    '/api/customer/get_move_type',
  );
  const address = (zip: string, city: string, lat: number, long: number, type: string) => ({
    street_address: '',
    complete_address: `${city}, CA ${zip}, USA`,
    zip_code: zip,
    city,
    state: 'CA',
    country: 'USA',
    latitude: lat,
    longitude: long,
    address_type: type,
  });
  const { data } = await call<{ data: { Request_ID: { id: number } } }>(
    'POST',
    '/api/customer/generate_request',
    {
      request_type: '0',
      address_array: [
        address('90012', 'Los Angeles', 34.0614, -118.2385, '1'),
        address('90401', 'Santa Monica', 34.0166, -118.4954, '2'),
      ],
      starting_lat: 34.0614,
      starting_long: -118.2385,
      move_type: types.moveTypeItems[0]?.id,
      customer_budget: 700,
      s_date: weekAhead(),
      s_time: '08:00 - 12:00',
      movers: 2,
      items_array: [],
    },
    token,
  );
  const id = data.Request_ID.id;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { data: active } = await call<{
      data: { request: { id: number }; request_bid: unknown[] }[];
    }>('POST', '/api/customer/get_customer_request', { request_status: '0' }, token);
    if ((active.find((r) => r.request.id === id)?.request_bid.length ?? 0) >= 4) return id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the demo companies did not bid on request #${id} within 60 s`);
}

interface Measured {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
  cls: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
  /** Lighthouse's measure of the host's CPU (about 1,000 and up on a desktop that is not busy). */
  benchmarkIndex: number;
}

function measure(lhr: Result): Measured {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.POSITIVE_INFINITY;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * One Lighthouse run on a page, with the mobile preset's CPU slowdown or the one given; the
 * storage stays for a signed-in page.
 */
async function audit(
  context: BrowserContext,
  debuggingPort: number,
  page: Page,
  cpuSlowdownMultiplier?: number,
): Promise<{ measured: Measured; html: string }> {
  if (page.signedIn) {
    // The storage stays (the session); the HTTP cache goes, as after a deployment.
    const tab = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const flags: Flags = {
    port: debuggingPort,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: page.signedIn,
    // Merged into the preset's throttling: only the CPU's slowdown changes.
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
  };
  // Lighthouse sometimes fails to record a load on a busy machine (NO_NAVSTART, NO_FCP): the
  // audit is repeated, up to three tries, before the page counts as failed.
  let result: RunnerResult | undefined;
  for (let attempt = 1; ; attempt += 1) {
    result = await lighthouse(`${origin}${page.path()}`, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.name}`);
    const error = result.lhr.runtimeError;
    if (!error) break;
    if (attempt === 3) throw new Error(`${page.name}: ${error.code} ${error.message}`);
    console.warn(`${page.name}: ${error.code}, auditing again`);
  }
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  // A signed-in page that ended on the login screen audited the wrong thing.
  if (page.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== page.path()) {
    throw new Error(`${page.name} ended at ${lhr.finalDisplayedUrl}: the session was not kept`);
  }
  const html = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report;
  return { measured: measure(lhr), html };
}

interface PageResult {
  page: string;
  url: string;
  /** The mobile preset's runs and the kept one, for comparison. */
  defaultRuns: Measured[];
  defaultKept: Measured;
  /** The calibrated runs and the kept one, which the targets judge. */
  runs: Measured[];
  kept: Measured;
  targets: {
    target: string;
    goal: string;
    value: number;
    shown: string;
    /** The same measure on the mobile preset's run. */
    defaultShown: string;
    met: boolean;
    enforced: boolean;
  }[];
}

/** Audits a page `runs` times; the median run by performance score is kept. */
async function auditRuns(
  context: BrowserContext,
  debuggingPort: number,
  page: Page,
  cpuSlowdownMultiplier?: number,
): Promise<{ runs: Measured[]; kept: { measured: Measured; html: string } }> {
  const measured: { measured: Measured; html: string }[] = [];
  for (let i = 0; i < runs; i += 1) {
    const auditStarted = Date.now();
    measured.push(await audit(context, debuggingPort, page, cpuSlowdownMultiplier));
    const last = measured.at(-1)!.measured;
    console.log(
      `${page.name}: CPU slowdown ${last.cpuSlowdown}x, performance ${last.performance}, host CPU benchmark index ${last.benchmarkIndex} (${Math.round((Date.now() - auditStarted) / 1000)} s)`,
    );
  }
  const runsMeasured = measured.map((m) => m.measured);
  measured.sort((a, b) => a.measured.performance - b.measured.performance);
  return { runs: runsMeasured, kept: measured[Math.floor((measured.length - 1) / 2)]! };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main(): Promise<number> {
  rmSync(reportsDir, { recursive: true, force: true });
  rmSync(path.join(resultsDir, 'lighthouse.json'), { force: true });
  mkdirSync(reportsDir, { recursive: true });
  const started = Date.now();
  const server = await startServer();
  console.log(`Server up after ${Math.round((Date.now() - started) / 1000)} s`);
  const profile = path.join(tmpdir(), `movehub-lighthouse-${port}-${process.pid}`);
  // A persistent context is Chromium's default one, which Lighthouse's tabs share: the session
  // written here is the one the signed-in audits read.
  const debuggingPort = port + 1000;
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: false,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
    });
    const session = await signIn();
    requestId = await sendMove(session.token);

    const results: PageResult[] = [];
    for (const page of PAGES.filter((p) => !only || only.includes(p.name))) {
      if (page.signedIn) {
        // Sign in as the web app does after its login screen: the token and the user object.
        const tab = context.pages()[0] ?? (await context.newPage());
        await tab.goto(`${origin}/favicon.svg`);
        await tab.evaluate(({ token, user }) => {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('user', JSON.stringify(user));
        }, session);
      }
      const preset = await auditRuns(context, debuggingPort, page);
      const slowdown = calibratedSlowdown(median(preset.runs.map((m) => m.benchmarkIndex)));
      const calibrated = await auditRuns(context, debuggingPort, page, slowdown);
      const file = `${page.name.replace(/^\//, '').replace(/\s+/g, '-').toLowerCase()}.html`;
      writeFileSync(path.join(reportsDir, file), calibrated.kept.html);
      results.push({
        page: page.name,
        url: page.path(),
        defaultRuns: preset.runs,
        defaultKept: preset.kept.measured,
        runs: calibrated.runs,
        kept: calibrated.kept.measured,
        targets: TARGETS.map((t) => {
          const value = calibrated.kept.measured[t.key];
          return {
            target: t.label,
            goal: t.goal,
            value,
            shown: t.show(value),
            defaultShown: t.show(preset.kept.measured[t.key]),
            met: t.met(value),
            enforced: !t.timing,
          };
        }),
      });
    }

    const rows = results.flatMap((r) => r.targets.map((t) => ({ page: r.page, ...t })));
    const width = (pick: (row: (typeof rows)[number]) => string, title: string) =>
      Math.max(title.length, ...rows.map((row) => pick(row).length));
    const cols = {
      page: width((r) => r.page, 'page'),
      target: width((r) => r.target, 'target'),
      defaultShown: width((r) => r.defaultShown, 'preset (4x)'),
      shown: width((r) => r.shown, 'calibrated'),
      goal: width((r) => r.goal, 'goal'),
    };
    console.log(
      `\nLighthouse ${lighthouseVersion}, mobile preset (4x CPU slowdown) and calibrated to this host (${results.map((r) => `${r.page} ${r.kept.cpuSlowdown}x`).join(', ')}), median of ${runs} run(s) per page; the targets judge the calibrated run`,
    );
    console.log(
      `${'page'.padEnd(cols.page)}  ${'target'.padEnd(cols.target)}  ${'preset (4x)'.padStart(cols.defaultShown)}  ${'calibrated'.padStart(cols.shown)}  ${'goal'.padEnd(cols.goal)}  result`,
    );
    for (const row of rows) {
      const verdict = row.met ? 'met' : row.enforced ? 'MISSED' : 'missed (timing: reported)';
      console.log(
        `${row.page.padEnd(cols.page)}  ${row.target.padEnd(cols.target)}  ${row.defaultShown.padStart(cols.defaultShown)}  ${row.shown.padStart(cols.shown)}  ${row.goal.padEnd(cols.goal)}  ${verdict}`,
      );
    }
    const met = rows.filter((r) => r.met).length;
    const failed = rows.filter((r) => !r.met && r.enforced).length;
    const timingMisses = rows.filter((r) => !r.met && !r.enforced).length;
    console.log(
      `\n${met} met, ${failed} missed, ${timingMisses} timing targets missed and reported (reports in test-results/lighthouse/, ${Math.round((Date.now() - started) / 1000)} s)`,
    );
    writeFileSync(
      path.join(resultsDir, 'lighthouse.json'),
      `${JSON.stringify({ runs, passed: met, failed, timingMisses, pages: results }, null, 2)}\n`,
    );
    return failed > 0 ? 1 : 0;
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    server.kill('SIGTERM');
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
