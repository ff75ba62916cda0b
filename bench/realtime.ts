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
 * Each phase runs twice: closed, with 50 calls in flight, as fast as the server answers (its
 * throughput, and latency at saturation, which is mostly the wait for a slot); then paced, open:
 * the calls are sent on a fixed schedule, BENCH_REALTIME_RATE a second (default 200: each of the
 * 1,000 customers sends a message, and each move's foreman a position, every 5 s), whether or
 * not earlier ones were answered, and each call's time starts at its scheduled moment, so that a
 * late client or a slow server both count. The paced figure is the latency at that load.
 *
 * Then the same through two server processes sharing PostgreSQL and Redis (REDIS_URL): the
 * customers on one, the company and the foreman on the other.
 *
 * The customers' sockets live in worker threads (BENCH_REALTIME_WORKERS, default 2; 0 keeps
 * them on this thread): 1,000 sockets on one event loop delay the frames they read, and that
 * delay was counted as the server's. Each thread's event-loop delay is reported beside the
 * figures, with the server's CPU time per message. A call's time starts when it is sent, after
 * its turn among the 50 in flight (BENCH_REALTIME_IN_FLIGHT), and every thread reads one clock.
 * BENCH_REALTIME_PORTS=a,b picks the two servers' ports; BENCH_REALTIME_CPU_PROF=dir writes each
 * server's CPU profile there.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
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

const IN_FLIGHT = Number(process.env.BENCH_REALTIME_IN_FLIGHT ?? 50);
const RATE = Number(process.env.BENCH_REALTIME_RATE ?? 200);
const WORKERS = Number(process.env.BENCH_REALTIME_WORKERS ?? 2);
const CHAT_ROUNDS = 2;
const HEARD_WITHIN_MS = 10_000;
/** Targets: chat p99 ≤ 50 ms, a tracking point to its customer p99 ≤ 100 ms. */
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

/** Milliseconds on CLOCK_MONOTONIC: the same clock in every thread of this process. */
const clock = () => Number(process.hrtime.bigint()) / 1e6;

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

/** How a phase sends its calls: a number in flight, or on a schedule from `startAt` at `rate`/s. */
type Load = { inFlight: number } | { rate: number; startAt: number };

/**
 * Runs `task` for each customer of the group: with `inFlight` calls at a time, each timed from
 * when it is sent; or each at its place in the schedule (its index among all customers ÷ rate),
 * timed from that moment.
 */
async function drive(
  customers: GroupSetup['customers'],
  load: Load,
  task: (i: number, sentAt: () => number) => Promise<void>,
) {
  if ('inFlight' in load) {
    await pool(customers.length, load.inFlight, (i) => task(i, clock));
    return;
  }
  await Promise.all(
    customers.map(async ({ index }, i) => {
      const due = load.startAt + (index * 1000) / load.rate;
      const wait = due - clock();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await task(i, () => due);
    }),
  );
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
    const at = clock();
    const key = keyOf(payload as Parameters<ServerToClientEvents[E]>[0]);
    waiting.get(key)?.(at);
    waiting.delete(key);
  });
  return (key: string) => {
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const heard = new Promise<number>((resolve) => {
      waiting.set(key, (at) => {
        done = true;
        clearTimeout(timer);
        resolve(at);
      });
    });
    /** The arrival, or a failure once `ms` have passed from now without it. */
    return (ms = HEARD_WITHIN_MS) =>
      done
        ? heard
        : Promise.race([
            heard,
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`${event} ${key} not heard`)), ms);
            }),
          ]);
  };
}

interface LoopDelay {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** Watches this thread's event loop from now; the returned function stops and answers. */
function watchLoop(): () => LoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  histogram.enable();
  return () => {
    histogram.disable();
    const ms = (ns: number) => Number((ns / 1e6).toFixed(2));
    return {
      p50_ms: ms(histogram.percentile(50)),
      p99_ms: ms(histogram.percentile(99)),
      max_ms: ms(histogram.max),
    };
  };
}

/** The worst of several threads' loops, each figure apart. */
function worstLoop(loops: LoopDelay[]): LoopDelay {
  return {
    p50_ms: Math.max(...loops.map((l) => l.p50_ms)),
    p99_ms: Math.max(...loops.map((l) => l.p99_ms)),
    max_ms: Math.max(...loops.map((l) => l.max_ms)),
  };
}

/** A process's CPU time so far (user + system), from /proc; null where there is none. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

type Customer = Scene['customers'][number];

/** What one thread's customers were asked for, and what they answer. */
interface GroupSetup {
  customerPort: number;
  partnerPort: number;
  companyRoom: string;
  foremanToken: string;
  /** The customers of this group and their place among all of them. */
  customers: { index: number; customer: Customer }[];
}

