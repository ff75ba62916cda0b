import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TimelineStatus, UserType } from '@movehub/shared';
import { eq } from 'drizzle-orm';
import { requestComments, requests, sessions, users } from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';
import { buildTestApp, createRequest } from './helper';
import { lifecycle } from './lifecycle';
import { arbitraryOf, hostile, hostileValue } from './zod-arbitrary';

/*
 * Fuzzing every route with bodies (and query strings) derived from its own shared zod schema,
 * then broken on purpose: no answer may be 500 or more. A fixed seed makes a failure
 * repeatable. FUZZ_RUNS sets the number of requests across all routes: by default 10,000 on
 * PostgreSQL (CI's second API run) and 2,500 on the embedded PGlite, which is slower per call
 * and runs in every `npm test`. FUZZ_SEED sets the seed. A failure prints the route and body.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 10_000 : 2_500));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

interface Target {
  method: string;
  url: string;
  body?: z.ZodType;
  query?: z.ZodType;
  signedIn: boolean;
  /** A partner route (companies, their sales team): called with the company's token. */
  partner: boolean;
}

const targets: Target[] = [];
const ctx = await buildTestApp(
  // No built web app (its files would be routes); no IP limit in the way of 10,000 calls.
  { WEB_DIST_DIR: '/nonexistent', IP_RATE_LIMIT_PER_MINUTE: '1000000' },
  undefined,
  (route: RouteOptions) => {
    const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      targets.push({
        method,
        url: route.url,
        body: schema?.body,
        query: schema?.querystring,
        signedIn: Boolean(route.config?.auth),
        partner: Boolean(
          route.config?.auth?.userTypes.length &&
          !route.config.auth.userTypes.includes(UserType.customer),
        ),
      });
    }
  },
);
afterAll(() => ctx.close());

const life = lifecycle(() => ctx);
const customerParty = await life.customer();
const customer = customerParty.user;
await ctx.database.db.update(users).set({ phone: '+13105550199' }).where(eq(users.id, customer.id));
// A company serving the customer's requests' pick-up zip, with foremen and trucks, and requests
// of the customer's open for its bids: the partner routes get past their checks now and then.
const moverCompany = await life.company();
const company = moverCompany.user;
for (let i = 0; i < 3; i++) await life.send(customerParty);
// Move day and after: requests the company won, brought through the calls to each status from
// paid (3) to confirmed (7), so that assign, start, complete, confirm and feedback reach their
// rules with generated ids.
for (const status of [
  TimelineStatus.paid,
  TimelineStatus.truckAssigned,
  TimelineStatus.inProgress,
  TimelineStatus.completedByCompany,
  TimelineStatus.completed,
] as const) {
  await life.requestAt({ status, customer: customerParty, company: moverCompany });
}
// Direct requests of the company, as its link leaves them (the confirmation letter): new ones
// for send_confirmation_letter, and ones whose letter the company sent (3, additional_status 0)
// for the letter's read and signature.
for (const sent of [false, false, true, true]) {
  const { id } = await createRequest(ctx.database, {
    customerId: customer.id,
    companyId: company.id,
    requestType: 1,
    contactFirstName: 'Robin',
    contactLastName: 'Hart',
    contactEmail: customer.email,
  });
  if (sent) {
    await life.ok('POST', '/api/company/send_confirmation_letter', moverCompany.token, {
      request_id: id,
      rate_method: 'Hourly',
      cash_payment_rate: 120,
      card_payment_rate: 130,
      minimum_hours: 3,
    });
  }
}
/** A live session for the signed-in routes; log_out and password changes may end it. */
async function freshToken(userId = customer.id) {
  const token = newToken();
  await ctx.database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return token;
}
let token = await freshToken();
// A comment on each of the customer's requests, so that generated parent_ids can hit one and
// the comment, detail, edit and cancel calls reach their rules.
for (const r of await ctx.database.db
  .select({ id: requests.id })
  .from(requests)
  .where(eq(requests.customerId, customer.id))) {
  await ctx.database.db
    .insert(requestComments)
    .values({ requestId: r.id, senderId: customer.id, senderType: 1, comment: 'Fuzz' });
}
let companyToken = await freshToken(company.id);

interface Case {
  target: number;
  body: unknown;
  query: unknown;
  /** Replace the session token with a hostile header value. */
  header: unknown;
}

const caseArbitrary: fc.Arbitrary<Case> = fc
  .integer({ min: 0, max: targets.length - 1 })
  .chain((target) => {
    const t = targets[target]!;
    const body = t.body ? hostile(arbitraryOf(t.body)) : hostile(fc.jsonValue({ maxDepth: 2 }));
    const query = t.query ? hostile(arbitraryOf(t.query)) : fc.constant(undefined);
    return fc.record({
      target: fc.constant(target),
      body,
      query,
      // One call in ten carries a hostile x-sh-auth instead of the session token.
      header: fc.oneof(
        { weight: 9, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: hostileValue },
      ),
    });
  });

/** A query string from the generated object; anything else becomes one raw parameter. */
function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (!query || typeof query !== 'object' || Array.isArray(query)) {
    return `?q=${encodeURIComponent(String(JSON.stringify(query)))}`;
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    params.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('fuzzing every route with schema-derived, hostile input', () => {
  it(
    `answers ${RUNS} requests (seed ${SEED}) without a 5xx`,
    async () => {
      expect(targets.length).toBeGreaterThan(40);
      const cases = fc.sample(caseArbitrary, { seed: SEED, numRuns: RUNS });
      const failures: string[] = [];
      const hits = new Map<string, number>();
      for (const c of cases) {
        const t = targets[c.target]!;
        const headers: Record<string, string> = {};
        if (t.signedIn) headers['x-sh-auth'] = t.partner ? companyToken : token;
        if (c.header !== null) headers['x-sh-auth'] = String(c.header);
        const method = t.method as 'GET';
        const hasBody = method !== 'GET';
        const res = await ctx.app.inject({
          method,
          url: `${t.url.replace('*', 'x')}${queryString(c.query)}`,
          headers,
          ...(hasBody ? { payload: JSON.stringify(c.body) ?? 'null' } : {}),
          ...(hasBody ? { headers: { ...headers, 'content-type': 'application/json' } } : {}),
        });
        const key = `${t.method} ${t.url} ${res.statusCode}`;
        hits.set(key, (hits.get(key) ?? 0) + 1);
        if (res.statusCode >= 500) {
          failures.push(
            `${t.method} ${t.url}${queryString(c.query)} → ${res.statusCode}\n` +
              `  x-sh-auth: ${JSON.stringify(headers['x-sh-auth'])}\n` +
              (hasBody ? `  body: ${JSON.stringify(c.body)?.slice(0, 1000)}\n` : '') +
              `  answer: ${res.body.slice(0, 300)}`,
          );
        }
        // A signed-in call that ended the session (log_out, a password change): start another.
        if (t.signedIn && res.statusCode === 401 && c.header === null) {
          if (t.partner) companyToken = await freshToken(company.id);
          else token = await freshToken();
        }
      }
      if (process.env.FUZZ_REPORT) console.warn([...hits].sort().join('\n'));
      expect(failures.slice(0, 20).join('\n\n'), `${failures.length} answers ≥ 500`).toBe('');
    },
    30 * 60_000,
  );
});
