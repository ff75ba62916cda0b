import { ErrorCode, MSG } from '@movehub/shared';
import { AppError } from '../errors';

/**
 * Bounds the password hashing of the process: at most `concurrency` hashes run at once and at
 * most `maxWaiting` wait for a turn; a caller past that gets 503 with Retry-After at once, so a
 * flood of logins or sign-ups costs a bounded amount of CPU and memory instead of a pile of
 * hashes that every caller, the real customer included, waits behind.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private startedCount = 0;
  /** A moving average of one hash's duration, for Retry-After. */
  private averageMs = 100;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!(concurrency >= 1) || !(maxWaiting >= 0)) {
      throw new RangeError('a hash queue needs concurrency >= 1 and maxWaiting >= 0');
    }
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Hashes started since the queue was made (what a caller cost in hashing, for tests). */
  get started(): number {
    return this.startedCount;
  }

  /** Runs task in its turn; throws AppError 503 (with Retry-After) when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new AppError(
          ErrorCode.serviceUnavailable,
          MSG.serverBusy,
          {},
          { 'retry-after': String(this.retryAfterSeconds()) },
        );
      }
      // The slot is handed over by the finishing task (running is not decremented then).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.startedCount += 1;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Seconds until the queue has drained what waits now: a full queue's worth of hashes. */
  retryAfterSeconds(): number {
    const turns = (this.waiting.length + this.running) / this.concurrency;
    return Math.max(1, Math.ceil((turns * this.averageMs) / 1000));
  }
}
