import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Serialises transactions on one name (an email, a phone) until the caller's transaction ends,
 * also across processes: what no unique index can guard (a count of rows, a phone that must be
 * unused) is checked and written under it. Call it inside a transaction.
 */
export async function lockName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** True when err (or the error it wraps) is a unique violation, of the given index if named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 3; depth++) {
    const pgError = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pgError.code === '23505') return !constraint || pgError.constraint === constraint;
    e = pgError.cause;
  }
  return false;
}

/**
 * True when err (or the error it wraps) is a serialisation failure or a deadlock: the database
 * rolled the transaction back and the same work, run again, may well succeed.
 */
export function isRetryableConflict(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40001' || code === '40P01') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
