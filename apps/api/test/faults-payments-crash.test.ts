import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimelineStatus } from '@movehub/shared';
import { openDatabase, type Database } from '../src/db/client';
import { payments, requests, sandboxOperations } from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { lifecycleAt, type Party } from './lifecycle';
import { brokenInvariants } from './money-invariants';
import {
  createServerDatabase,
  killServerProcess,
  startServerProcess,
  stopServerProcess,
} from './server-process';

/*
 * kill -9 in the middle of a burst of payments, then a restart (issue 28): a charge the provider
 * made while its process died before recording it is found by the reconciliation job within
 * minutes, with no customer action, and posted (the request paid) or given back; nothing is left
 * pending, and what the provider holds for each request is what the ledger says.
 *
 * The server is a real child process (as `npm start` runs it) on a PostgreSQL database of its
 * own, working its job queue as production does; the provider's time limit is one second so that
 * the reconciliation's wait for calls a dead process left in flight is short. Skipped on PGlite,
 * where the embedded database would die with the process.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const PAYERS = 48;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(!serverUrl)('kill -9 during a burst of payments, then a restart', () => {
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let env: Record<string, string>;
  let base = '';
  let child: ChildProcess | null = null;
  const life = lifecycleAt(
    () => base,
    () => database.db,
  );

  async function start(): Promise<void> {
    const started = await startServerProcess(env);
    child = started.child;
    base = started.url;
  }

  beforeAll(async () => {
    const created = await createServerDatabase(serverUrl!);
    dropDatabase = created.drop;
    database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
    await database.migrate();
    await seed({ db: database.db, demo: false });
    env = {
      DATABASE_URL: created.url,
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'movehub-pay-crash-')),
      JOB_WORKERS: 'true',
      IP_RATE_LIMIT_PER_MINUTE: '1000000',
      PAYMENT_PROVIDER_TIMEOUT_MS: '1000',
    };
    await start();
  }, 90_000);

  afterAll(async () => {
    if (child) await stopServerProcess(child);
    await database?.close();
    await dropDatabase?.();
    if (env?.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  }, 30_000);

  it('heals every charge the provider made: posted or refunded, nothing pending', async () => {
    const company = await life.company();
    const payers: { who: Party; id: number }[] = [];
    for (let i = 0; i < PAYERS; i += 1) {
      const who = await life.customer();
      const { id } = await life.requestAt({
        status: TimelineStatus.awaitingPayment,
        customer: who,
        company,
        amountCents: 50_000,
        daysAhead: 10,
      });
      payers.push({ who, id });
    }

    // The burst: every customer pays at once; the server is killed as soon as a payment is in
    // flight (a pending payment or a charge made), whatever the machine's speed: a fixed delay
    // caught nothing when the burst started late on a busy machine.
    const answered = new Set<number>();
    const burst = payers.map(async ({ who, id }) => {
      const res = await life.pay(who, id).catch(() => null);
      if (res) answered.add(id);
    });
    const inFlight = async () => {
      const [row] = await database.db
        .select({
          n: sql<number>`(select count(*)::int from ${payments} where ${payments.status} = 'pending')
            + (select count(*)::int from ${sandboxOperations} where ${sandboxOperations.kind} = 'charge')`,
        })
        .from(sql`(select 1) as one`);
      return row?.n ?? 0;
    };
    await expect.poll(inFlight, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
    await killServerProcess(child!);
    await Promise.allSettled(burst);
    const charged = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxOperations)
      .where(eq(sandboxOperations.kind, 'charge'));
    const pendingAtKill = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.status, 'pending'));

    // A restart, and nobody does anything: the reconciliation heals what the kill left.
    await start();
    await expect
      .poll(
        async () => {
          const [left] = await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(payments)
            .where(eq(payments.status, 'pending'));
          return left?.n ?? -1;
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(0);

    for (const { id } of payers) {
      expect({ id, broken: await brokenInvariants(database.db, id) }).toEqual({ id, broken: [] });
      // Every charge the provider made is in the ledger: the request is paid, and its answer, if
      // the customer got one, said so.
      const [charges] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxOperations)
        .where(
          and(
            eq(sandboxOperations.reference, String(id)),
            eq(sandboxOperations.kind, 'charge'),
            eq(sandboxOperations.outcome, 'succeeded'),
          ),
        );
      const [row] = await database.db.select().from(requests).where(eq(requests.id, id));
      if ((charges?.n ?? 0) > 0)
        expect({ id, status: row?.timelineStatus }).toEqual({ id, status: 3 });
      if (answered.has(id)) expect(row?.timelineStatus).toBe(TimelineStatus.paid);
    }
    // The run is worth something only if the kill caught payments in flight.
    expect((charged[0]?.n ?? 0) + (pendingAtKill[0]?.n ?? 0)).toBeGreaterThan(0);
  }, 300_000);
});
