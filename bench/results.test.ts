import { describe, expect, it } from 'vitest';
import { mergeResults, type Results } from './results';
import { compareSizes, SCALE_MAX_RATE_DROP } from './scale';
import { renderTable, type BenchResults } from './table';

const noop = { route: 'GET /livez (no-op)', requests_per_sec: 20_000, p50_ms: 1, p99_ms: 4 };
const payment = (p99: number) => ({
  route: 'POST /api/customer/make_payment (sandbox gateway)',
  requests_per_sec: 150,
  p50_ms: 100,
  p99_ms: p99,
  non_2xx: 0,
  connections: 20,
  target_p99_ms: 100,
  meets_target: p99 <= 100,
});

/** What every run writes about itself. */
const runFacts = (date: string, run_id: string, load: number[]) => ({
  date,
  database: 'postgresql',
  cpus: 2,
  load_average_1_5_15: load,
  run_id,
});

/** A full run's file: reads and money measured on the 26th. */
const fullRun: Results = {
  ...runFacts('2026-11-26T10:00:00.000Z', 'full', [1, 1, 1]),
  connections: 50,
  seconds_per_route: 10,
  noop,
  routes: [],
  make_payment: payment(200),
  measured: {
    reads: { date: '2026-11-26T10:00:00.000Z', load_average_1_5_15: [1, 1, 1] },
    money: { date: '2026-11-26T10:00:00.000Z', load_average_1_5_15: [1, 1, 1] },
  },
};

/** `npm run bench -- money` on the 27th: the other scenarios' fields are absent. */
const moneyRun: Results = {
  ...runFacts('2026-11-27T15:30:00.000Z', 'money', [3, 2, 2]),
  make_payment: payment(90),
  realtime: undefined,
  login_under_abuse: undefined,
};

describe('the bench results across runs', () => {
  it('keeps the other scenarios’ figures when a run measured only some', () => {
    const merged = mergeResults(fullRun, moneyRun, ['money']);
    expect(merged.make_payment).toEqual(payment(90));
    expect(merged.noop).toEqual(noop);
    expect(merged.connections).toBe(50);
    // Run-wide facts are the last run's; each scenario says when it was measured.
    expect(merged.run_id).toBe('money');
    expect(merged.measured).toEqual({
      reads: { date: '2026-11-26T10:00:00.000Z', load_average_1_5_15: [1, 1, 1] },
      money: { date: '2026-11-27T15:30:00.000Z', load_average_1_5_15: [3, 2, 2] },
    });
    expect('realtime' in merged).toBe(false);
  });

  it('writes a full run alone, dropping figures of scenarios it did not produce', () => {
    const { make_payment: _left, ...withoutMoney } = moneyRun;
    const merged = mergeResults(fullRun, { ...withoutMoney, noop }, [
      'reads',
      'login',
      'money',
      'realtime',
    ]);
    expect(merged.noop).toEqual(noop);
    expect(merged.make_payment).toBeUndefined();
    expect(Object.keys(merged.measured as object)).toEqual(['reads']);
  });

  it('stamps an earlier file written without `measured` with its own date', () => {
    const { measured: _none, ...older } = fullRun;
    const merged = mergeResults(older as Results, moneyRun, ['money']);
    expect((merged.measured as Record<string, { date: string }>).reads?.date).toBe(
      '2026-11-26T10:00:00.000Z',
    );
  });

  it('says in the table when the scenarios come from different runs', () => {
    const table = renderTable(
      mergeResults(fullRun, moneyRun, ['money']) as unknown as BenchResults,
    );
    expect(table).toContain(
      'The scenarios come from different runs: reads 2026-11-26 10:00 UTC (load average 1 / 1 / 1), ' +
        'money 2026-11-27 15:30 UTC (load average 3 / 2 / 2).',
    );
    expect(renderTable(fullRun as unknown as BenchResults)).not.toContain('different runs');
  });
});

describe('the reads at two sizes', () => {
  const figure = (route: string, rps: number, p99: number, noopRps: number) => ({
    route,
    kind: 'customer_read',
    read_class: 'list_or_detail',
    requests_per_sec: rps,
    p50_ms: 2,
    p99_ms: p99,
    ratio_to_noop: rps / noopRps,
    meets_target: rps / noopRps >= 0.15 && p99 <= 50,
  });
  const pass = (noopRps: number, routes: ReturnType<typeof figure>[], customers: number) => ({
    seeded: { customers, requests: customers * 10, tracking_points: 0, chat_messages: 0 },
    seed_seconds: 12,
    noop: { route: 'GET /livez (no-op)', requests_per_sec: noopRps, p50_ms: 1, p99_ms: 4 },
    routes,
  });

  it("judges each read by its share of its own pass's no-op route, at both sizes", () => {
    // The machine was twice as busy in the second pass: the feed kept its share, the detail did not.
    const base = pass(
      20_000,
      [figure('feed', 4_000, 20, 20_000), figure('detail', 4_000, 20, 20_000)],
      1_000,
    );
    const big = pass(
      10_000,
      [figure('feed', 2_000, 30, 10_000), figure('detail', 1_500, 30, 10_000)],
      10_000,
    );
    const scaled = compareSizes(base, big, 10);
    expect(scaled.routes.map((r) => [r.route, r.rate_kept, r.meets_target])).toEqual([
      ['feed', 1, true],
      ['detail', 0.75, false],
    ]);
    expect(scaled.all_meet_target).toBe(false);
    expect(scaled.target.rate_kept_at_least).toBe(1 - SCALE_MAX_RATE_DROP);

    const table = renderTable({ ...fullRun, scaled } as unknown as BenchResults);
    expect(table).toContain('**Every read at two sizes**: 1,000 customers, 10,000 requests');
    expect(table).toContain('then 10 times the data: 10,000 customers, 100,000 requests');
    expect(table).toContain(
      '| `detail` | list or detail | 4000 | 20 | 0.200 | 1500 | 30 | 0.150 | 0.75 | **no** |',
    );
  });

  it('misses a read that is slow at either size', () => {
    const base = pass(20_000, [figure('feed', 4_000, 80, 20_000)], 1_000);
    const big = pass(20_000, [figure('feed', 4_000, 20, 20_000)], 10_000);
    expect(compareSizes(base, big, 10).routes[0]!.meets_target).toBe(false);
  });
});
