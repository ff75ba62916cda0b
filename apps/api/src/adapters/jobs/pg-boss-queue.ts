import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import {
  JOB_NAME_PATTERN,
  type JobDefinition,
  type JobQueue,
  type SendJobOptions,
} from './job-queue';

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PgBossQueueOptions {
  connection: Database['connection'];
  /** Whether this process polls for jobs, sends the cron jobs and runs pg-boss's maintenance. */
  workers: boolean;
  log: Logger;
  /** Seconds between polls of an idle worker. */
  pollingIntervalSeconds?: number;
}

// Registered definitions carry a handler of unknown data; the queue hands each its own job's.
type AnyDefinition = JobDefinition<Record<string, unknown>>;
type Job = PgBoss.Job<Record<string, unknown>>;

/**
 * The schema version of pg-boss 10's tables (its version.json). A database whose `pgboss`
 * schema is newer was set up by a later pg-boss (12 uses 46), whose tables this one cannot
 * read: start-up stops and says so rather than failing on the first job.
 */
export const PGBOSS_SCHEMA_VERSION = 24;

/**
 * pg-boss's database interface on the one embedded PGlite instance (pg-boss 10 ships no PGlite
 * adapter; pg-boss 12's `fromPglite`, which needs Node 22, did the same). A call with
 * parameters is one statement (`query`); one without may be a multi-statement script (the
 * schema's installation, `BEGIN; … COMMIT;` maintenance blocks), which only `exec` runs, and
 * whose rows are flattened so that a RETURNING before the COMMIT is not lost. PGlite is a single
 * connection, where a pool would hand out a fresh one: a statement that fails inside such a
 * block would leave the transaction aborted for every later query, ours included, so it is
 * rolled back before the error is passed on.
 */
export function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values?.length) {
          const result = await client.query(text, values);
          return { rows: result.rows };
        }
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows ?? []) };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

/** The version of the `pgboss` schema in the database, or null when pg-boss never ran there. */
async function installedSchemaVersion(connection: Database['connection']): Promise<number | null> {
  const read = async (query: (text: string) => Promise<{ rows: unknown[] }>) => {
    const [table] = (await query(`select to_regclass('pgboss.version') is not null as present`))
      .rows as { present: boolean }[];
    if (!table?.present) return null;
    const [row] = (await query('select version from pgboss.version')).rows as {
      version: number | string;
    }[];
    return row ? Number(row.version) : null;
  };
  if (connection.kind === 'pglite') {
    return read((text) => connection.client.query(text));
  }
  const client = new pg.Client({ connectionString: connection.url });
  await client.connect();
  try {
    return await read((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/**
 * The job queue on pg-boss 10 (the newest that supports Node 20), in the application's database
 * (schema `pgboss`). On PostgreSQL it keeps a small pool of its own; on PGlite it runs on the
 * same embedded instance through pgliteDb above (docs/decisions/008 and 039). pg-boss fetches
 * with SKIP LOCKED, so two processes never take the same job, and its cron pass is guarded so
 * one job is queued per occurrence whatever the number of processes.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly schedules: { name: string; cron: string; data: object }[] = [];
  private starting: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: PgBossQueueOptions) {
    const { connection, workers } = options;
    const common: PgBoss.ConstructorOptions = {
      // The cron pass and the maintenance (expiring stuck jobs, pruning old ones) only where jobs
      // are worked; a sending-only process stays light.
      schedule: workers,
      supervise: workers,
    };
    this.boss =
      connection.kind === 'postgres'
        ? new PgBoss({
            ...common,
            connectionString: connection.url,
            max: 4,
            application_name: 'movehub-jobs',
          })
        : new PgBoss({ ...common, db: pgliteDb(connection.client) });
    this.boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(name: string, definition: JobDefinition<T>): void {
    if (!JOB_NAME_PATTERN.test(name)) throw new Error(`invalid job name: ${name}`);
    if (this.starting) throw new Error(`job ${name} defined after the queue started`);
    if (this.definitions.has(name)) throw new Error(`job ${name} defined twice`);
    this.definitions.set(name, definition as unknown as AnyDefinition);
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`job ${name} scheduled but not defined`);
    if (!this.starting) {
      this.schedules.push({ name, cron, data });
      return;
    }
    await this.start();
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async send(name: string, data: object = {}, options: SendJobOptions = {}) {
    if (!this.definitions.has(name)) throw new Error(`job ${name} sent but not defined`);
    await this.start();
    return this.boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const installed = await installedSchemaVersion(this.options.connection);
    if (installed !== null && installed > PGBOSS_SCHEMA_VERSION) {
      throw new Error(
        `The job queue's tables (schema pgboss, version ${installed}) were made by a newer ` +
          `pg-boss than this one (version ${PGBOSS_SCHEMA_VERSION}). Drop them to let it make ` +
          'its own: DROP SCHEMA pgboss CASCADE (queued jobs are lost; schedules are registered ' +
          'again at start). docs/decisions/039',
      );
    }
    await this.boss.start();
    for (const [name, definition] of this.definitions) {
      // Idempotent: a restart, or a second process, finds the queue already there. pg-boss 10
      // has no 'exclusive' policy (one job per key queued or active); 'stately' is the nearest:
      // one queued and one active per key, so a twin sent while one waits is refused.
      await this.boss.createQueue(name, {
        name,
        policy: definition.exclusive ? 'stately' : 'standard',
        retryLimit: definition.retryLimit ?? 2,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      });
    }
    for (const { name, cron, data } of this.schedules) {
      await this.boss.schedule(name, cron, data, { tz: 'UTC' });
    }
    if (!this.options.workers) return;
    for (const [name, definition] of this.definitions) {
      // pg-boss 10 works one job at a time per worker: a name's concurrency is that many workers,
      // each polling on its own.
      for (let n = 0; n < (definition.concurrency ?? 1); n++) {
        await this.boss.work<Record<string, unknown>>(
          name,
          {
            batchSize: 1,
            pollingIntervalSeconds:
              definition.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2,
          },
          async ([job]) => {
            // A throw fails the job and pg-boss retries it; log it here with its name and id.
            if (job) await this.run(name, definition, job);
          },
        );
      }
    }
  }

  private async run(name: string, definition: AnyDefinition, job: Job) {
    try {
      await definition.handler(job.data ?? {}, { id: job.id, name });
    } catch (err) {
      this.options.log.error({ err, job: { name, id: job.id } }, 'job failed');
      throw err;
    }
  }

  async runDue(only?: string): Promise<number> {
    await this.start();
    let ran = 0;
    for (const [name, definition] of this.definitions) {
      if (only && name !== only) continue;
      for (;;) {
        const jobs = await this.boss.fetch<Record<string, unknown>>(name, { batchSize: 10 });
        if (jobs.length === 0) break;
        for (const job of jobs) {
          ran += 1;
          try {
            await this.run(name, definition, job);
            await this.boss.complete(name, job.id);
          } catch (err) {
            await this.boss.fail(name, job.id, { message: String(err) });
          }
        }
      }
    }
    return ran;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    // A start that failed has nothing to stop.
    const started = await this.starting.then(
      () => true,
      () => false,
    );
    if (started) await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
