/**
 * Scheduled and deferred work (upload clean-up now; the simulator's steps, reminders and payouts
 * later). Jobs live in the database, so they survive a restart, and each job is worked by one
 * process however many run. Nothing that must happen rests on a timer in one process's memory.
 *
 * Modules define their jobs while the app is built; the queue starts when the app is ready.
 */
export interface JobQueue {
  /** What runs a job of this name. Define every name before the app is ready. */
  define<T extends object = Record<string, never>>(
    name: string,
    definition: JobDefinition<T>,
  ): void;
  /**
   * A recurring job: at each occurrence of the cron expression (UTC) one job of this name is
   * queued, by one process. Defined before ready it is registered at start; the schedule is
   * stored in the database, so a restart keeps it.
   */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /**
   * Queues one job. `startAfter` defers it; `singletonKey` on an exclusive job keeps at most one
   * job of that key waiting (a twin answers null), and one running (decision 039).
   */
  send(name: string, data?: object, options?: SendJobOptions): Promise<string | null>;
  /** Installs or migrates the queue's tables and, when this process works jobs, starts working. */
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish (bounded) and releases the connections. */
  stop(): Promise<void>;
  /**
   * Works, in this process and now, every job that is due, and resolves once they are settled:
   * how tests and tools run a job deterministically. Answers how many jobs ran.
   */
  runDue(name?: string): Promise<number>;
}

export interface JobDefinition<T extends object> {
  handler: (data: T, job: { id: string; name: string }) => Promise<void>;
  /**
   * At most one job of this name (per singletonKey) waiting and one running: a clean-up that
   * is already waiting needs no twin. One sent while another runs waits for it, so the handler
   * must bear a second run (decision 039: pg-boss 10's `stately` policy).
   */
  exclusive?: boolean;
  /** Attempts after the first failure; the queue waits between them. Default 2. */
  retryLimit?: number;
  /** How long a job may run before it counts as failed and is retried. Default 15 minutes. */
  expireInSeconds?: number;
  /**
   * Seconds between polls of an idle worker of this job (at least 0.5); the queue's default
   * otherwise. A worker takes one job per poll, so a job someone waits for polls more often.
   */
  pollingIntervalSeconds?: number;
  /**
   * Jobs of this name one process works side by side (default 1). A worker takes one job per
   * poll, so a name with many short jobs due at once (a point a second of each demo truck) needs
   * several, or its jobs fall behind their start times.
   */
  concurrency?: number;
}

export interface SendJobOptions {
  startAfter?: Date;
  singletonKey?: string;
}

/** Job names: letters, digits and . _ - (the queue's own rule). */
export const JOB_NAME_PATTERN = /^[a-z][a-z0-9._-]*$/;
