import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { AddressType, UserType } from '@movehub/shared';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../src/db/client';
import { requestAddresses, requests, users } from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { hashPassword } from '../src/lib/password';
import { randomCode } from '../src/lib/tokens';
import { createServerDatabase } from './server-process';

/**
 * Every test app's base settings. The demo companies' change proposals stay off unless a test
 * asks for them: a proposal holds a demo move day, which the move-day tests play out. Fixtures
 * create many requests per customer, so the hourly ceiling on new requests is lifted;
 * business-limits.test.ts builds its app with the production ceiling.
 */
const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO_SIMULATOR_CHANGES: 'false',
  REQUEST_CREATIONS_PER_HOUR: '10000',
};

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The file's own PostgreSQL database; undefined on PGlite. */
  databaseUrl?: string | undefined;
  close(): Promise<void>;
}

/**
 * Builds the real app on a real database for one test file. Without TEST_DATABASE_URL it is an
 * in-memory PGlite; with it (or DATABASE_URL: CI points it at the PostgreSQL server) each file gets a database of
 * its own, created here and dropped on close, so files can run in parallel.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** Sees every route as it is registered, before the app's own hooks change it. */
  onRoute?: (route: RouteOptions) => void,
): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({ ...TEST_ENV, ...env });
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await database.migrate();
  await seed({ db: database.db, demo: config.seedDemo });
  const app = await buildApp({ config, database, onRoute });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * Another API process on the same database as ctx: on PostgreSQL a second app with a pool of its
 * own, on PGlite a second app on the same embedded instance (which one process owns). Close it
 * before ctx.
 */
export async function buildPeerApp(
  ctx: TestContext,
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** On PostgreSQL: reach the database by another URL (a proxy in front of it), with its pool's timeouts. */
  reach: Pick<OpenDatabaseOptions, 'databaseUrl' | 'connectTimeoutMs' | 'statementTimeoutMs'> = {},
): Promise<TestContext> {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const database = ctx.databaseUrl
    ? await openDatabase({
        poolSize: 4,
        ...reach,
        databaseUrl: reach.databaseUrl ?? ctx.databaseUrl,
      })
    : ctx.database;
  const app = await buildApp({ config, database });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    databaseUrl: ctx.databaseUrl,
    close: async () => {
      await app.close();
      if (database !== ctx.database) await database.close();
    },
  };
}

export const TEST_PASSWORD = 'Test@1234';
let testHash: Promise<string> | undefined;

/** A customer (or other user type) with TEST_PASSWORD; the hash is computed once per file. */
export async function createUser(
  database: Pick<Database, 'db'>,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  testHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await database.db
    .insert(users)
    .values({
      userType: UserType.customer,
      email: `customer-${randomUUID()}@example.com`,
      passwordHash: await testHash,
      firstName: 'Casey',
      lastName: 'Tester',
      roomId: randomUUID(),
      inviteFriendCode: randomCode(8),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('createUser inserted nothing');
  return row;
}

/** The columns of a request's state: only the calls move them (test/lifecycle.ts). */
const STATUS_COLUMNS = ['timelineStatus', 'requestStatus', 'additionalStatus'] as const;

/**
 * A request of a customer with two addresses (pick-up and drop-off), at its first status: as the
 * wizard or a company's link leaves it. A later status is reached through the calls, so a status
 * given here is refused.
 */
export async function createRequest(
  database: Database,
  overrides: Omit<Partial<typeof requests.$inferInsert>, (typeof STATUS_COLUMNS)[number]> & {
    customerId: number;
  },
): Promise<typeof requests.$inferSelect> {
  const written = STATUS_COLUMNS.filter((column) => column in overrides);
  if (written.length > 0) {
    throw new Error(`createRequest writes no status (${written.join(', ')}): use the calls`);
  }
  const [row] = await database.db
    .insert(requests)
    .values({
      moveDate: '2026-12-15',
      windowFrom: '08:00',
      windowTo: '09:00',
      movers: 2,
      customerBudgetCents: 45_000,
      publicAccessLink: randomCode(16),
      pickUpZip: '90012',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('createRequest inserted nothing');
  await database.db.insert(requestAddresses).values([
    {
      requestId: row.id,
      position: 0,
      addressType: 1,
      completeAddress: '100 S Main St, Los Angeles, CA 90012, USA',
      zipCode: '90012',
    },
    {
      requestId: row.id,
      position: 1,
      addressType: 2,
      completeAddress: '200 Ocean Ave, Santa Monica, CA 90402, USA',
      zipCode: '90402',
      apartmentNumber: '4B',
      isStorage: true,
    },
  ]);
  return row;
}

/**
 * Moves a request's pick-up address to `zip`, as the request's commands would (the address and
 * requests.pick_up_zip, which the companies' feed reads).
 */
export async function pickUpIn(database: Database, requestId: number, zip: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx
      .update(requestAddresses)
      .set({ zipCode: zip })
      .where(
        and(
          eq(requestAddresses.requestId, requestId),
          eq(requestAddresses.addressType, AddressType.pickUp),
        ),
      );
    await tx.update(requests).set({ pickUpZip: zip }).where(eq(requests.id, requestId));
  });
}

/** Logs a user in through the real call and returns the token. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  userType = 1,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/app_api/login',
    payload: { email, password, user_type: userType },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { data: { auth_token: string } }).data.auth_token;
}
