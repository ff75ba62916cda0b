// `npm test`: installs what is missing, then runs every tier that needs no browser:
// typecheck, lint, unit (packages/shared), API integration (PGlite, or PostgreSQL when
// DATABASE_URL is set) and web component tests. Every step runs; the exit code is non-zero
// when any failed. Vitest's per-tier results are written to test-results/ for CI's summary.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run } from './lib/setup.mjs';

ensureInstalled();

const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const vitest = (project) => ({
  name: `${project} tests`,
  command: bin('vitest'),
  args: [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, `vitest-${project}.json`)}`,
  ],
  report: path.join(resultsDir, `vitest-${project}.json`),
});

const steps = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  vitest('shared'),
  vitest('api'),
  vitest('web'),
];

let passed = 0;
let failed = 0;
const lines = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const status = run(step.command, step.args);
  if (step.report) {
    // Count tests, not steps, for the test tiers.
    try {
      const report = JSON.parse(readFileSync(step.report, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
    } catch {
      failed += 1;
    }
  } else if (status === 0) passed += 1;
  else failed += 1;
  lines.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${step.name}`);
}

writeFileSync(path.join(resultsDir, 'npm-test-summary.json'), JSON.stringify({ passed, failed }));
console.log(`\n${lines.join('\n')}\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
