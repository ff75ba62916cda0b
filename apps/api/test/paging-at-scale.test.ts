import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX, UserType } from '@movehub/shared';
import { companyProfiles, companyServiceZips } from '../src/db/schema';
import { buildTestApp, createUser, loginAs, TEST_PASSWORD, type TestContext } from './helper';
import { countsStatements, statementsOf } from './statements';

/*
 * Issue 32's two readers at the size it names: a company whose area holds 10,000 open requests
 * pages through its feed, and a customer with 500 requests through My Requests. Each walks the
 * whole list by next_before_id and sees every row once, newest first; a page deep in the list
 * costs the statements the first page costs (counted on the embedded database). How fast a page
 * is at that size is the bench's (docs/performance.md), not a timed test's.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const FEED_SIZE = 10_000;
const MY_REQUESTS = 500;

const post = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });

/** `count` open marketplace requests of the customer, picked up in `zip`, in one statement each table. */
async function seedRequests(customerId: number, zip: string, count: number): Promise<number[]> {
  const inserted = (await ctx.database.db.execute(sql`
    insert into requests (customer_id, move_date, start_window_from, start_window_to, movers,
                          customer_budget_cents, public_access_link, pick_up_zip)
    select ${customerId}::int, date '2027-03-01' + (g % 60), '08:00', '09:00', 2,
           40000 + g, md5(${randomUUID()} || g), ${zip}::text
    from generate_series(1, ${count}::int) g
    returning id`)) as unknown as { rows: { id: number }[] };
  const ids = inserted.rows.map((r) => Number(r.id));
  await ctx.database.db.execute(sql`
    insert into request_addresses (request_id, position, address_type, complete_address, zip_code)
    select r.id, p, p + 1, (100 + r.id) || ' Main St, Los Angeles, CA ' || ${zip}::text, ${zip}::text
    from requests r cross join generate_series(0, 1) p
    where r.customer_id = ${customerId}::int`);
  return ids.sort((a, b) => b - a);
}

/** Every page of a list from its first, following next_before_id: the ids in order and the pages. */
async function walk(
  read: (beforeId: number | undefined) => Promise<{ ids: number[]; next: number | null }>,
  maxPages: number,
) {
  const seen: number[] = [];
  let beforeId: number | undefined;
  let pages = 0;
  for (;;) {
    const { ids, next } = await read(beforeId);
    seen.push(...ids);
    pages += 1;
    if (next === null || pages >= maxPages) break;
    beforeId = next;
  }
  return { seen, pages };
}

describe('paging at the size issue 32 names', () => {
  it(`a company whose area holds ${FEED_SIZE} open requests pages through its feed, each once, newest first`, async () => {
    const zip = String(70_000 + Math.floor(Math.random() * 9_000));
    const elsewhere = String(60_000 + Math.floor(Math.random() * 9_000));
    const company = await createUser(ctx.database, {
      userType: UserType.company,
      email: `feed-${randomUUID()}@example.com`,
    });
    await ctx.database.db
      .insert(companyProfiles)
      .values({ userId: company.id, name: 'Deep Feed Movers' });
    await ctx.database.db
      .insert(companyServiceZips)
      .values({ companyId: company.id, zipCode: zip });
    const customer = await createUser(ctx.database, { email: `many-${randomUUID()}@example.com` });
    const outside = await createUser(ctx.database, { email: `out-${randomUUID()}@example.com` });
    const open = await seedRequests(customer.id, zip, FEED_SIZE);
    const notMine = await seedRequests(outside.id, elsewhere, 50);
    const token = await loginAs(ctx.app, company.email, TEST_PASSWORD, UserType.company);

    const feed = async (body: object) => {
      const res = await post('/api/company/open_requests', token, body);
      expect(res.statusCode, res.body).toBe(200);
      const json = res.json() as { data: { id: number }[]; next_before_id: number | null };
      return { ids: json.data.map((r) => r.id), next: json.next_before_id };
    };

    // The console's page (no limit named): the newest 20 and the way to the next.
    const first = await feed({ limit: 20 });
    expect(first.ids).toEqual(open.slice(0, 20));
    expect(first.next).toBe(open[19]);

    // The whole feed at the largest page the server gives.
    const { seen, pages } = await walk(
      (beforeId) =>
        feed({ limit: PAGE_LIMIT_MAX, ...(beforeId === undefined ? {} : { before_id: beforeId }) }),
      FEED_SIZE / PAGE_LIMIT_MAX + 2,
    );
    expect(pages).toBe(FEED_SIZE / PAGE_LIMIT_MAX);
    expect(seen).toEqual(open);
    expect(seen.some((id) => notMine.includes(id))).toBe(false);

    // A page near the end costs the statements the first page costs.
    if (countsStatements(ctx)) {
      const head = await statementsOf(ctx, async () => void (await feed({ limit: 20 })));
      const deep = await statementsOf(
        ctx,
        async () => void (await feed({ limit: 20, before_id: open[FEED_SIZE - 30] })),
      );
      expect(deep.length).toBe(head.length);
    }
  });

  it(`a customer with ${MY_REQUESTS} requests goes through My Requests page by page`, async () => {
    const customer = await createUser(ctx.database, { email: `mine-${randomUUID()}@example.com` });
    const mine = await seedRequests(customer.id, '90012', MY_REQUESTS);
    const token = await loginAs(ctx.app, customer.email);
    const myRequests = async (beforeId: number | undefined) => {
      const res = await post('/api/customer/get_customer_request', token, {
        request_status: '0',
        ...(beforeId === undefined ? {} : { before_id: beforeId }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const json = res.json() as {
        data: { request: { id: number } }[];
        next_before_id: number | null;
        request_count: { active_request_count: number };
      };
      expect(json.request_count.active_request_count).toBe(MY_REQUESTS);
      return { ids: json.data.map((e) => e.request.id), next: json.next_before_id };
    };
    // The screen's page: 20 with no limit named, 25 pages for 500 requests.
    const { seen, pages } = await walk(myRequests, MY_REQUESTS / 20 + 2);
    expect(pages).toBe(MY_REQUESTS / 20);
    expect(seen).toEqual(mine);

    if (countsStatements(ctx)) {
      const head = await statementsOf(ctx, async () => void (await myRequests(undefined)));
      const deep = await statementsOf(ctx, async () => void (await myRequests(mine[470])));
      expect(deep.length).toBe(head.length);
    }
  });
});
