import { afterAll, expect } from 'vitest';
import { takeAnswerMismatches } from '../src/lib/answer-serializer';

/*
 * One connection runs one statement at a time. node-postgres still queues a statement sent to a
 * connection that is busy (two reads of one transaction started together), but warns that its
 * next major version refuses it: such code works today and breaks on an upgrade. The warning is
 * given once per process, so it fails the file it first shows in.
 */
const BUSY_CONNECTION = 'already executing a query';

// Kept on the worker's global: this file runs again for each test file of the worker
// (isolate: false), while the listener is added once.
const state = globalThis as { busyConnectionWarnings?: string[] };
if (!state.busyConnectionWarnings) {
  const warnings: string[] = [];
  state.busyConnectionWarnings = warnings;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes(BUSY_CONNECTION)) {
      warnings.push(warning.stack ?? warning.message);
    }
  });
}
const seen = state.busyConnectionWarnings;

afterAll(() => {
  expect(seen.splice(0), 'statements sent to a connection that was busy').toEqual([]);
});

/*
 * Every answer a test reads is also parsed by its zod schema, and its compiled serializer's text
 * must equal zod's (lib/answer-serializer.ts, ANSWER_CHECKS): a call that differs answers 500,
 * and the file fails here even when its test did not look at that call's answer.
 */
afterAll(() => {
  expect(takeAnswerMismatches(), 'answers whose compiled text differs from zod').toEqual([]);
});