type ToGroup =
  | { kind: 'connect' }
  | { kind: 'chat'; round: number; load: Load }
  | { kind: 'tracking'; load: Load }
  | { kind: 'close' };
type FromGroup =
  | { kind: 'connected' }
  | { kind: 'chat'; sent: [string, number][]; loop: LoopDelay }
  | { kind: 'tracking'; samples: number[]; refused: number; loop: LoopDelay }
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

const chatText = (round: number, index: number) => `Bench message ${round}-${index}`;

/**
 * A share of the customers, on the thread that runs it: their sockets, their messages (each
 * message's send time), and the tracking points of their moves (each point's time to them).
 */
class CustomerGroup {
  private sockets: ClientSocket[] = [];
  constructor(private setup: GroupSetup) {}

  async handle(order: ToGroup): Promise<FromGroup> {
    switch (order.kind) {
      case 'connect':
        await pool(this.setup.customers.length, IN_FLIGHT, async (i) => {
          this.sockets[i] = await open(
            this.setup.customerPort,
            this.setup.customers[i]!.customer,
            1,
          );
        });
        return { kind: 'connected' };
      case 'chat':
        return this.chat(order.round, order.load);
      case 'tracking':
        return this.tracking(order.load);
      case 'close':
        for (const socket of this.sockets) socket.close();
        return { kind: 'closed' };
    }
  }

  /** Each customer sends one message; a slot is free again once its message is acknowledged. */
  private async chat(round: number, load: Load): Promise<FromGroup> {
    const stop = watchLoop();
    const sent: [string, number][] = [];
    await drive(this.setup.customers, load, async (i, sentAt) => {
      const { index, customer } = this.setup.customers[i]!;
      const text = chatText(round, index);
      const at = sentAt();
      const ack = await this.sockets[i]!.timeout(HEARD_WITHIN_MS).emitWithAck('sendMessage', {
        client_id: randomUUID(),
        sender_id: customer.roomId,
        room_id: customer.roomId,
        receiver_id: this.setup.companyRoom,
        receive_type: ChatType.company,
        request_id: customer.requestId,
        message: text,
      });
      if (ack.code !== 200) throw new Error(`sendMessage answered ${ack.code} ${ack.message}`);
      sent.push([text, at]);
    });
    return { kind: 'chat', sent, loop: stop() };
  }

  private async tracking(load: Load): Promise<FromGroup> {
    const stop = watchLoop();
    const waits = this.sockets.map((socket) =>
      arrivals(socket, 'tracking', (t) => String(t.request_id)),
    );
    const samples: number[] = [];
    let refused = 0;
    await drive(this.setup.customers, load, async (i, sentAt) => {
      const { index, customer } = this.setup.customers[i]!;
      const arrival = waits[i]!(String(customer.requestId))();
      const sent = sentAt();
      const res = await fetch(
        `http://127.0.0.1:${this.setup.partnerPort}/api/foreman/post_location`,
        {
          method: 'POST',
          signal: AbortSignal.timeout(HEARD_WITHIN_MS),
          headers: { 'content-type': 'application/json', 'x-sh-auth': this.setup.foremanToken },
          body: JSON.stringify({
            request_id: customer.requestId,
            latitude: 34.05 + (index % 100) / 1000,
            longitude: -118.25 - (index % 100) / 1000,
          }),
        },
      );
      await res.arrayBuffer();
      if (res.status !== 200) {
        refused += 1;
        arrival.catch(() => undefined);
        return;
      }
      samples.push((await arrival) - sent);
    });
    return { kind: 'tracking', samples, refused, loop: stop() };
  }
}

/** A group as the main thread drives it: here, or on a worker thread of its own. */
interface GroupHandle {
  ask(order: ToGroup): Promise<FromGroup>;
  end(): Promise<void>;
}

function localGroup(setup: GroupSetup): GroupHandle {
  const group = new CustomerGroup(setup);
  return { ask: (order) => group.handle(order), end: async () => undefined };
}

function workerGroup(setup: GroupSetup): GroupHandle {
  // A worker does not inherit tsx's loader for its entry: it registers it, then loads this file.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => {
    tsx.register();
    return import(${JSON.stringify(import.meta.url)});
  });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { realtimeBenchGroup: setup } });
  let pending: { resolve: (m: FromGroup) => void; reject: (e: Error) => void } | null = null;
  worker.on('message', (message: FromGroup) => {
    const waiter = pending;
    pending = null;
    if (message.kind === 'failed') waiter?.reject(new Error(message.message));
    else waiter?.resolve(message);
  });
  worker.on('error', (err) => pending?.reject(err));
  return {
    ask: (order) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(order);
      }),
    end: async () => {
      await worker.terminate();
    },
  };
}

