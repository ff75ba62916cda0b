/**
 * bench/results.json across runs. A full `npm run bench` writes every scenario's figures; a run
 * of some scenarios (`npm run bench -- money`) replaces only theirs and keeps the rest of the
 * file, so that one scenario can be measured again without losing the others' figures.
 * `measured` says, per scenario, when its figures were taken and how busy the machine was then.
 */

/** `npm run bench -- NAME` runs these one at a time, or together; no name runs them all. */
export const SCENARIOS = ['reads', 'login', 'money', 'realtime'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The keys of the results each scenario writes. */
export const SCENARIO_KEYS: Record<Scenario, readonly string[]> = {
  reads: [
    'seeded',
    'connections',
    'seconds_per_route',
    'noop',
    'routes',
    'reads',
    'scaled',
    'seed_seconds',
    'estimate',
    'login_apart',
  ],
  login: ['login_under_abuse'],
  money: ['make_payment', 'end_move_confirmation'],
  realtime: ['realtime'],
};

/** When a scenario's figures were taken, and the machine's load average then. */
export interface Measured {
  date: string;
  load_average_1_5_15: number[];
}

/** A results file: run-wide facts (date, load, cores, run id) and the scenarios' figures. */
export type Results = Record<string, unknown> & Measured;

const scenarioKeys = new Set([...Object.values(SCENARIO_KEYS).flat(), 'measured']);

/**
 * The file after a run: the run-wide facts and the figures of the scenarios it ran are this
 * run's; every other scenario keeps the figures (and the `measured` entry) the earlier file had.
 * A file written before `measured` existed stamps its scenarios with its own date.
 */
export function mergeResults(
  earlier: Results | undefined,
  current: Results,
  ran: readonly Scenario[],
): Results {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current)) {
    if (!scenarioKeys.has(key)) merged[key] = value;
  }
  const measured: Partial<Record<Scenario, Measured>> = {};
  for (const scenario of SCENARIOS) {
    const fresh = ran.includes(scenario);
    const source = fresh ? current : earlier;
    if (!source) continue;
    const keys = SCENARIO_KEYS[scenario].filter((key) => source[key] !== undefined);
    if (keys.length === 0) continue;
    for (const key of keys) merged[key] = source[key];
    measured[scenario] = fresh ? stampOf(current) : earlierStamp(source, scenario);
  }
  merged.measured = measured;
  return merged as Results;
}

function stampOf(results: Results): Measured {
  return { date: results.date, load_average_1_5_15: results.load_average_1_5_15 };
}

function earlierStamp(earlier: Results, scenario: Scenario): Measured {
  const stamps = earlier.measured as Partial<Record<Scenario, Measured>> | undefined;
  return stamps?.[scenario] ?? stampOf(earlier);
}
