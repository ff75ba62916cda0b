/**
 * The bench's figures as markdown, for the README's "Performance" section: `npm run bench --
 * table` (or `tsx bench/table.ts`) renders bench/results.json, each scenario as the run that
 * last measured it left it (bench/results.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface RouteFigure {
  route: string;
  kind?: string;
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  ratio_to_noop?: number;
  target?: { ratio_to_noop_at_least: number; p99_ms_at_most: number };
  meets_target?: boolean;
  cpu_ms_per_call?: CpuPerCall;
}

/**
 * Where a call's CPU goes, in ms a call over the run: the server process, the PostgreSQL backends
 * serving its database, and the bench's own process (autocannon's load generator). On two cores the three
 * share 2,000 ms a second: their sum bounds the rate, whatever the latency. CPU time, unlike a
 * rate, is little moved by other work on the machine.
 */
export interface CpuPerCall {
  server: number;
  database: number;
  load_generator: number;
}

interface MoneyFigure extends RouteFigure {
  connections: number;
  target_p99_ms: number;
  meets_target: boolean;
}

/** The parts of bench/results.json the table shows; a scenario not run is absent. */
export interface BenchResults {
  date: string;
  cpus: number;
  load_average_1_5_15: number[];
  connections?: number;
  seconds_per_route?: number;
  seeded?: Record<string, number>;
  noop?: RouteFigure;
  routes?: RouteFigure[];
  login_apart?: RouteFigure;
  estimate?: {
    server_time: {
      move: string;
      runs: number;
      target_ms_at_most: number;
      server_p50_ms: number;
      server_p99_ms: number;
      model_p50_ms: number;
      model_p99_ms: number;
      meets_target: boolean;
      p99_within_target?: boolean;
    };
    under_load?: { connections: number; requests_per_sec: number; p50_ms: number; p99_ms: number };
  };
  scaled?: ScaledFigures;
  make_payment?: MoneyFigure;
  end_move_confirmation?: MoneyFigure;
  realtime?: RealtimeSetup[];
  /** Per scenario, when its figures were taken (bench/results.ts). */
  measured?: Partial<Record<string, { date: string; load_average_1_5_15: number[] }>>;
}

interface SizeFigure {
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  ratio_to_noop?: number;
  meets_target?: boolean;
  cpu_ms_per_call?: CpuPerCall;
}

/** `npm run bench -- --scale N`: each read at the base size and at N times the data. */
interface ScaledFigures {
  scale: number;
  seeded: { base: Record<string, number>; scaled: Record<string, number> };
  noop: { base: RouteFigure; scaled: RouteFigure };
  target: { rate_kept_at_least: number };
  routes: {
    route: string;
    read_class: string;
    base: SizeFigure;
    scaled: SizeFigure;
    rate_kept: number;
    meets_target: boolean;
  }[];
  all_meet_target: boolean;
}

interface RealtimeFigure {
  per_second: number;
  in_flight?: number;
  paced_per_second?: number;
  p50_ms: number;
  p99_ms: number;
  target_p99_ms: number;
  meets_target: boolean;
  server_cpu_ms_per_call: number;
}

interface RealtimeSetup {
  setup: string;
  sockets: number;
  chat_delivery: RealtimeFigure;
  tracking_to_customer: RealtimeFigure;
  chat_delivery_paced?: RealtimeFigure;
  tracking_to_customer_paced?: RealtimeFigure;
}

const KIND_TITLES: Record<string, string> = {
  customer_read: "Customer's reads",
  partner_read: "Partner's reads",
  wizard: 'Request wizard',
  write: 'Writes',
};

function verdict(meets: boolean | undefined): string {
  if (meets === undefined) return '–';
  return meets ? 'yes' : '**no**';
}

function targetText(r: RouteFigure): string {
  return r.target
    ? `≥ ${r.target.ratio_to_noop_at_least.toFixed(2)} and p99 ≤ ${r.target.p99_ms_at_most} ms`
    : '–';
}

/** "server · PostgreSQL · load generator" ms a call, or a dash when the run did not count it. */
function cpuText(cpu: CpuPerCall | undefined): string {
  if (!cpu) return '–';
  return [cpu.server, cpu.database, cpu.load_generator].map((ms) => ms.toFixed(2)).join(' · ');
}

const CPU_HEADER = 'CPU ms a call: server · PostgreSQL · load';

