import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client';
import { domainEvents } from '../../db/schema';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { EVENTS_CHANNEL, storedEvent, type StoredEvent } from './events';

/*
 * The one dispatcher of the outbox (docs/decisions/033). The process that committed a command
 * hands its events over at once (`dispatch`, awaited before the call answers, so its caller reads
 * its own notifications). Behind it: every worker process hears the commit's NOTIFY and, when an
 * event is still waiting a moment later (its process died in between), queues a pg-boss job keyed
 * by the event's id; a sweep every minute and one at start queue whatever else waits. However many
 * processes and jobs reach one event, it is handed over once: the claim is a row lock taken with
 * SKIP LOCKED, and the subscribers' writes commit with the mark that says it is done.
 */

export interface Subscriber {
  readonly name: string;
  /**
   * Runs in the dispatch's transaction: its writes commit with the event's mark, or not at all
   * (the event is tried again later). Throw to refuse.
   */
  handle?(tx: Transaction, event: StoredEvent): Promise<void>;
  /** After the dispatch committed: work that lives elsewhere (a job queue). Never throws. */
  afterCommit?(events: readonly StoredEvent[]): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The job that dispatches one event its process left behind (singleton per event id). */
export const DISPATCH_JOB = 'events.dispatch';
/** The recurring sweep that queues those jobs. */
export const SWEEP_JOB = 'events.sweep';
/** The daily clean-up of dispatched events: the outbox is a queue, not an archive. */
export const PRUNE_JOB = 'events.prune';
const PRUNE_CRON = '17 3 * * *';
/** Dispatched events are kept this long (an operator's look at what happened lately). */
const KEEP_DISPATCHED_DAYS = 7;
/** An event waits this long for the process that wrote it before another one takes it. */
const GRACE_MS = 2_000;
/** A failing event is tried this many times, waiting longer each time, then left logged. */
export const MAX_ATTEMPTS = 8;
const BATCH = 100;

export class EventDispatcher {
  private readonly subscribers: Subscriber[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: {
      db: Db;
      database: Pick<Database, 'listen'>;
      jobs: JobQueue;
      log: Logger;
      /** Whether this process works jobs: only such a process listens and sweeps. */
      workers: boolean;
    },
  ) {
    deps.jobs.define<{ eventId: number }>(DISPATCH_JOB, {
      exclusive: true,
      handler: async ({ eventId }) => {
        await this.dispatch([eventId]);
      },
    });
    deps.jobs.define(SWEEP_JOB, {
      exclusive: true,
      handler: async () => {
        await this.sweep();
      },
    });
    deps.jobs.define(PRUNE_JOB, {
      exclusive: true,
      handler: async () => {
        await this.prune();
      },
    });
  }

  subscribe(subscriber: Subscriber): void {
    if (this.subscribers.some((s) => s.name === subscriber.name)) {
      throw new Error(`subscriber ${subscriber.name} is already registered`);
    }
    this.subscribers.push(subscriber);
  }

  /** Listens for commits and sweeps now and every minute (worker processes only). */
  async start(): Promise<void> {
    if (!this.deps.workers) return;
    this.stopListening = await this.deps.database.listen(EVENTS_CHANNEL, () => this.wakeSoon());
    await this.deps.jobs.schedule(SWEEP_JOB, '* * * * *');
    await this.deps.jobs.schedule(PRUNE_JOB, PRUNE_CRON);
    await this.sweep();
  }

  async stop(): Promise<void> {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    await this.stopListening?.();
    this.stopListening = null;
    await this.idle();
  }

  /** Resolves once every dispatch this process started has settled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Hands these events to the subscribers, once: those another dispatch holds or finished are
   * skipped. A failure is logged and the event left for a later try; it never reaches the caller,
   * whose change has committed.
   */
  async dispatch(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const run = this.dispatchBatch(ids, false).catch(async () => {
      // One subscriber that fails must hold back neither the other events nor the other
      // subscribers: each event alone, each subscriber in its own savepoint.
      for (const id of ids) {
        await this.dispatchBatch([id], true).catch((e: unknown) => this.failed([id], e));
      }
    });
    this.inFlight.add(run);
    try {
      await run;
    } finally {
      this.inFlight.delete(run);
    }
  }

