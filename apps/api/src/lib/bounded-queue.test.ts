import { describe, expect, it } from 'vitest';
import { ErrorCode, MSG } from '@movehub/shared';
import { AppError } from '../errors';
import { BoundedQueue } from './bounded-queue';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { task: () => done, open };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks at once and starts the waiting ones in order', async () => {
    const queue = new BoundedQueue(2, 5);
    const gates = [gate(), gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        order.push(i);
        await g.task();
      }),
    );
    await Promise.resolve();
    expect(queue.load).toEqual({ running: 2, waiting: 2 });
    expect(order).toEqual([0, 1]);
    gates[1]!.open();
    await runs[1];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    for (const g of gates) g.open();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After once the waiting room is full, without queueing', async () => {
    const queue = new BoundedQueue(1, 1);
    const g = gate();
    const running = queue.run(g.task);
    const waiting = queue.run(async () => 'second');
    const refused = await queue.run(async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error.code).toBe(ErrorCode.serviceUnavailable);
    expect(error.message).toBe(MSG.serverBusy);
    expect(Number(error.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    g.open();
    await running;
    expect(await waiting).toBe('second');
  });

  it('frees its slot when a task fails', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('gives up a wait longer than maxWaitMs with the fixed Retry-After, and runs the next caller', async () => {
    const queue = new BoundedQueue(1, 2, { maxWaitMs: 30, retryAfterSeconds: 5 });
    const g = gate();
    const running = queue.run(g.task);
    const late = await queue.run(async () => 'late').catch((err: unknown) => err);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).headers['retry-after']).toBe('5');
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    const next = queue.run(async () => 'next');
    g.open();
    await running;
    expect(await next).toBe('next');
  });
});
