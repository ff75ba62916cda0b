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
import { prepareStatementsOf } from './statement-names';

export type Schema = typeof schema;
/** The one database type the services see: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of the database: what a function that must run inside one takes. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction, or the database itself: services accept either so that callers can compose them. */
export type Tx = Transaction | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the job queue reaches the same database: the server's URL (pg-boss keeps a pool of its
   * own), or the one embedded PGlite instance (pg-boss runs on it through our PGlite adapter).
   */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  migrate(): Promise<void>;
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  /**
   * Hears a NOTIFY channel: `pg_notify` sent inside a transaction arrives only once it commits,
   * and in every process listening. Returns the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
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
  /**
   * How long a call waits for a connection to the server before it fails (and is answered 503).
   * Bounded so that a database that is down answers promptly instead of holding every call.
   */
  connectTimeoutMs?: number;
  /** The longest one statement may run, on the server (statement_timeout) and on the wire. */
  statementTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;
/** The health check's bound, to connect and to answer: a load balancer is told promptly. */
const HEALTH_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 30_000;
/** The wire's own limit comes a little after the server's, which cancels the statement first. */
const QUERY_TIMEOUT_GRACE_MS = 5_000;

/**
 * A pool whose checked-out connections go back to it when they end. Drizzle's transaction
 * checks a connection out, sends BEGIN and only then enters the block that releases it: a
 * connection lost before BEGIN was answered (a cut network, a server restart) was never
 * released, each such loss took one of the pool's connections for good, and closing the pool
 * waited for it forever. A connection that ends while checked out is now released with an error,
 * which removes it from the pool; its holder's own release afterwards does nothing.
 */
class CheckoutGuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own (query() checks out and releases in one call).
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenEnded);
  }
}

function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error('The connection ended while it was checked out.'));
  };
  client.once('end', onEnd);
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  return client;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new CheckoutGuardedPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // A server that vanished without closing the connection (a cut network) never answers:
      // the query fails after this, and keep-alive probes find the dead connection meanwhile.
      query_timeout: (options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS) + QUERY_TIMEOUT_GRACE_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // No JIT compilation: it compiles a statement that the planner estimates expensive on every
      // run, which suits reports, not calls that answer in milliseconds (the partner feed's
      // generic plan ran in 178 ms with it, 2.5 ms without).
      options: '-c jit=off',
    });
    // Without a listener pg-pool's 'error' event is thrown, and one lost idle connection would
    // take the whole process down.
    pool.on('error', (error) => options.onIdleError?.(error));
    // The pool listens to a connection only while it is idle: one checked out for a transaction
    // has no listener, and its loss (a cut network, a server restart) between two statements
    // was an unhandled 'error' event that killed the process. Every connection keeps this one;
    // the transaction's next statement fails as 'unavailable' (503) and the pool discards the
    // connection when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onIdleError?.(error));
      prepareStatementsOf(client);
    });
    // The health check's own connection: it never queues behind the calls that hold the pool
    // (a slow database held all ten for 20 s, and /healthz with them), and it gives up quickly.
    const healthPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 1,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
      query_timeout: HEALTH_TIMEOUT_MS,
      keepAlive: true,
    });
    healthPool.on('error', (error) => options.onIdleError?.(error));
    healthPool.on('connect', (client) => {
      client.on('error', (error) => options.onIdleError?.(error));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.databaseUrl },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await healthPool.query('select 1');
      },
      listen: (channel, onPayload) =>
        listenOnServer({
          url: options.databaseUrl!,
          channel,
          onPayload,
          onError: options.onIdleError,
        }),
      close: async () => {
        await Promise.all([pool.end(), healthPool.end()]);
      },
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
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 10_000;
const LISTEN_CONNECT_TIMEOUT_MS = 5_000;
// A half-open connection (a server gone without a FIN) would never be noticed on its own.
const LISTEN_PROBE_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When the
 * server goes away the connection is opened again, with a growing delay, until it is stopped;
 * what was notified meanwhile is lost, which is why realtime clients refetch on reconnect.
 */
async function listenOnServer(opts: {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  onError?: ((error: Error) => void) | undefined;
}): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(opts.channel)) throw new Error(`bad channel ${opts.channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = LISTEN_RETRY_MIN_MS;
  const probe = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error: Error) => {
      opts.onError?.(error);
      void current.end().catch(() => undefined);
    });
  }, LISTEN_PROBE_MS);
  probe.unref();

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: opts.url,
      connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === opts.channel && message.payload) opts.onPayload(message.payload);
    });
    next.on('error', (error) => {
      opts.onError?.(error);
      void next.end().catch(() => undefined);
    });
    next.on('end', () => {
      if (client === next) client = null;
      scheduleRetry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${opts.channel}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      delay = LISTEN_RETRY_MIN_MS;
    } catch (error) {
      opts.onError?.(error as Error);
      await next.end().catch(() => undefined);
      scheduleRetry();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearInterval(probe);
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
