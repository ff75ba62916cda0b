/**
 * The realtime channel under load (`npm run bench -- realtime`, and part of the full run):
 * 1,000 customers' sockets connected to one server process, each with a move in progress
 * (status 5) of one company and its foreman.
 *
 * - chat: every customer sends a message to the company (50 in flight), twice; the figure is
 *   the time from sendMessage to the company's socket hearing it (stored, then delivered).
 * - tracking: the foreman posts one point for each of the 1,000 moves (50 in flight); the
 *   figure is the time from the post to that move's customer hearing `tracking`.
 *
 * Then the same through two server processes sharing PostgreSQL and Redis (REDIS_URL): the
 * customers on one, the company and the foreman on the other.
 */
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ChatType,
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@movehub/shared';
import { hashToken, newToken } from '../apps/api/src/lib/tokens';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeServers {
  /** Starts the built server on `port` with extra env; resolves once it listens. */
  start(port: number, env: Record<string, string>): Promise<ChildProcess>;
  stop(child: ChildProcess): Promise<void>;
  ports: [number, number];
  redisUrl: string;
}

const IN_FLIGHT = 50;
const CHAT_ROUNDS = 2;
/** Targets of the quality issue: chat p99 ≤ 50 ms, a tracking point to its customer p99 ≤ 100 ms. */
export const CHAT_P99_TARGET_MS = 50;
export const TRACKING_P99_TARGET_MS = 100;

interface Party {
  id: number;
  roomId: string;
  token: string;
}

interface Scene {
  company: Party;
  foreman: Party;
  customers: (Party & { requestId: number })[];
}

async function session(client: pg.Client, userId: number): Promise<string> {
  const token = newToken();
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [userId, hashToken(token)],
  );
  return token;
}

/** One company and foreman, and a move in progress of theirs for each bench customer. */
async function seedScene(url: string): Promise<Scene> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  const tag = randomUUID().slice(0, 8);
  const company = (
    await client.query<{ id: number; room_id: string }>(
      `insert into users (user_type, email, first_name, last_name, room_id)
       values (2, $1, 'Realtime', 'Movers', $2) returning id, room_id`,
      [`realtime-company-${tag}@example.com`, randomUUID()],
    )
  ).rows[0]!;
  await client.query(
    `insert into company_profiles (user_id, name) values ($1, 'Realtime Movers')`,
    [company.id],
  );
  const foreman = (
    await client.query<{ id: number; room_id: string }>(
      `insert into users (user_type, email, first_name, last_name, room_id)
       values (3, $1, 'Rita', 'Foreman', $2) returning id, room_id`,
      [`realtime-foreman-${tag}@example.com`, randomUUID()],
    )
  ).rows[0]!;
  await client.query(`insert into company_foremen (user_id, company_id) values ($1, $2)`, [
    foreman.id,
    company.id,
  ]);
  const rows = (
    await client.query<{ customer_id: number; room_id: string; request_id: number }>(
      `with made as (
         insert into requests (customer_id, company_id, foreman_id, request_status, request_timeline_status,
                               move_date, start_window_from, start_window_to, movers, public_access_link)
         select u.id, $1, $2, 0, 5, date '2027-03-01', '08:00', '09:00', 2, md5('rt' || $3 || u.id)
         from users u where u.user_type = 1 order by u.id
         returning id, customer_id)
       select made.customer_id, u.room_id, made.id as request_id
       from made join users u on u.id = made.customer_id order by made.customer_id`,
      [company.id, foreman.id, tag],
    )
  ).rows;
  const customers = [];
  for (const row of rows) {
    customers.push({
      id: row.customer_id,
      roomId: row.room_id,
      token: await session(client, row.customer_id),
      requestId: row.request_id,
    });
  }
  const scene = {
    company: { id: company.id, roomId: company.room_id, token: await session(client, company.id) },
    foreman: { id: foreman.id, roomId: foreman.room_id, token: await session(client, foreman.id) },
    customers,
  };
  await client.query('commit');
  await client.end();
  return scene;
}

