import { ErrorCode, MSG } from '@movehub/shared';
import { AppError } from '../../errors';

/**
 * Bounds the uploads a process works on at once (issue 30): at most `concurrency` run, at most
 * `maxWaiting` wait for a turn and none waits longer than `waitMs`; past that the caller gets
 * 503 with Retry-After, so a burst of uploads costs a bounded amount of memory, disk and
 * storage traffic instead of all of it at once. The shape of HashQueue (lib/hash-queue.ts), with
 * a bounded wait: an upload holds its turn while its client sends, which can take seconds.
 */
export class UploadSlots {
  private running = 0;
  private readonly waiting: { start: () => void }[] = [];
  private peakRunning = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    readonly waitMs: number,
  ) {
    if (!(concurrency >= 1) || !(maxWaiting >= 0) || !(waitMs >= 0)) {
      throw new RangeError('upload slots need concurrency >= 1, maxWaiting >= 0, waitMs >= 0');
    }
  }

  /** Uploads running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** The most uploads that ran at once since the last reset (for tests). */
  get peak(): number {
    return this.peakRunning;
  }

  resetPeak(): void {
    this.peakRunning = this.running;
  }

  /** Runs task in its turn; throws AppError 503 with Retry-After when no turn comes soon. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw busy();
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          start: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(busy());
        }, this.waitMs);
        this.waiting.push(waiter);
      });
      // The slot was handed over by the finishing task (running was not decremented then).
    } else {
      this.running += 1;
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }
}

/** Not an overload of the machine that a retry at once would help; a few seconds will. */
const RETRY_AFTER_SECONDS = 5;

function busy(): AppError {
  return new AppError(
    ErrorCode.serviceUnavailable,
    MSG.serverBusy,
    {},
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );
}

/**
 * The process's upload slots: 4 at once (a 5 MB upload streams in a few 64 KB chunks, so memory
 * stays near a megabyte whatever the burst), 16 waiting, each at most 10 s.
 */
export const uploadSlots = new UploadSlots(4, 16, 10_000);