  /**
   * Claims the events and runs their subscribers in one transaction. All at once (`isolate`
   * false: any failure rolls everything back, for the caller to try each alone), or each
   * subscriber in a savepoint: what succeeded commits with the event, and the event waits for
   * those that failed, named in retry_subscribers, to be tried again alone.
   */
  private async dispatchBatch(ids: readonly number[], isolate: boolean): Promise<void> {
    const ran = new Map<string, StoredEvent[]>();
    await this.deps.db.transaction(async (tx) => {
      // Claimed and marked done in one statement: the mark commits with the subscribers' writes,
      // or is rolled back with them (the event is then tried again).
      const claimed = await tx
        .update(domainEvents)
        .set({
          dispatchedAt: sql`now()`,
          attempts: sql`${domainEvents.attempts} + 1`,
          lastError: null,
        })
        .where(
          inArray(
            domainEvents.id,
            tx
              .select({ id: domainEvents.id })
              .from(domainEvents)
              .where(
                and(
                  inArray(domainEvents.id, [...ids]),
                  isNull(domainEvents.dispatchedAt),
                  or(
                    isNull(domainEvents.nextAttemptAt),
                    lt(domainEvents.nextAttemptAt, sql`now()`),
                  ),
                ),
              )
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        const event = storedEvent(row);
        const due = this.subscribers.filter(
          (s) => !row.retrySubscribers || row.retrySubscribers.includes(s.name),
        );
        const failures: { name: string; err: unknown }[] = [];
        for (const subscriber of due) {
          if (!isolate) {
            await subscriber.handle?.(tx, event);
          } else if (subscriber.handle) {
            try {
              await tx.transaction((savepoint) => subscriber.handle!(savepoint, event));
            } catch (err) {
              failures.push({ name: subscriber.name, err });
              continue;
            }
          }
          ran.set(subscriber.name, [...(ran.get(subscriber.name) ?? []), event]);
        }
        if (failures.length > 0) await this.retryLater(tx, row.id, row.attempts, failures);
      }
    });
    for (const subscriber of this.subscribers) {
      const events = ran.get(subscriber.name);
      if (!subscriber.afterCommit || !events) continue;
      try {
        await subscriber.afterCommit(events);
      } catch (err) {
        this.deps.log.warn(
          { err, subscriber: subscriber.name },
          'event subscriber after commit failed',
        );
      }
    }
  }

  /** An event some of whose subscribers failed: they are tried again later, alone. */
  private async retryLater(
    tx: Transaction,
    eventId: number,
    attempts: number,
    failures: readonly { name: string; err: unknown }[],
  ): Promise<void> {
    const message = failures
      .map(({ name, err }) => `${name}: ${err instanceof Error ? err.message : String(err)}`)
      .join('; ');
    const givenUp = attempts >= MAX_ATTEMPTS;
    await tx
      .update(domainEvents)
      .set({
        retrySubscribers: failures.map((f) => f.name),
        lastError: message.slice(0, 1000),
        nextAttemptAt: backOff(attempts),
        dispatchedAt: givenUp ? sql`now()` : null,
      })
      .where(eq(domainEvents.id, eventId));
    for (const { name, err } of failures) {
      (givenUp ? this.deps.log.error : this.deps.log.warn).call(
        this.deps.log,
        { err, eventId, subscriber: name, attempts },
        'event subscriber failed',
      );
    }
  }

  /** Counts a failed try; past MAX_ATTEMPTS the event is marked and logged for an operator. */
  private async failed(ids: readonly number[], err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    try {
      const rows = await this.deps.db
        .update(domainEvents)
        .set({
          attempts: sql`${domainEvents.attempts} + 1`,
          lastError: message.slice(0, 1000),
          nextAttemptAt: backOff(sql`${domainEvents.attempts} + 1`),
          dispatchedAt: sql`case when ${domainEvents.attempts} + 1 >= ${MAX_ATTEMPTS} then now() end`,
        })
        .where(and(inArray(domainEvents.id, [...ids]), isNull(domainEvents.dispatchedAt)))
        .returning({ id: domainEvents.id, attempts: domainEvents.attempts });
      for (const row of rows) {
        const log = row.attempts >= MAX_ATTEMPTS ? this.deps.log.error : this.deps.log.warn;
        log.call(
          this.deps.log,
          { err, eventId: row.id, attempts: row.attempts },
          'event not dispatched',
        );
      }
    } catch (markErr) {
      this.deps.log.error({ err, markErr, eventIds: ids }, 'event not dispatched');
    }
  }

  /** A commit somewhere: a moment later, queue what its process has not handed over. */
  private wakeSoon(): void {
    if (this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      void this.sweep(GRACE_MS).catch((err: unknown) =>
        this.deps.log.warn({ err }, 'event sweep failed'),
      );
    }, GRACE_MS);
    this.wakeTimer.unref();
  }

  /** Deletes dispatched events older than KEEP_DISPATCHED_DAYS, in batches; answers how many. */
  async prune(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.deps.db.execute(sql`
        delete from domain_events where id in (
          select id from domain_events
          where dispatched_at < now() - ${`${KEEP_DISPATCHED_DAYS} days`}::interval
          limit 1000)
        returning id`);
      const n = (rows as unknown as { rows: unknown[] }).rows.length;
      deleted += n;
      if (n < 1000) return deleted;
    }
  }

  /** Queues a dispatch job, keyed by the event's id, for every event still waiting. */
  async sweep(olderThanMs = GRACE_MS): Promise<number> {
    const waiting = await this.deps.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          isNull(domainEvents.dispatchedAt),
          lt(domainEvents.createdAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`),
          or(isNull(domainEvents.nextAttemptAt), lt(domainEvents.nextAttemptAt, sql`now()`)),
        ),
      )
      .orderBy(asc(domainEvents.id))
      .limit(BATCH);
    for (const { id } of waiting) {
      await this.deps.jobs.send(DISPATCH_JOB, { eventId: id }, { singletonKey: `event-${id}` });
    }
    return waiting.length;
  }
}

/** When a failed event is tried again: 2 s, 4 s, 8 s … a minute at most between tries. */
function backOff(attempts: number | SQL): SQL {
  return sql`now() + least(interval '60 seconds', interval '1 second' * power(2, ${attempts}))`;
}

/** Events of one request, oldest first (tests and the operator read them). */
export function eventsOf(db: Db, requestId: number) {
  return db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.requestId, requestId))
    .orderBy(asc(domainEvents.id));
}
