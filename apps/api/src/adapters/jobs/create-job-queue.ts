import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from './job-queue';
import { PgBossJobQueue } from './pg-boss-queue';

/**
 * The one job queue: pg-boss on PostgreSQL, and the same pg-boss on the embedded PGlite (a test
 * proves it runs there, docs/decisions/008), so both modes share one implementation.
 */
export function createJobQueue(opts: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}): JobQueue {
  return new PgBossJobQueue({
    connection: opts.database.connection,
    workers: opts.config.jobWorkers,
    log: opts.log,
  });
}
