import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, TimelineStatus } from '@movehub/shared';
import { openDatabase, type Database } from '../src/db/client';
import { notify } from '../src/modules/notifications/notifications.service';
import { lifecycleAt, type Party } from './lifecycle';
import { createServerDatabase, startServerProcess, stopServerProcess } from './server-process';
import { connected, heardWithin, next, openSocket, type TestSocket } from './socket-client';

/*
 * Two API processes behind one Redis and one PostgreSQL behave as one (several
 * processes): real `node` processes on two ports, a customer connected to one and a company to
 * the other. Runs where both servers are at hand (CI: DATABASE_URL and TEST_REDIS_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!serverUrl || !redisUrl)('two API processes sharing Redis and PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const sockets: TestSocket[] = [];
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let urls: [string, string];
  let dataDir: string;
  // Requests are brought to their status through the second process's calls.
  const life = lifecycleAt(
    () => urls[1],
    () => database.db,
  );

  async function startProcess(databaseUrl: string): Promise<string> {
    const { child, url } = await startServerProcess({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      PORT: '0',
      DATA_DIR: dataDir,
    });
    children.push(child);
    return url;
  }

  beforeAll(async () => {
    const created = await createServerDatabase(serverUrl!);
    dropDatabase = created.drop;
    database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    await database.migrate();
    dataDir = mkdtempSync(path.join(tmpdir(), 'movehub-processes-'));
    // One after the other: the second finds the schema migrated.
    const first = await startProcess(created.url);
    const second = await startProcess(created.url);
    urls = [first, second];
  }, 130_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(children.map((child) => stopServerProcess(child)));
    await database?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function socketOn(base: string, who: Party) {
    const socket = openSocket(base, {
      token: who.token,
      roomId: who.user.roomId,
      type: who.user.userType,
    });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  it('carries a chat message and presence from one process to the other', async () => {
    const customer = await life.customer();
    const company = await life.company();
    const request = await life.requestAt({ status: TimelineStatus.paid, customer, company });
    const onA = await socketOn(urls[0], customer);
    const onB = await socketOn(urls[1], company);

    const heard = next(onB, 'chatMessage');
    const ack = await onA.emitWithAck('sendMessage', {
      client_id: randomUUID(),
      sender_id: customer.user.roomId,
      room_id: customer.user.roomId,
      receiver_id: company.user.roomId,
      receive_type: ChatType.company,
      request_id: request.id,
      message: 'Across processes',
    });
    expect(ack.code).toBe(200);
    expect(await heard).toMatchObject({
      id: ack.data!.id,
      message_text: 'Across processes',
      sender_type: 0,
    });

    // The company asks its process for its channels: the customer is online on the other one.
    const res = await fetch(`${urls[1]}/app_api/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sh-auth': company.token },
      body: '{}',
    });
    const body = (await res.json()) as {
      request_data: { request_id: number; profile_data: { online_status: number } }[];
    };
    expect(
      body.request_data.find((c) => c.request_id === request.id)?.profile_data.online_status,
    ).toBe(1);
  });

  it('carries a tracking point posted to one process to the customer on the other', async () => {
    const customer = await life.customer();
    const company = await life.company();
    const request = await life.requestAt({ status: TimelineStatus.inProgress, customer, company });
    const foreman = company.foremen[0]!;
    const onA = await socketOn(urls[0], customer);
    const heard = next(onA, 'tracking');
    const res = await fetch(`${urls[1]}/api/foreman/post_location`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sh-auth': foreman.token },
      body: JSON.stringify({ request_id: request.id, latitude: 34.0522, longitude: -118.2437 }),
    });
    const body = (await res.json()) as { code: number; data: unknown };
    expect(body.code).toBe(200);
    expect(await heard).toEqual(body.data);
    expect(await heardWithin(onA, 'tracking', 800)).toBe(false);
  });

  it('tells a notification once, whichever process committed it', async () => {
    const customer = await life.customer(null);
    const onA = await socketOn(urls[0], customer);
    const first = next(onA, 'notification');
    // Committed by a third connection: both processes hear PostgreSQL; only A holds the socket.
    await notify({ db: database.db, userId: customer.user.id, requestId: null, message: 'Once' });
    expect(await first).toMatchObject({ message_body: 'Once' });
    expect(await heardWithin(onA, 'notification', 800)).toBe(false);
  });
});