// A worker thread started by workerGroup: it runs its group's orders one after the other.
const groupSetup = (workerData as { realtimeBenchGroup?: GroupSetup } | null)?.realtimeBenchGroup;
if (!isMainThread && groupSetup && parentPort) {
  const port = parentPort;
  const group = new CustomerGroup(groupSetup);
  port.on('message', (order: ToGroup) => {
    group.handle(order).then(
      (answer) => port.postMessage(answer),
      (err: unknown) => port.postMessage({ kind: 'failed', message: String(err) }),
    );
  });
}

/** The customers split into `count` groups (none: one group on this thread), with shares of in-flight calls. */
function split(scene: Scene, customerPort: number, partnerPort: number) {
  const threads = Math.max(1, WORKERS);
  const setups: GroupSetup[] = Array.from({ length: threads }, () => ({
    customerPort,
    partnerPort,
    companyRoom: scene.company.roomId,
    foremanToken: scene.foreman.token,
    customers: [],
  }));
  scene.customers.forEach((customer, index) =>
    setups[index % threads]!.customers.push({ index, customer }),
  );
  const share = (i: number) => Math.floor(IN_FLIGHT / threads) + (i < IN_FLIGHT % threads ? 1 : 0);
  return { setups, share };
}

/** A phase's figures: its latencies, load and cost, against its p99 target. */
function judged(
  samples: number[],
  load: Load,
  cost: ReturnType<ReturnType<typeof phaseCost>>,
  targetMs: number,
  loops: LoopDelay[],
) {
  // The load it ran under: the calls in flight (all threads'), or the paced rate.
  const ran = 'inFlight' in load ? { in_flight: IN_FLIGHT } : { paced_per_second: load.rate };
  const figures = { ...summary(samples), ...ran, ...cost };
  return {
    ...figures,
    target_p99_ms: targetMs,
    meets_target: figures.p99_ms <= targetMs,
    client_event_loop_delay: worstLoop(loops),
  };
}

/** What a phase of `count` calls cost: calls a second, and CPU time per call on each side. */
function phaseCost(server: ChildProcess[], count: number) {
  const before = { server: server.map((s) => cpuMsOf(s.pid)), client: process.cpuUsage() };
  const start = clock();
  return () => {
    const serverMs = server
      .map((s, i) => {
        const now = cpuMsOf(s.pid);
        const then = before.server[i];
        return now === null || then === null || then === undefined ? 0 : now - then;
      })
      .reduce((a, b) => a + b, 0);
    const client = process.cpuUsage(before.client);
    const wallMs = clock() - start;
    return {
      per_second: Math.round((count / Math.max(wallMs, 1)) * 1000),
      server_cpu_ms_per_call: Number((serverMs / count).toFixed(2)),
      client_cpu_ms_per_call: Number(((client.user + client.system) / 1000 / count).toFixed(2)),
    };
  };
}

async function run(
  label: string,
  customerPort: number,
  partnerPort: number,
  scene: Scene,
  servers: ChildProcess[],
) {
  const { setups, share } = split(scene, customerPort, partnerPort);
  const groups = setups.map((setup) => (WORKERS > 0 ? workerGroup(setup) : localGroup(setup)));
  const all = (order: (i: number) => ToGroup) =>
    Promise.all(groups.map((group, i) => group.ask(order(i))));
  try {
    const connectStart = clock();
    await all(() => ({ kind: 'connect' }));
    const connectMs = clock() - connectStart;
    const company = await open(partnerPort, scene.company, 2);
    try {
      const heard = arrivals(company, 'chatMessage', (m) => m.message_text);
      /** Every customer sends a message in each of `rounds`; the times to the company's socket. */
      const chatPhase = async (rounds: number[], load: (thread: number) => Load) => {
        const samples: number[] = [];
        const loops: LoopDelay[] = [];
        const cost = phaseCost(servers, scene.customers.length * rounds.length);
        for (const round of rounds) {
          const stopMain = watchLoop();
          const waits = new Map(
            scene.customers.map((_, index) => [
              chatText(round, index),
              heard(chatText(round, index)),
            ]),
          );
          const answers = await all((i) => ({ kind: 'chat', round, load: load(i) }));
          for (const answer of answers) {
            if (answer.kind !== 'chat') throw new Error(`a group answered ${answer.kind}`);
            loops.push(answer.loop);
            for (const [text, at] of answer.sent) samples.push((await waits.get(text)!()) - at);
          }
          loops.push(stopMain());
        }
        return judged(samples, load(0), cost(), CHAT_P99_TARGET_MS, loops);
      };
      /** The foreman posts a point for every move; the times to each move's customer. */
      const trackingPhase = async (load: (thread: number) => Load) => {
        const cost = phaseCost(servers, scene.customers.length);
        const stopMain = watchLoop();
        const answers = await all((i) => ({ kind: 'tracking', load: load(i) }));
        const samples: number[] = [];
        const loops = [stopMain()];
        let refused = 0;
        for (const answer of answers) {
          if (answer.kind !== 'tracking') throw new Error(`a group answered ${answer.kind}`);
          samples.push(...answer.samples);
          loops.push(answer.loop);
          refused += answer.refused;
        }
        if (refused > 0) throw new Error(`post_location refused ${refused} points`);
        return judged(samples, load(0), cost(), TRACKING_P99_TARGET_MS, loops);
      };
      const closed = (i: number) => ({ inFlight: share(i) });
      const chat = await chatPhase(
        Array.from({ length: CHAT_ROUNDS }, (_, round) => round),
        closed,
      );
      const tracking = await trackingPhase(closed);
      // The schedule starts a moment from now, so that every thread has its order by then.
      const paced = () => {
        const startAt = clock() + 200;
        return () => ({ rate: RATE, startAt });
      };
      const chatPaced = await chatPhase([CHAT_ROUNDS], paced());
      const trackingPaced = await trackingPhase(paced());
      return {
        setup: label,
        sockets: scene.customers.length,
        client_threads: groups.length,
        connect_all_ms: Math.round(connectMs),
        chat_delivery: chat,
        tracking_to_customer: tracking,
        paced_per_second: RATE,
        chat_delivery_paced: chatPaced,
        tracking_to_customer_paced: trackingPaced,
        load_average_1_5_15: loadavg().map((n) => Number(n.toFixed(2))),
      };
    } finally {
      company.close();
    }
  } finally {
    await all(() => ({ kind: 'close' })).catch(() => undefined);
    await Promise.all(groups.map((g) => g.end()));
  }
}

