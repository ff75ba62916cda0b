// `npm test`: installs what is missing, then runs every tier that needs no browser:
// typecheck, lint, unit (packages/shared), API integration (PGlite, or PostgreSQL when
// DATABASE_URL is set), web component and the bench's helper tests. Every step runs; the exit
// code is non-zero when any failed. Vitest's per-tier results are written to test-results/ for
// CI's summary.
import { spawn } from 'node:child_process';
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

/**
 * Typecheck and lint run side by side: each is one single-threaded process (tsc, eslint), so on
 * two cores the pair takes about as long as the longer one (71 and 52 s apart on the project's
 * machine). The server's import graph (.dependency-cruiser.mjs) and the web app's copy detector
 * (.jscpd.json) take a few seconds each beside them.
 * Their output is printed whole, one after the other, once all have ended.
 */
const checks = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'import graph', command: 'npm', args: ['run', '--silent', 'lint:deps'] },
  { name: 'copies', command: 'npm', args: ['run', '--silent', 'lint:copies'] },
];
const suites = [vitest('shared'), vitest('api'), vitest('web'), vitest('bench')];

/** Runs a command with its output kept; resolves with its exit status and that output. */
function runQuietly({ command, args }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(output) }));
  });
}

let passed = 0;
let failed = 0;
const lines = [];
const record = (name, status) => {
  lines.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name}`);
};

const checked = await Promise.all(checks.map(runQuietly));
checks.forEach((step, i) => {
  const { status, output } = checked[i];
  console.log(`\n▶ ${step.name}`);
  process.stdout.write(output);
  if (status === 0) passed += 1;
  else failed += 1;
  record(step.name, status);
});

for (const step of suites) {
  console.log(`\n▶ ${step.name}`);
  const status = run(step.command, step.args);
  try {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
    record(step.name, status);
    // The failed tests are named again at the end, where CI's log is read first.
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') {
          lines.push(`     ✗ ${path.relative(root, file.name)} › ${test.fullName}`);
        }
      }
    }
  } catch {
    failed += 1;
    record(step.name, status);
  }
}

writeFileSync(path.join(resultsDir, 'npm-test-summary.json'), JSON.stringify({ passed, failed }));
console.log(`\n${lines.join('\n')}\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
