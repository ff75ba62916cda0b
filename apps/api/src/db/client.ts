import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: services accept either so that callers can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the job queue reaches the same database: the server's URL (pg-boss keeps a pool of its
   * own), or the one embedded PGlite instance (pg-boss runs on it through its PGlite adapter).
   */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  migrate(): Promise<void>;
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Next to this file in the source tree; next to the bundle in dist (build.mjs copies it there).
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** A postgres:// URL: a pg pool. Without it: PGlite. */
  databaseUrl?: string | undefined;
  /**
   * Told when the server drops an idle pooled connection (a restart, a failover, an admin's
   * terminate). The pool discards that connection and the next query opens a fresh one.
   */
  onIdleError?: (error: Error) => void;
  /** PGlite's folder; undefined keeps the embedded database in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    // Without a listener pg-pool's 'error' event is thrown, and one lost idle connection would
    // take the whole process down.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.databaseUrl },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(path.resolve(options.pgliteDir)) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
