import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The platform the README names (Node 20.19, package.json's engines) is the one every
 * dependency supports, so that `npm ci` installs without an EBADENGINE warning on it (CI and
 * this machine run Node 20); and `npm start` on an older Node says so before it does anything.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const engines: string = readJson('package.json').engines.node;
const oldest = semver.minVersion(engines)?.version;

describe('the Node version the project names', () => {
  it('is the same in the README and in package.json’s engines', () => {
    const named = /Node (\d+\.\d+(?:\.\d+)?) or newer/.exec(
      readFileSync(`${root}README.md`, 'utf8'),
    );
    expect(named?.[1]).toBeDefined();
    expect(semver.coerce(named?.[1])?.version).toBe(oldest);
  });

  it('is supported by every package in the lock file', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const misfits = Object.entries(lock.packages)
      .filter(([, pkg]) => {
        const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return node !== undefined && !semver.satisfies(oldest ?? '', node);
      })
      .map(([where, pkg]) => `${where}@${pkg.version}`);
    expect(oldest).toBeDefined();
    expect(misfits).toEqual([]);
  });
});

describe('npm start on an older Node', () => {
  it('says which Node it needs and stops before installing or building', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'movehub-old-node-'));
    try {
      // Node 18 as the script sees it. PATH is empty, PORT 0 and DATA_DIR a temporary folder,
      // so that a start that went on could neither run npm nor take a port or the demo's data.
      const pretend =
        'data:text/javascript,' +
        "Object.defineProperty(process.versions,'node',{value:'18.20.0'});";
      const run = spawnSync(
        process.execPath,
        ['--import', pretend, path.join(root, 'scripts/start.mjs')],
        {
          cwd: root,
          env: { PATH: '', HOME: home, PORT: '0', DATA_DIR: home, LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 20_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`MoveHub needs Node ${engines.replace(/^>=\s*/, '')} or newer`);
      expect(run.stderr).toContain('this is Node 18.20.0');
      expect(run.stdout).not.toMatch(/Installing|Building/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
