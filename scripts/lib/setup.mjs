// Set-up shared by `npm start` and `npm test`: only Node built-ins here, because it runs
// before the project's dependencies are installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, what) {
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\n${what} failed (exit ${status}).`);
    process.exit(status);
  }
}

/** The newest modification time below a path (files only), skipping build output. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * What is wrong with this Node for the project, or null: package.json's `engines.node` is a
 * `>=X.Y[.Z]` range, read here without semver because nothing is installed yet. A range of
 * another form is not judged (null).
 */
export function nodeVersionProblem(current, range) {
  const wanted = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(current);
  if (!wanted || !have) return null;
  const need = [1, 2, 3].map((i) => Number(wanted[i] ?? 0));
  const got = [1, 2, 3].map((i) => Number(have[i]));
  const index = need.findIndex((n, i) => got[i] !== n);
  if (index === -1 || got[index] > need[index]) return null;
  const shown = need.slice(0, wanted[3] === undefined ? 2 : 3).join('.');
  return (
    `MoveHub needs Node ${shown} or newer (package.json "engines": "${range}"), ` +
    `and this is Node ${current}. Install Node ${shown} or newer, then run npm start again.`
  );
}

/** Stops, saying why, when this Node is older than package.json's engines field. */
export function ensureNodeVersion() {
  const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const problem = engines?.node ? nodeVersionProblem(process.versions.node, engines.node) : null;
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  mustRun(npm, ['ci', '--no-audit', '--no-fund'], 'npm ci');
}

/** Builds the web app and the server when their sources are newer than their output. */
export function ensureBuilt() {
  const shared = newestMtime(path.join(root, 'packages/shared/src'));
  const targets = [
    {
      name: 'web app',
      workspace: 'apps/web',
      output: 'apps/web/dist/index.html',
      inputs: [
        'apps/web/src',
        'apps/web/index.html',
        'apps/web/vite.config.ts',
        'apps/web/build',
        'apps/web/public',
      ],
    },
    {
      name: 'server',
      workspace: 'apps/api',
      output: 'apps/api/dist/main.js',
      inputs: ['apps/api/src', 'apps/api/build.mjs'],
    },
  ];
  for (const t of targets) {
    const built = newestMtime(path.join(root, t.output));
    const source = Math.max(shared, ...t.inputs.map((p) => newestMtime(path.join(root, p))));
    if (built > 0 && built >= source) continue;
    console.log(`Building the ${t.name}…`);
    mustRun(npm, ['run', 'build', '-w', t.workspace], `Building the ${t.name}`);
  }
}
