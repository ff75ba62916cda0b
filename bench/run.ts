/**
 * `npm run bench`: the server's throughput on PostgreSQL, outside `npm test`.
 *
 * Seeds a fresh database (1,000 customers, 10,000 requests with two addresses each), starts the
 * built server as its own process against it, and drives it with autocannon (50 connections)
 * from this process. Every route is reported with req/s, p50 and p99 latency and as a ratio of
 * the no-op route measured in the same run, so figures compare across machines. Login is
 * reported apart: scrypt (N=2^17) bounds it by design.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; a
 * database `movehub_bench` is dropped and created on it. BENCH_SECONDS sets each run's length.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/lib/password';
import { hashToken, newToken } from '../apps/api/src/lib/tokens';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3199);
const CUSTOMERS = 1_000;
const REQUESTS = 10_000;
const CONNECTIONS = 50;
const PASSWORD = 'Bench@1234';

function dbUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function recreateDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

async function seed(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // One hash for every bench customer: hashing 1,000 times would take minutes and measure nothing.
  const hash = await hashPassword(PASSWORD);
  await client.query('begin');
  await client.query(
    `insert into users (user_type, email, password_hash, first_name, last_name, room_id, invite_friend_code)
     select 1, 'bench' || g || '@example.com', $1, 'Bench', 'Customer ' || g, md5('room' || g), 'B' || lpad(g::text, 7, '0')
     from generate_series(1, $2::int) g`,
    [hash, CUSTOMERS],
  );
  await client.query(
    `insert into requests (customer_id, request_status, request_timeline_status, move_date, start_window_from,
                           start_window_to, movers, customer_budget_cents, public_access_link)
     -- Each customer gets ten requests: seven active, two completed, one cancelled.
     select u.id, case when (g / $2::int) % 10 in (7, 8) then 1 when (g / $2::int) % 10 = 9 then 2 else 0 end,
            case when (g / $2::int) % 10 in (7, 8) then 8 when (g / $2::int) % 10 = 9 then 11 else g % 3 end,
            date '2027-01-01' + (g % 90), '08:00', '09:00', 2 + g % 3, 30000 + g, md5('link' || g)
     from generate_series(1, $1::int) g
     join users u on u.email = 'bench' || (1 + g % $2::int) || '@example.com'`,
    [REQUESTS, CUSTOMERS],
  );
  await client.query(
    `insert into request_addresses (request_id, position, address_type, complete_address, zip_code)
     select r.id, p, p + 1, (100 + r.id) || ' Main St, Los Angeles, CA 900' || lpad((r.id % 90)::text, 2, '0'), '90012'
     from requests r cross join generate_series(0, 1) p`,
  );
  await client.query(
    `insert into notifications (user_id, request_id, message_body, is_active)
     select r.customer_id, r.id, 'A company placed a bid on request #' || r.id, r.id % 2 = 0 from requests r`,
  );
  const tokens: string[] = [];
  const ids = await client.query<{ id: number }>(
    'select id from users where user_type = 1 order by id',
  );
  for (const { id } of ids.rows) {
    const token = newToken();
    tokens.push(token);
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
      [id, hashToken(token)],
    );
  }
  await client.query('commit');
  await client.query('analyze');
  await client.end();
  return tokens;
}

function startServer(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // One address sends every request here; the per-IP ceiling would measure itself.
      IP_RATE_LIMIT_PER_MINUTE: '100000000',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running at')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

interface Figure {
  route: string;
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  ratio_to_noop?: number;
}

async function measure(
  route: string,
  options: {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    tokens?: string[];
    /** A body per request, rotated (e.g. many customers logging in). */
    bodies?: unknown[];
    connections?: number;
  },
): Promise<Figure> {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: options.connections ?? CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: options.method,
        path: options.path,
        headers: options.body ? { 'content-type': 'application/json' } : {},
        body: options.body ? JSON.stringify(options.body) : undefined,
        setupRequest: (req) => {
          const i = next++;
          if (options.tokens) {
            const token = options.tokens[i % options.tokens.length] as string;
            req.headers = { ...req.headers, 'x-sh-auth': token };
          }
          if (options.bodies) {
            req.body = JSON.stringify(options.bodies[i % options.bodies.length]);
            req.headers = { ...req.headers, 'content-type': 'application/json' };
          }
          return req;
        },
      },
    ],
  });
  return {
    route,
    requests_per_sec: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  console.log('Building the server…');
  if (
    spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' }).status !==
    0
  ) {
    throw new Error('build failed');
  }
  const name = 'movehub_bench';
  await recreateDatabase(name);
  const url = dbUrl(name);
  // The server migrates on start; seed after it has created the schema.
  let server = await startServer(url);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  console.log(`Seeding ${CUSTOMERS} customers and ${REQUESTS} requests…`);
  const tokens = await seed(url);
  server = await startServer(url);

  try {
    console.log(`Measuring, ${seconds} s per route, ${CONNECTIONS} connections…`);
    await measure('warm-up', { method: 'GET', path: '/livez' });
    const noop = await measure('GET /livez (no-op)', { method: 'GET', path: '/livez' });
    const routes = [
      await measure('GET /api/customer/profile_customer', {
        method: 'GET',
        path: '/api/customer/profile_customer',
        tokens,
      }),
      await measure('POST /api/customer/get_customer_request', {
        method: 'POST',
        path: '/api/customer/get_customer_request',
        body: { request_status: '0' },
        tokens,
      }),
      await measure('GET /app_api/get_notification', {
        method: 'GET',
        path: '/app_api/get_notification',
        tokens,
      }),
      await measure('POST /api/customer/checking_card_exist', {
        method: 'POST',
        path: '/api/customer/checking_card_exist',
        body: {},
        tokens,
      }),
      await measure('GET /api/admin/get_setting (no session)', {
        method: 'GET',
        path: '/api/admin/get_setting',
      }),
    ];
    for (const r of routes)
      r.ratio_to_noop = Number((r.requests_per_sec / noop.requests_per_sec).toFixed(3));
    const login = await measure('POST /app_api/login', {
      method: 'POST',
      path: '/app_api/login',
      // Many customers signing in: a burst on one account is what the lock-out is there to stop.
      bodies: Array.from({ length: CUSTOMERS }, (_, i) => ({
        email: `bench${i + 1}@example.com`,
        password: PASSWORD,
        user_type: 1,
      })),
    });
    login.ratio_to_noop = Number((login.requests_per_sec / noop.requests_per_sec).toFixed(4));

    const results = {
      date: new Date().toISOString(),
      database: 'postgresql',
      seeded: {
        customers: CUSTOMERS,
        requests: REQUESTS,
        addresses: REQUESTS * 2,
        notifications: REQUESTS,
      },
      connections: CONNECTIONS,
      seconds_per_route: seconds,
      noop,
      routes,
      login_apart: login,
      cpus: (await import('node:os')).cpus().length,
      run_id: randomUUID(),
    };
    mkdirSync(path.join(root, 'bench'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.table([noop, ...routes, login].map((r) => ({ ...r })));
    console.log('Written to bench/results.json');
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
