import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, SOCKET_PATH, TimelineStatus, type ChatMessage } from '@movehub/shared';
import { openDatabase, type Database } from '../src/db/client';
import {
  customerMessages,
  ledgerTransactions,
  payments,
  requestBids,
  requests,
} from '../src/db/schema';
import { seed } from '../src/db/seed/index';
import { account, balanceOf } from '../src/domain/money/ledger';
import {
  moveFacts,
  REMINDER_JOB,
  type ReminderJob,
} from '../src/modules/customer-messages/customer-messages.service';
import { lifecycleAt, type Party } from './lifecycle';
import { brokenInvariants, ledgerTotal } from './money-invariants';
import {
  createServerDatabase,
  killServerProcess,
  startServerProcess,
  stopServerProcess,
} from './server-process';
import type { TestSocket } from './socket-client';

/*
 * `kill -9` of the server in the middle of payments, bids and chat messages, then a restart on
 * the same database: every call answered 2xx before the kill is in the database, the ledger is
 * balanced with each request's escrow matching its status once the reconciliation has settled
 * the payments the kill caught (docs/decisions/033), a job queued before the kill for later runs
 * once after the restart, and a chat client that reconnects reads every stored message, those
 * sent while it was away included.
 *
 * The server is a real child process (as `npm start` runs it, through tsx), so that the kill is
 * a real one; the scene is set through its calls (test/lifecycle.ts). The provider's time limit
 * is one second, so that the reconciliation's wait for calls the dead process left in flight is
 * short. Runs on PostgreSQL (CI's npm test, a fresh database); skipped on PGlite, where the
 * embedded database lives in the killed process itself.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(!serverUrl)('kill -9 of the server under load, then a restart', () => {
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let env: Record<string, string>;
  let base = '';
  let child: ChildProcess | null = null;
  const sockets: TestSocket[] = [];
  const life = lifecycleAt(
    () => base,
    () => database.db,
  );

  /** The server on its fixed port (a restart must answer where the first one did). */
  async function start(): Promise<void> {
    const started = await startServerProcess(env);
    child = started.child;
    base = started.url;
  }

  async function killHard(): Promise<void> {
    if (child) await killServerProcess(child);
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
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'movehub-crash-')),
      // Tests default to no job workers; this process works the queue as production does.
      JOB_WORKERS: 'true',
      IP_RATE_LIMIT_PER_MINUTE: '100000',
      PAYMENT_PROVIDER_TIMEOUT_MS: '1000',
    };
    await start();
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    if (child) await stopServerProcess(child);
    await database?.close();
    await dropDatabase?.();
    if (env?.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  }, 30_000);

  const db = () => database.db;

  const post = (url: string, token: string | null, body: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-sh-auth': token } : {}) },
      body: JSON.stringify(body),
    });

  function socketOf(who: Party) {
    const socket: TestSocket = io(base, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: who.token },
      query: { room_id: who.user.roomId, type: String(who.user.userType) },
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
    });
    sockets.push(socket);
    return new Promise<TestSocket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('keeps every answered call, a balanced ledger, and its queued jobs', async () => {
    // The scene, through the server's calls: a company serving the pick-up zip, customers with
    // a saved card and a request awaiting payment of its accepted bid, requests open for bids, a
    // paid move to chat about.
    const company = await life.company({ rating: 4, completedMoves: 10 });
    const PAYERS = 5;
    const payers: { who: Party; request: { id: number } }[] = [];
    for (let i = 0; i < PAYERS; i++) {
      const who = await life.customer();
      const { id } = await life.requestAt({
        status: TimelineStatus.awaitingPayment,
        customer: who,
        company,
        amountCents: 20_000,
      });
      payers.push({ who, request: { id } });
    }
    const owner = await life.customer(null);
    const open: { id: number }[] = [];
    for (let i = 0; i < 8; i++) open.push({ id: await life.send(owner) });
    const chatter = await life.customer();
    const paidMove = await life.requestAt({
      status: TimelineStatus.paid,
      customer: chatter,
      company,
      amountCents: 30_000,
    });

    // A reminder planned for a few seconds from now: due while the server is down.
    const facts = await moveFacts(db(), paidMove.id, 'America/Los_Angeles');
    const reminder: ReminderJob = {
      requestId: paidMove.id,
      windowStart: facts!.start.toISOString(),
    };
    const boss = new PgBoss({
      connectionString: env.DATABASE_URL,
      schedule: false,
      supervise: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    const jobId = await boss.send(REMINDER_JOB, reminder, {
      startAfter: new Date(Date.now() + 3_000),
    });
    await boss.stop({ graceful: false });
    expect(jobId).toBeTruthy();

    // The load: every payer pays, the company bids on every open request, the customer chats.
    const answered = { payments: [] as number[], bids: [] as number[], messages: [] as number[] };
    const customerSocket = await socketOf(chatter);
    let killed = false;
    const chat = (async () => {
      for (let i = 0; !killed; i++) {
        const clientId = randomUUID();
        try {
          const ack = await customerSocket.timeout(5_000).emitWithAck('sendMessage', {
            client_id: clientId,
            sender_id: chatter.user.roomId,
            room_id: chatter.user.roomId,
            receiver_id: company.user.roomId,
            receive_type: ChatType.company,
            request_id: paidMove.id,
            message: `Message ${i}`,
          });
          if (ack.code === 200 && ack.data) answered.messages.push(ack.data.id);
        } catch {
          return;
        }
      }
    })();
    const calls = [
      ...payers.map(async ({ who, request }) => {
        const res = await post('/api/customer/make_payment', who.token, {
          request_id: request.id,
          price: 206.28,
        }).catch(() => null);
        if (res?.status === 200) answered.payments.push(request.id);
      }),
      ...open.map(async (request) => {
        const res = await post('/api/company/place_bid', company.token, {
          request_id: request.id,
          bid_amount: 400,
        }).catch(() => null);
        if (res?.status === 200) answered.bids.push(request.id);
      }),
    ];
    // Killed once some of each kind were answered, while the rest are in flight.
    await expect
      .poll(
        () =>
          answered.payments.length > 0 && answered.bids.length > 0 && answered.messages.length > 2,
        {
          timeout: 30_000,
          interval: 5,
        },
      )
      .toBe(true);
    await killHard();
    killed = true;
    await Promise.all([...calls, chat]);
    const killedAt = new Date();
    customerSocket.close();
    await start();

    // The payments the kill caught are settled by the reconciliation, with nobody's help.
    await expect
      .poll(
        async () => {
          const [left] = await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(payments)
            .where(eq(payments.status, 'pending'));
          return left?.n ?? -1;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(0);

    // No answered write is lost.
    for (const requestId of answered.payments) {
      const [row] = await db().select().from(requests).where(eq(requests.id, requestId));
      expect({ requestId, status: row?.timelineStatus }).toEqual({
        requestId,
        status: TimelineStatus.paid,
      });
    }
    const bids = await db()
      .select({ requestId: requestBids.requestId })
      .from(requestBids)
      .where(eq(requestBids.companyId, company.user.id));
    expect(bids.map((b) => b.requestId)).toEqual(expect.arrayContaining(answered.bids));

    // The ledger balances, and each request's escrow matches its status (paid or not at all).
    expect(await ledgerTotal(db())).toBe(0);
    for (const { request } of payers) {
      const [row] = await db().select().from(requests).where(eq(requests.id, request.id));
      const escrow = await balanceOf({ db: db(), account: account.escrow(request.id) });
      const holds = await db()
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.requestId, request.id), eq(payments.status, 'succeeded')));
      const txs = await db()
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.requestId, request.id),
            eq(ledgerTransactions.status, 'posted'),
          ),
        );
      const paid = row?.timelineStatus === TimelineStatus.paid;
      expect({ request: request.id, escrow, holds: holds.length, txs: txs.length }).toEqual({
        request: request.id,
        escrow: paid ? 20_000 : 0,
        holds: paid ? 1 : 0,
        txs: paid ? 1 : 0,
      });
      expect({ request: request.id, broken: await brokenInvariants(db(), request.id) }).toEqual({
        request: request.id,
        broken: [],
      });
    }

    // After the restart the company writes while the customer is still away; the customer then
    // reconnects and reads the conversation: every acknowledged message is there.
    const companySocket = await socketOf(company);
    const whileAway = await companySocket.timeout(5_000).emitWithAck('sendMessage', {
      client_id: randomUUID(),
      sender_id: company.user.roomId,
      room_id: company.user.roomId,
      receiver_id: chatter.user.roomId,
      receive_type: ChatType.company,
      request_id: paidMove.id,
      message: 'While you were away',
    });
    expect(whileAway.code).toBe(200);
    await socketOf(chatter);
    const list = await post('/app_api/get_messages', chatter.token, {
      socket_id: company.user.roomId,
      request_id: paidMove.id,
      type: ChatType.company,
    });
    const stored = ((await list.json()) as { getchatdata: ChatMessage[] }).getchatdata;
    expect(stored.map((m) => m.id)).toEqual(expect.arrayContaining(answered.messages));
    expect(stored.map((m) => m.message_text)).toContain('While you were away');

    // The reminder queued before the kill ran once, after the restart, and reminded once. (The
    // paid move's payment email planned its own reminder too, due the day before the move.)
    await expect
      .poll(
        async () => {
          const result = await database.db.execute(
            sql`select state from pgboss.job where name = ${REMINDER_JOB} and id = ${jobId}`,
          );
          return (result as unknown as { rows: { state: string }[] }).rows.map((r) => r.state);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual(['completed']);
    const job = (
      (await database.db.execute(
        sql`select retry_count, started_on from pgboss.job where name = ${REMINDER_JOB} and id = ${jobId}`,
      )) as unknown as { rows: { retry_count: number; started_on: Date }[] }
    ).rows[0]!;
    expect(job.retry_count).toBe(0);
    expect(new Date(job.started_on).getTime()).toBeGreaterThan(killedAt.getTime());
    const reminders = await db()
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(
        and(eq(customerMessages.requestId, paidMove.id), eq(customerMessages.event, 'reminder')),
      );
    expect(reminders).toHaveLength(1);
  }, 120_000);
});
