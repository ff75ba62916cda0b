import { fromPglite, PgBoss, type ConstructorOptions, type Job } from 'pg-boss';
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

/**
 * The job queue on pg-boss, in the application's database (schema `pgboss`). On PostgreSQL it
 * keeps a small pool of its own; on PGlite it runs on the same embedded instance through
 * pg-boss's PGlite adapter (docs/decisions/008). pg-boss fetches with SKIP LOCKED, so two
 * processes never take the same job, and its cron pass is guarded so one job is queued per
 * occurrence whatever the number of processes.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly schedules: { name: string; cron: string; data: object }[] = [];
  private starting: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: PgBossQueueOptions) {
    const { connection, workers } = options;
    const common: ConstructorOptions = {
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
        : new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' });
    this.boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
    this.boss.on('warning', (warning) => options.log.warn({ warning }, 'job queue warning'));
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
    await this.boss.start();
    for (const [name, definition] of this.definitions) {
      // Idempotent: a restart, or a second process, finds the queue already there.
      await this.boss.createQueue(name, {
        policy: definition.exclusive ? 'exclusive' : 'standard',
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
      await this.boss.work<Record<string, unknown>>(
        name,
        {
          batchSize: 1,
          localConcurrency: definition.concurrency ?? 1,
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

  private async run(name: string, definition: AnyDefinition, job: Job<Record<string, unknown>>) {
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