/**
 * A server's CPU profile (BENCH_REALTIME_CPU_PROF=dir): node refuses --cpu-prof in NODE_OPTIONS,
 * so a preload starts the inspector's profiler and writes the profile when the server exits.
 */
const CPU_PROFILE_HOOK = `const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
const exit = process.exit;
process.exit = (code) => {
  session.post('Profiler.stop', (err, result) => {
    if (!err) fs.writeFileSync(path.join(process.env.BENCH_CPU_PROF_DIR, 'server-' + process.env.PORT + '-' + process.pid + '.cpuprofile'), JSON.stringify(result.profile));
    exit.call(process, code);
  });
};
`;

function withProfiles(servers: RealtimeServers): RealtimeServers {
  const dir = process.env.BENCH_REALTIME_CPU_PROF;
  if (!dir) return servers;
  mkdirSync(dir, { recursive: true });
  const hook = path.join(path.resolve(dir), 'cpu-profile-hook.cjs');
  writeFileSync(hook, CPU_PROFILE_HOOK);
  return {
    ...servers,
    start: (port, env) =>
      servers.start(port, {
        ...env,
        NODE_OPTIONS: `--require ${hook}`,
        BENCH_CPU_PROF_DIR: path.resolve(dir),
      }),
  };
}

/** Both setups, one after the other, on fresh scenes of the same database. */
export async function measureRealtime(url: string, given: RealtimeServers) {
  const servers = withProfiles(given);
  const [first, second] = process.env.BENCH_REALTIME_PORTS
    ? (process.env.BENCH_REALTIME_PORTS.split(',').map(Number) as [number, number])
    : servers.ports;
  console.log(
    `Realtime: 1,000 sockets on one process (clients on ${Math.max(1, WORKERS)} thread(s), ${IN_FLIGHT} in flight)…`,
  );
  let a = await servers.start(first, {});
  const single = await (async () => {
    try {
      return await run('one process', first, first, await seedScene(url), [a]);
    } finally {
      await servers.stop(a);
    }
  })();
  console.log('Realtime: two processes and Redis…');
  a = await servers.start(first, { REDIS_URL: servers.redisUrl });
  const b = await servers.start(second, { REDIS_URL: servers.redisUrl });
  try {
    const both = await run('two processes + Redis', first, second, await seedScene(url), [a, b]);
    const results = [single, both];
    console.table(
      results.map((r) => ({
        setup: r.setup,
        'client threads': r.client_threads,
        'chat msg/s': r.chat_delivery.per_second,
        'chat server CPU ms/msg': r.chat_delivery.server_cpu_ms_per_call,
        'chat client loop p99 ms': r.chat_delivery.client_event_loop_delay.p99_ms,
        'tracking pts/s': r.tracking_to_customer.per_second,
        'tracking server CPU ms/pt': r.tracking_to_customer.server_cpu_ms_per_call,
        'tracking client loop p99 ms': r.tracking_to_customer.client_event_loop_delay.p99_ms,
        'load 1 min': r.load_average_1_5_15[0],
      })),
    );
    return results;
  } finally {
    await servers.stop(b);
    await servers.stop(a);
  }
}
