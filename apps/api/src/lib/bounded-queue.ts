import { ErrorCode, MSG } from '@movehub/shared';
import { AppError } from '../errors';

export interface BoundedQueueOptions {
  /** How long a caller may wait for its turn; unbounded when absent. */
  maxWaitMs?: number;
  /** A fixed Retry-After; by default, the time the queue needs to drain what waits now. */
  retryAfterSeconds?: number;
}

/**
 * Bounds a costly kind of work of the process (password hashes, uploads): at most `concurrency`
 * tasks run at once and at most `maxWaiting` wait for a turn, each no longer than `maxWaitMs`;
 * a caller past that gets 503 with Retry-After, so a flood costs a bounded amount of CPU and
 * memory instead of a pile of work that every caller, the real customer included, waits behind.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: { start: () => void }[] = [];
  private startedCount = 0;
  private peakRunning = 0;
  /** A moving average of one task's duration, for Retry-After. */
  private averageMs = 100;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly options: BoundedQueueOptions = {},
  ) {
    if (!(concurrency >= 1) || !(maxWaiting >= 0) || !((options.maxWaitMs ?? 0) >= 0)) {
      throw new RangeError(
        'a bounded queue needs concurrency >= 1, maxWaiting >= 0, maxWaitMs >= 0',
      );
    }
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Tasks started since the queue was made (what a caller cost, for tests). */
  get started(): number {
    return this.startedCount;
  }

  /** The most tasks that ran at once since the last reset (for tests). */
  get peak(): number {
    return this.peakRunning;
  }

  resetPeak(): void {
    this.peakRunning = this.running;
  }

  /** Runs task in its turn; throws AppError 503 (with Retry-After) when no turn comes. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw this.busy();
      // The slot is handed over by the finishing task (running is not decremented then).
      await new Promise<void>((resolve, reject) => {
        const { maxWaitMs } = this.options;
        // Bounds this caller's wait only: the task itself is never scheduled by a timer.
        const timer =
          maxWaitMs === undefined
            ? undefined
            : setTimeout(() => {
                const i = this.waiting.indexOf(waiter);
                if (i >= 0) this.waiting.splice(i, 1);
                reject(this.busy());
              }, maxWaitMs);
        const waiter = {
          start: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        this.waiting.push(waiter);
      });
    } else {
      this.running += 1;
    }
    this.startedCount += 1;
    this.peakRunning = Math.max(this.peakRunning, this.running);
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }

  /** Seconds until the queue has drained what waits now, unless a fixed value was given. */
  retryAfterSeconds(): number {
    if (this.options.retryAfterSeconds !== undefined) return this.options.retryAfterSeconds;
    const turns = (this.waiting.length + this.running) / this.concurrency;
    return Math.max(1, Math.ceil((turns * this.averageMs) / 1000));
  }

  private busy(): AppError {
    return new AppError(
      ErrorCode.serviceUnavailable,
      MSG.serverBusy,
      {},
      { 'retry-after': String(this.retryAfterSeconds()) },
    );
  }
}