function open(port: number, party: Party, type: number): Promise<ClientSocket> {
  const socket: ClientSocket = connect(`http://127.0.0.1:${port}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token: party.token },
    query: { room_id: party.roomId, type: String(type) },
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Runs `task(i)` for i in [0, count) with `limit` in flight. */
async function pool(count: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        await task(i);
      }
    }),
  );
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return {
    samples: sorted.length,
    p50_ms: Number(at(50).toFixed(2)),
    p99_ms: Number(at(99).toFixed(2)),
    max_ms: Number(sorted.at(-1)!.toFixed(2)),
  };
}

/** Resolves with `event`'s arrival time for each key the matcher returns. */
function arrivals<E extends 'chatMessage' | 'tracking'>(
  socket: ClientSocket,
  event: E,
  keyOf: (payload: Parameters<ServerToClientEvents[E]>[0]) => string,
) {
  const waiting = new Map<string, (at: number) => void>();
  (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload) => {
    const at = performance.now();
    const key = keyOf(payload as Parameters<ServerToClientEvents[E]>[0]);
    waiting.get(key)?.(at);
    waiting.delete(key);
  });
  return (key: string, ms = 10_000) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${event} ${key} not heard`)), ms);
      waiting.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
}

async function chatDelivery(customers: ClientSocket[], company: ClientSocket, scene: Scene) {
  const heard = arrivals(company, 'chatMessage', (m) => m.message_text);
  const samples: number[] = [];
  for (let round = 0; round < CHAT_ROUNDS; round += 1) {
    await pool(customers.length, IN_FLIGHT, async (i) => {
      const customer = scene.customers[i]!;
      const text = `Bench message ${round}-${i}`;
      const arrival = heard(text);
      const sent = performance.now();
      const ack = await customers[i]!.emitWithAck('sendMessage', {
        client_id: randomUUID(),
        sender_id: customer.roomId,
        room_id: customer.roomId,
        receiver_id: scene.company.roomId,
        receive_type: ChatType.company,
        request_id: customer.requestId,
        message: text,
      });
      if (ack.code !== 200) throw new Error(`sendMessage answered ${ack.code} ${ack.message}`);
      samples.push((await arrival) - sent);
    });
  }
  return summary(samples);
}

async function trackingFanOut(port: number, customers: ClientSocket[], scene: Scene) {
  const waits = customers.map((socket) =>
    arrivals(socket, 'tracking', (t) => String(t.request_id)),
  );
  const samples: number[] = [];
  let refused = 0;
  await pool(scene.customers.length, IN_FLIGHT, async (i) => {
    const customer = scene.customers[i]!;
    const arrival = waits[i]!(String(customer.requestId));
    const sent = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/foreman/post_location`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sh-auth': scene.foreman.token },
      body: JSON.stringify({
        request_id: customer.requestId,
        latitude: 34.05 + (i % 100) / 1000,
        longitude: -118.25 - (i % 100) / 1000,
      }),
    });
    if (res.status !== 200) {
      refused += 1;
      arrival.catch(() => undefined);
      return;
    }
    samples.push((await arrival) - sent);
  });
  if (refused > 0) throw new Error(`post_location refused ${refused} points`);
  return summary(samples);
}

async function run(label: string, customerPort: number, partnerPort: number, scene: Scene) {
  const connectStart = performance.now();
  const customers: ClientSocket[] = [];
  await pool(scene.customers.length, IN_FLIGHT, async (i) => {
    customers[i] = await open(customerPort, scene.customers[i]!, 1);
  });
  const connectMs = performance.now() - connectStart;
  const company = await open(partnerPort, scene.company, 2);
  try {
    const chat = await chatDelivery(customers, company, scene);
    const tracking = await trackingFanOut(partnerPort, customers, scene);
    return {
      setup: label,
      sockets: customers.length,
      connect_all_ms: Math.round(connectMs),
      chat_delivery: { ...chat, target_p99_ms: CHAT_P99_TARGET_MS },
      tracking_to_customer: { ...tracking, target_p99_ms: TRACKING_P99_TARGET_MS },
    };
  } finally {
    company.close();
    for (const socket of customers) socket.close();
  }
}

/** Both setups, one after the other, on fresh scenes of the same database. */
export async function measureRealtime(url: string, servers: RealtimeServers) {
  const [first, second] = servers.ports;
  console.log('Realtime: 1,000 sockets on one process…');
  let a = await servers.start(first, {});
  const single = await (async () => {
    try {
      return await run('one process', first, first, await seedScene(url));
    } finally {
      await servers.stop(a);
    }
  })();
  console.log('Realtime: two processes and Redis…');
  a = await servers.start(first, { REDIS_URL: servers.redisUrl });
  const b = await servers.start(second, { REDIS_URL: servers.redisUrl });
  try {
    const both = await run('two processes + Redis', first, second, await seedScene(url));
    return [single, both];
  } finally {
    await servers.stop(b);
    await servers.stop(a);
  }
}
