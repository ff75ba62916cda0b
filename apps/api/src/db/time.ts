import { sql, type SQL } from 'drizzle-orm';

/*
 * Time rules (code expiry, send limits, proofs) are computed by the database clock, so that
 * every process agrees on them and a test can move a row in time by updating its columns.
 */

function interval(minutes: number): SQL {
  if (!Number.isInteger(minutes) || minutes < 0) throw new Error(`bad interval: ${minutes}`);
  return sql.raw(`interval '${minutes} minutes'`);
}

export const minutesAgo = (minutes: number): SQL => sql`(now() - ${interval(minutes)})`;
export const minutesFromNow = (minutes: number): SQL => sql`(now() + ${interval(minutes)})`;
