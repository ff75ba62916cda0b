// `npm start`: installs what is missing, builds what is stale, then runs the one server that
// serves the web app, the API and the socket on PORT. The server migrates and seeds its database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ensureNodeVersion, root } from './lib/setup.mjs';

// First: an older Node would fail later, in the middle of installing or building.
ensureNodeVersion();
ensureInstalled();
ensureBuilt();

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
