import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_JOB, SWEEP_JOB } from '../src/platform/events/dispatcher';
import { RECONCILE_JOB } from '../src/domain/request/reconciliation';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DELIVER_JOB } from '../src/modules/customer-messages/customer-messages.service';
import { UPLOAD_CLEANUP_CRON, UPLOAD_CLEANUP_JOB } from '../src/modules/uploads/uploads.service';
import { buildPeerApp, buildTestApp, type TestContext } from './helper';

/** A job that records each run, defined on an app before it is ready (as modules do). */
function recorder(name: string, instance = 'a') {
  const runs: { instance: string; data: Record<string, unknown>; id: string }[] = [];
  const define = (app: FastifyInstance, as = instance, delayMs = 0) =>
    app.jobs.define<Record<string, unknown>>(name, {
      exclusive: name.endsWith('.exclusive'),
      handler: async (data, job) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        runs.push({ instance: as, data, id: job.id });
      },
    });
  return { runs, define };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the job queue (on the suite’s database)', () => {
  const count = recorder('test.count');
  const exclusive = recorder('test.exclusive');
  const failing = { calls: 0 };
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SEED_DEMO: 'false' }, (app) => {
      count.define(app);
      exclusive.define(app);
      app.jobs.define('test.failing', {
        retryLimit: 1,
        handler: async () => {
          failing.calls += 1;
          throw new Error('the outside service is down');
        },
      });
    });
  });
  afterAll(() => ctx.close());

  it('runs a sent job once, with its data, when the test asks for due jobs', async () => {
    const id = await ctx.app.jobs.send('test.count', { customer: 7 });
    expect(id).toEqual(expect.any(String));
    expect(await ctx.app.jobs.runDue('test.count')).toBe(1);
    expect(count.runs).toEqual([{ instance: 'a', data: { customer: 7 }, id }]);
    expect(await ctx.app.jobs.runDue('test.count')).toBe(0);
    expect(count.runs).toHaveLength(1);
  });

  it('holds a job sent with a later start until it is due', async () => {
    const before = count.runs.length;
    await ctx.app.jobs.send(
      'test.count',
      { later: true },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    expect(await ctx.app.jobs.runDue('test.count')).toBe(0);
    expect(count.runs).toHaveLength(before);
  });

  it('keeps one job of an exclusive name and key queued, not two', async () => {
    const first = await ctx.app.jobs.send('test.exclusive', {}, { singletonKey: 'request-1' });
    const twin = await ctx.app.jobs.send('test.exclusive', {}, { singletonKey: 'request-1' });
    const other = await ctx.app.jobs.send('test.exclusive', {}, { singletonKey: 'request-2' });
    expect(first).toEqual(expect.any(String));
    expect(twin).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(await ctx.app.jobs.runDue('test.exclusive')).toBe(2);
  });

  it('keeps a failed job for a later retry instead of losing it', async () => {
    await ctx.app.jobs.send('test.failing');
    expect(await ctx.app.jobs.runDue('test.failing')).toBe(1);
    expect(failing.calls).toBe(1);
    const rows = await ctx.database.db.execute(
      sql`select state from pgboss.job where name = 'test.failing'`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ state: 'retry' }]);
  });

  it('keeps a job through a restart: sent by one process, worked by the next', async () => {
    const name = 'test.restart';
    const runs: unknown[] = [];
    const define = (app: FastifyInstance) =>
      app.jobs.define<{ n: number }>(name, { handler: async (data) => void runs.push(data) });
    const first = await buildPeerApp(ctx, { SEED_DEMO: 'false' }, define);
    await first.app.jobs.send(name, { n: 1 });
    await first.close();
    const second = await buildPeerApp(ctx, { SEED_DEMO: 'false' }, define);
    try {
      expect(await second.app.jobs.runDue(name)).toBe(1);
      expect(runs).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a job that no module defined', async () => {
    await expect(ctx.app.jobs.send('test.unknown')).rejects.toThrow(/not defined/);
  });
});

/** The app on a fresh in-memory PGlite, with pg-boss's polling workers on (not yet ready). */
async function embeddedAppWithWorkers() {
  const database = await openDatabase({});
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JOB_WORKERS: 'true',
  });
  return { app: await buildApp({ config, database }), database };
}

