import type { CpuPerCall } from './table';

/**
 * `npm run bench -- --scale N`: the reads measured at the base size and again on N times the
 * data, compared (bench/run.ts measures, this judges; table.ts prints).
 */

/** At `--scale N` times the data, no read's rate falls by more than this share. */
export const SCALE_MAX_RATE_DROP = 0.2;

/** One route's figures in one pass, as bench/run.ts's measure() and judged() leave them. */
export interface ScaleFigure {
  route: string;
  kind?: string;
  read_class?: string;
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  ratio_to_noop?: number;
  meets_target?: boolean;
  cpu_ms_per_call?: CpuPerCall;
}

/** One size's pass: what it seeded, its no-op route and its routes. */
export interface SizePass {
  seeded: Record<string, number>;
  seed_seconds: number;
  noop: ScaleFigure;
  routes: ScaleFigure[];
}

/**
 * Each read at the base size and at `scale` times the data, side by side. `rate_kept` is the
 * read's share of the no-op route at the larger size over its share at the base size: each pass
 * is measured against its own no-op route, so that the machine's other work between the two
 * passes is not counted as the data's cost (the raw rates are printed beside it). A read meets
 * its target when it meets it at both sizes and keeps at least 1 − SCALE_MAX_RATE_DROP of its rate.
 */
export function compareSizes(base: SizePass, big: SizePass, scale: number) {
  const routes = base.routes.flatMap((b) => {
    const s = big.routes.find((r) => r.route === b.route);
    if (!s || b.read_class === undefined) return [];
    const kept = Number(((s.ratio_to_noop ?? 0) / (b.ratio_to_noop || 1)).toFixed(2));
    const pick = (r: ScaleFigure) => ({
      requests_per_sec: r.requests_per_sec,
      p50_ms: r.p50_ms,
      p99_ms: r.p99_ms,
      ratio_to_noop: r.ratio_to_noop,
      meets_target: r.meets_target,
      ...(r.cpu_ms_per_call ? { cpu_ms_per_call: r.cpu_ms_per_call } : {}),
    });
    return [
      {
        route: b.route,
        kind: b.kind,
        read_class: b.read_class,
        base: pick(b),
        scaled: pick(s),
        rate_kept: kept,
        meets_target:
          b.meets_target === true && s.meets_target === true && kept >= 1 - SCALE_MAX_RATE_DROP,
      },
    ];
  });
  return {
    scale,
    seeded: {
      base: { ...base.seeded, seconds: base.seed_seconds },
      scaled: { ...big.seeded, seconds: big.seed_seconds },
    },
    noop: { base: base.noop, scaled: big.noop },
    target: { rate_kept_at_least: 1 - SCALE_MAX_RATE_DROP },
    routes,
    all_meet_target: routes.every((r) => r.meets_target),
  };
}
