import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seed } from './db/seed/index';
import { DEMO_CUSTOMER } from './db/seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  let logIdleError = (error: Error) => console.warn('database connection lost:', error.message);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onIdleError: (error) => logIdleError(error),
  });
  await database.migrate();
  await seed({ db: database.db, demo: config.seedDemo });

  const app = await buildApp({ config, database });
  logIdleError = (err) => app.log.warn({ err }, 'database connection lost; the pool reconnects');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The same origin as the emailed links (PUBLIC_URL, else http://HOST:PORT).
  const url = config.publicUrl;
  const lines = [
    '',
    `  MoveHub is running at ${url}`,
    `  API docs: ${url}/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('MoveHub failed to start:', err);
  }
  process.exit(1);
});