// The embedded mode's proof, whatever database the rest of the suite uses: pg-boss itself, with
// its polling workers and its cron registration, on an in-memory PGlite.
describe('pg-boss on the embedded PGlite', () => {
  it('works sent jobs with real workers and stores the upload clean-up’s schedule', async () => {
    const { app, database } = await embeddedAppWithWorkers();
    const jobs = recorder('test.worked');
    jobs.define(app);
    await app.ready();
    try {
      await app.jobs.send('test.worked', { n: 1 });
      await app.jobs.send('test.worked', { n: 2 });
      await until(() => jobs.runs.length === 2);
      expect(jobs.runs.map((r) => r.data.n).sort()).toEqual([1, 2]);
      const schedules = await database.db.execute(
        sql`select name, cron from pgboss.schedule order by name`,
      );
      expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([
        // The sweep of customer messages a crash left pending (decision 017).
        { name: DELIVER_JOB, cron: '* * * * *' },
        // The outbox's clean-up and its sweep of events a process left behind (decision 033).
        { name: PRUNE_JOB, cron: '17 3 * * *' },
        { name: SWEEP_JOB, cron: '* * * * *' },
        // The reconciliation of the ledger with the provider (decision 033).
        { name: RECONCILE_JOB, cron: '*/2 * * * *' },
        { name: UPLOAD_CLEANUP_JOB, cron: UPLOAD_CLEANUP_CRON },
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('workers side by side', () => {
  it('works as many jobs of a name at once as its concurrency, each key on its own', async () => {
    const { app, database } = await embeddedAppWithWorkers();
    let active = 0;
    let most = 0;
    let done = 0;
    app.jobs.define('test.side-by-side', {
      exclusive: true,
      concurrency: 3,
      pollingIntervalSeconds: 0.5,
      handler: async () => {
        active += 1;
        most = Math.max(most, active);
        // Each job waits for the other two to be running (bounded): one worker would run them
        // one after the other and never see three at once.
        const end = Date.now() + 8_000;
        while (most < 3 && Date.now() < end) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        active -= 1;
        done += 1;
      },
    });
    await app.ready();
    try {
      for (const key of ['truck-1', 'truck-2', 'truck-3']) {
        await app.jobs.send('test.side-by-side', {}, { singletonKey: key });
      }
      await until(() => done === 3, 30_000);
      expect(most).toBe(3);
    } finally {
      await app.close();
      await database.close();
    }
  }, 40_000);
});

// Runs on PostgreSQL only (CI sets DATABASE_URL): DATABASE_URL=postgres://… npx vitest run --project api
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
describe.skipIf(!serverUrl)('two API processes on one PostgreSQL database', () => {
  const jobs = recorder('test.once');
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const env = { SEED_DEMO: 'false', JOB_WORKERS: 'true' };
    // The handler is slow, so that a job fetched twice would be seen twice.
    a = await buildTestApp(env, (app) => jobs.define(app, 'a', 200));
    b = await buildPeerApp(a, env, (app) => jobs.define(app, 'b', 200));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs each job once, whichever process sent it, with both polling', async () => {
    const ids: (string | null)[] = [];
    for (let n = 0; n < 10; n++) {
      ids.push(await (n % 2 ? a : b).app.jobs.send('test.once', { n }));
    }
    await until(() => jobs.runs.length >= 10);
    // Long enough for a second worker to pick a job up again if it could.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(jobs.runs).toHaveLength(10);
    expect(new Set(jobs.runs.map((r) => r.id))).toEqual(new Set(ids));
    expect(jobs.runs.map((r) => r.data.n).sort((x, y) => Number(x) - Number(y))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('keeps one schedule of the clean-up, however many processes register it', async () => {
    const rows = await a.database.db.execute(
      sql`select count(*)::int as n from pgboss.schedule where name = ${UPLOAD_CLEANUP_JOB}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
  });
});

describe('a database whose job tables a newer pg-boss made', () => {
  it('stops the start with what to do, rather than failing on the first job', async () => {
    const { app, database } = await embeddedAppWithWorkers();
    try {
      // pg-boss 12 left its tables at schema version 46; this pg-boss reads version 24.
      await database.db.execute(sql`create schema pgboss`);
      await database.db.execute(sql`create table pgboss.version (version int primary key)`);
      await database.db.execute(sql`insert into pgboss.version values (46)`);
      await expect(app.ready()).rejects.toThrow(/newer pg-boss.*DROP SCHEMA pgboss CASCADE/s);
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  });
});
