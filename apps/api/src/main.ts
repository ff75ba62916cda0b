import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seed } from './db/seed/index';
import {
  DEMO_COMPANIES,
  DEMO_COUNTERPART_PASSWORD,
  DEMO_CUSTOMER,
  DEMO_DIRECT_LINKS,
} from './db/seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  let logIdleError = (error: Error) => console.warn('database connection lost:', error.message);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onIdleError: (error) => logIdleError(error),
  });
  await database.migrate();
  await seed({ db: database.db, demo: config.seedDemo, timeZone: config.serviceTimeZone });

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
    config.docsPublic
      ? `  API docs: ${url}/docs`
      : '  API docs: off (API_DOCS_PUBLIC=true serves them)',
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
    lines.push(
      `  Demo companies (user_type 2) and their foremen (user_type 3), password ${DEMO_COUNTERPART_PASSWORD}, at ${url}/partner/login:`,
    );
    for (const company of DEMO_COMPANIES) {
      lines.push(`    ${company.profile.name}: ${company.email}`);
      lines.push(`      direct link: ${url}/create-request/${company.directLink}`);
      lines.push(`      foremen: ${company.foremen.map((f) => f.email).join(', ')}`);
    }
    lines.push(
      `  Sales-team link (${DEMO_COMPANIES[0].profile.name}): ${url}/create-request/${DEMO_DIRECT_LINKS.salesTeam}`,
    );
    lines.push(
      config.demoSimulator.enabled
        ? `  Demo simulator: on (demo companies bid within ${config.demoSimulator.maxDelayMs / 1000} s, except one whose console is open; DEMO_SIMULATOR=0 turns it off)`
        : '  Demo simulator: off',
    );
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
