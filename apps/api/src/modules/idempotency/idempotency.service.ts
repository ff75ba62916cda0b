import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HOURS, MSG } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { lockName } from '../../db/locks';
import { idempotencyKeys } from '../../db/schema';
import { minutesAgo } from '../../db/time';
import { AppError } from '../../errors';
import { fingerprint } from '../../lib/fingerprint';

/**
 * Runs `run` once per (scope, key): a repeat within IDEMPOTENCY_HOURS gets the first answer
 * without running again. Call it inside the transaction of the work: the key is claimed under a
 * lock on its name, so concurrent repeats wait for the first and then read its answer, and a
 * failed first attempt leaves no claim (it rolls back with the work). The same key with another
 * body is refused (422), so a key cannot fetch someone else's answer. Without a key, `run` runs.
 */
export async function oncePerKey<T>(opts: {
  tx: Tx;
  scope: string;
  key: string | undefined;
  body: unknown;
  run: () => Promise<T>;
}): Promise<T> {
  const { tx, scope, key } = opts;
  if (!key) return opts.run();
  const print = fingerprint(opts.body);
  await lockName(tx, `idempotency:${scope}:${key}`);
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const [seen] = await tx
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      response: idempotencyKeys.response,
      live: sql<boolean>`${idempotencyKeys.createdAt} > ${minutesAgo(IDEMPOTENCY_HOURS * 60)}`,
    })
    .from(idempotencyKeys)
    .where(where)
    .limit(1);
  if (seen) {
    if (seen.live) {
      // The IETF Idempotency-Key draft answers a reused key with another payload with 422.
      if (seen.fingerprint !== print) throw AppError.unprocessable(MSG.idempotencyKeyReused);
      return seen.response as T;
    }
    await tx.delete(idempotencyKeys).where(where);
  }
  const result = await opts.run();
  await tx
    .insert(idempotencyKeys)
    .values({ scope, key, fingerprint: print, response: result as object });
  // Keys older than the window answer nothing any more; dropping a few here keeps the table small
  // without a scheduled job.
  await tx
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, minutesAgo(IDEMPOTENCY_HOURS * 60)));
  return result;
}