function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** Every read at both sizes side by side, with what it kept of its rate and its verdict. */
function scaledTable(scaled: ScaledFigures): string[] {
  const n = scaled.scale;
  const size = (seeded: Record<string, number>) =>
    `${(seeded.customers ?? 0).toLocaleString('en-US')} customers, ` +
    `${(seeded.requests ?? 0).toLocaleString('en-US')} requests, ` +
    `${(seeded.tracking_points ?? 0).toLocaleString('en-US')} tracking points, ` +
    `${(seeded.chat_messages ?? 0).toLocaleString('en-US')} chat messages ` +
    `(seeded in ${seeded.seconds ?? '?'} s)`;
  const lines = [
    `**Every read at two sizes**: ${size(scaled.seeded.base)}, then ${n} times the data: ` +
      `${size(scaled.seeded.scaled)}. No-op route ${scaled.noop.base.requests_per_sec} and ` +
      `${scaled.noop.scaled.requests_per_sec} req/s. Targets: a single-row read ≥ 0.30 of the ` +
      `no-op route, a list or detail ≥ 0.15, p99 ≤ 50 ms, at both sizes; "kept" (its ratio to ` +
      `the no-op route at ${n}× over the same at 1×) ≥ ${scaled.target.rate_kept_at_least}.`,
    '',
    row([
      'Read',
      'class',
      'req/s 1×',
      'p99 1×',
      'ratio 1×',
      `req/s ${n}×`,
      `p99 ${n}×`,
      `ratio ${n}×`,
      'kept',
      'meets target',
      `${CPU_HEADER} (${n}×)`,
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---:']),
  ];
  for (const r of scaled.routes) {
    lines.push(
      row([
        `\`${r.route}\``,
        r.read_class.replaceAll('_', ' '),
        r.base.requests_per_sec,
        r.base.p99_ms,
        (r.base.ratio_to_noop ?? 0).toFixed(3),
        r.scaled.requests_per_sec,
        r.scaled.p99_ms,
        (r.scaled.ratio_to_noop ?? 0).toFixed(3),
        r.rate_kept.toFixed(2),
        verdict(r.meets_target),
        cpuText(r.scaled.cpu_ms_per_call),
      ]),
    );
  }
  return lines;
}

/** The route tables grouped by caller, then the estimate, login and the money calls. */
export function renderTable(results: BenchResults): string {
  const lines: string[] = [];
  const load = results.load_average_1_5_15.join(' / ');
  lines.push(
    `Measured ${results.date.slice(0, 10)} on PostgreSQL, ${results.cpus} cores shared by the ` +
      `server, PostgreSQL and autocannon (load average ${load} at the end of the run).`,
  );
  const stamps = Object.entries(results.measured ?? {});
  if (new Set(stamps.map(([, stamp]) => stamp?.date)).size > 1) {
    const when = stamps
      .map(
        ([scenario, stamp]) =>
          `${scenario} ${stamp!.date.slice(0, 16).replace('T', ' ')} UTC (load average ` +
          `${stamp!.load_average_1_5_15.join(' / ')})`,
      )
      .join(', ');
    lines.push('', `The scenarios come from different runs: ${when}.`);
  }
  if (results.seeded) {
    const seeded = Object.entries(results.seeded)
      .map(([what, n]) => `${n.toLocaleString('en-US')} ${what.replaceAll('_', ' ')}`)
      .join(', ');
    lines.push('', `Seeded: ${seeded}.`);
  }
  if (results.noop && results.routes) {
    const noop = results.noop;
    lines.push(
      '',
      `${results.connections ?? 50} connections, ${results.seconds_per_route ?? 10} s per route. ` +
        `The no-op route (\`GET /livez\`) answered ${noop.requests_per_sec} req/s ` +
        `(p50 ${noop.p50_ms} ms, p99 ${noop.p99_ms} ms; ${CPU_HEADER} ${cpuText(noop.cpu_ms_per_call)}); ` +
        `"ratio" is each route's req/s over it.`,
    );
    const kinds = [...new Set(results.routes.map((r) => r.kind ?? 'other'))];
    for (const kind of kinds) {
      lines.push('', `**${KIND_TITLES[kind] ?? kind}**`, '');
      lines.push(
        row(['Route', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'target', 'meets target', CPU_HEADER]),
      );
      lines.push(row(['---', '---:', '---:', '---:', '---:', '---', '---', '---:']));
      for (const r of results.routes.filter((x) => (x.kind ?? 'other') === kind)) {
        const errors = r.non_2xx > 0 ? ` (${r.non_2xx} non-2xx)` : '';
        lines.push(
          row([
            `\`${r.route}\`${errors}`,
            r.requests_per_sec,
            r.p50_ms,
            r.p99_ms,
            (r.ratio_to_noop ?? 0).toFixed(3),
            targetText(r),
            verdict(r.meets_target),
            cpuText(r.cpu_ms_per_call),
          ]),
        );
      }
    }
  }
  if (results.scaled) lines.push('', ...scaledTable(results.scaled));
  if (results.estimate) {
    const e = results.estimate.server_time;
    const load = results.estimate.under_load;
    lines.push(
      '',
      `**Estimate of a large move (${e.move})**, target: server time ≤ ${e.target_ms_at_most} ms`,
      '',
    );
    lines.push(row(['Measured', 'p50 ms', 'p99 ms', 'p50 meets target', 'p99 within target']));
    lines.push(row(['---', '---:', '---:', '---', '---']));
    lines.push(
      row([
        `Server time, in-process (${e.runs} calls)`,
        e.server_p50_ms,
        e.server_p99_ms,
        verdict(e.meets_target),
        verdict(e.p99_within_target),
      ]),
    );
    lines.push(
      row([
        'Estimate model alone (validation and model)',
        e.model_p50_ms,
        e.model_p99_ms,
        '–',
        '–',
      ]),
    );
    if (load) {
      lines.push(
        row([
          `Under autocannon, ${load.connections} connections (${load.requests_per_sec} req/s)`,
          load.p50_ms,
          load.p99_ms,
          '–',
          '–',
        ]),
      );
    }
  }
  if (results.login_apart) {
    const l = results.login_apart;
    lines.push(
      '',
      `Login (argon2id, 16 connections, bounded by the password hash by design): ` +
        `${l.requests_per_sec} req/s, p50 ${l.p50_ms} ms, p99 ${l.p99_ms} ms.`,
    );
  }
  const money = [results.make_payment, results.end_move_confirmation].filter(
    (m): m is MoneyFigure => m !== undefined,
  );
  if (money.length > 0) {
    lines.push('', '**Money calls** (sandbox gateway)', '');
    lines.push(
      row(['Route', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'target', 'meets target']),
    );
    lines.push(row(['---', '---:', '---:', '---:', '---:', '---', '---']));
    for (const m of money) {
      lines.push(
        row([
          `\`${m.route}\``,
          m.connections,
          m.requests_per_sec,
          m.p50_ms,
          m.p99_ms,
          `p99 ≤ ${m.target_p99_ms} ms, ledger balanced`,
          verdict(m.meets_target),
        ]),
      );
    }
  }
  if (results.realtime && results.realtime.length > 0) {
    const first = results.realtime[0]!;
    lines.push(
      '',
      `**Realtime** (${first.sockets.toLocaleString('en-US')} customers' sockets; targets: chat p99 ≤ ` +
        `${first.chat_delivery.target_p99_ms} ms, tracking p99 ≤ ` +
        `${first.tracking_to_customer.target_p99_ms} ms)`,
      '',
    );
    lines.push(
      row(['Setup', 'load', 'event', 'per s', 'p50 ms', 'p99 ms', 'server CPU ms', 'meets target']),
    );
    lines.push(row(['---', '---', '---', '---:', '---:', '---:', '---:', '---']));
    const loadText = (f: RealtimeFigure) =>
      f.paced_per_second !== undefined
        ? `paced, ${f.paced_per_second}/s`
        : `${f.in_flight ?? '?'} in flight`;
    for (const r of results.realtime) {
      const figures: [string, RealtimeFigure | undefined][] = [
        ['chat', r.chat_delivery],
        ['tracking', r.tracking_to_customer],
        ['chat', r.chat_delivery_paced],
        ['tracking', r.tracking_to_customer_paced],
      ];
      for (const [event, f] of figures) {
        if (!f) continue;
        lines.push(
          row([
            r.setup,
            loadText(f),
            event,
            f.per_second,
            f.p50_ms,
            f.p99_ms,
            f.server_cpu_ms_per_call,
            verdict(f.meets_target),
          ]),
        );
      }
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = fileURLToPath(new URL('results.json', import.meta.url));
  console.log(renderTable(JSON.parse(readFileSync(file, 'utf8')) as BenchResults));
}
