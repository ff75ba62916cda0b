import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import { DEMO_DIRECT_LINKS } from '../src/db/seed/demo';
import { analyticsDailyCounts, companyDirectLinks } from '../src/db/schema';
import { buildTestApp, createUser, type TestContext } from './helper';
import { lifecycle, type Company } from './lifecycle';
import { sessionFor } from './accounts-helpers';

/*
 * Page-view analytics (decision 043): the browser's page views and wizard steps, counted per day
 * and page in the database by default, never with an address, an account or the path's own
 * values; anonymous, so capped per address, by size and to the portal's pages and two event
 * names; and a company's direct links' visits in its console, its own links only.
 */

let ctx: TestContext;
const life = lifecycle(() => ctx);

beforeAll(async () => {
  ctx = await buildTestApp({ ANALYTICS_EVENTS_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

type EventBody = { name: string; path: string; step?: number };

const send = (body: EventBody | object, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/app_api/analytics_event',
    payload: body,
    headers,
    remoteAddress: ip,
  });

async function recorded(body: EventBody, headers: Record<string, string> = {}, ip?: string) {
  const res = await send(body, headers, ip);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { recorded: boolean }).recorded;
}

/** The counts of a page, summed over days, by event and step. */
async function countsOf(page: string, directLinkId: number | null = null) {
  const rows = await ctx.database.db
    .select()
    .from(analyticsDailyCounts)
    .where(
      sql`${analyticsDailyCounts.page} = ${page} and ${analyticsDailyCounts.directLinkId} is not distinct from ${directLinkId}`,
    );
  return rows;
}

const pageViews = async (page: string, directLinkId: number | null = null) =>
  (await countsOf(page, directLinkId))
    .filter((row) => row.event === 'pageview')
    .reduce((sum, row) => sum + row.count, 0);

/** A company of its own with one fresh direct link (no seeded visits). */
async function companyWithLink(): Promise<{ company: Company; linkId: number; link: string }> {
  const company = await life.company();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/company/create_direct_link',
    headers: { 'x-sh-auth': company.token },
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, link } = (res.json() as { data: { id: number; link: string } }).data;
  return { company, linkId: id, link };
}

interface Funnel {
  link_id: number;
  visits: number;
  steps: { step: number; count: number }[];
  sent: number;
}

async function funnelsOf(token: string, body: object = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/company/direct_link_analytics',
    headers: { 'x-sh-auth': token },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { from: string; to: string; days: number; links: Funnel[] } }).data;
}

describe('the analytics event call', () => {
  it('counts a visit to /create-request under its page and day, and nothing else', async () => {
    const before = await pageViews('/create-request');
    expect(await recorded({ name: 'pageview', path: '/create-request' })).toBe(true);
    expect(await pageViews('/create-request')).toBe(before + 1);

    const [row] = await countsOf('/create-request');
    const [today] = (
      (await ctx.database.db.execute(
        sql`select (now() at time zone 'America/Los_Angeles')::date::text as day`,
      )) as unknown as { rows: { day: string }[] }
    ).rows;
    expect(row?.day).toBe(today?.day);
    // A count per day and page: no column could hold an address, an agent, a user or a time.
    const columns = (
      (await ctx.database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'analytics_daily_counts' order by column_name`,
      )) as unknown as { rows: { column_name: string }[] }
    ).rows.map((c) => c.column_name);
    expect(columns).toEqual(['count', 'day', 'direct_link_id', 'event', 'id', 'page', 'step']);
  });

  it("keeps a path's own values out: a reset token's page is counted as its pattern", async () => {
    const token = 'reset-token-4f9a8c1e2b';
    expect(await recorded({ name: 'pageview', path: `/set-forget-password/${token}` })).toBe(true);
    expect(await pageViews('/set-forget-password/:token')).toBe(1);
    expect(
      await recorded({ name: 'pageview', path: '/dashboard/my-requests/companies-list/7' }),
    ).toBe(true);
    expect(await pageViews('/dashboard/my-requests/companies-list/:requestId')).toBe(1);
    const everything = JSON.stringify(await ctx.database.db.select().from(analyticsDailyCounts));
    expect(everything).not.toContain(token);
  });

  it('stores nothing of a signed-in caller: the count is the same as anyone’s', async () => {
    const customer = await createUser(ctx.database);
    const token = await sessionFor(ctx.database, customer.id);
    const before = await pageViews('/dashboard/my-cards');
    expect(
      await recorded({ name: 'pageview', path: '/dashboard/my-cards' }, { 'x-sh-auth': token }),
    ).toBe(true);
    expect(await pageViews('/dashboard/my-cards')).toBe(before + 1);
    expect(JSON.stringify(await countsOf('/dashboard/my-cards'))).not.toContain(`"${customer.id}"`);
  });

  it('refuses event names, paths and steps it does not know (422), with nothing counted', async () => {
    const before = await ctx.database.db.select().from(analyticsDailyCounts);
    for (const body of [
      { name: 'click', path: '/create-request' },
      { name: 'pageview', path: '/create-request?utm_source=mail' },
      { name: 'pageview', path: '/create-request#top' },
      { name: 'pageview', path: 'https://elsewhere.example/create-request' },
      { name: 'pageview', path: `/${'a'.repeat(400)}` },
      { name: 'pageview', path: '/create-request', step: 1 },
      { name: 'wizard_step', path: '/create-request' },
      { name: 'wizard_step', path: '/create-request', step: 9 },
      { name: 'pageview', path: '/create-request', user_id: 5 },
    ]) {
      const res = await send(body);
      if ('user_id' in body) {
        // Unknown fields are dropped, never stored: the row is the page's count.
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const after = await ctx.database.db.select().from(analyticsDailyCounts);
    expect(after.length).toBe(before.length);
  });

  it("does not count pages outside the customer portal, or a wizard step off the wizard's page", async () => {
    expect(await recorded({ name: 'pageview', path: '/partner/jobs' })).toBe(false);
    expect(await recorded({ name: 'pageview', path: '/no/such/page' })).toBe(false);
    expect(await recorded({ name: 'wizard_step', path: '/login', step: 2 })).toBe(false);
    expect(await pageViews('/partner/jobs')).toBe(0);
  });

  it('refuses a body larger than an event, as any oversize body (400)', async () => {
    const res = await send({ name: 'pageview', path: '/login', padding: 'x'.repeat(2_000) });
    expect(res.json()).toEqual({ code: 400, message: MSG.bodyTooLarge });
    // The server's limit for other calls is a megabyte: this one is a kilobyte.
    const fits = await send({ name: 'pageview', path: '/login', padding: 'x'.repeat(800) });
    expect(fits.statusCode).toBe(200);
  });

  it('counts nothing from a browser that asks not to be tracked (Sec-GPC, DNT)', async () => {
    const before = await pageViews('/register');
    expect(await recorded({ name: 'pageview', path: '/register' }, { 'sec-gpc': '1' })).toBe(false);
    expect(await recorded({ name: 'pageview', path: '/register' }, { dnt: '1' })).toBe(false);
    expect(await pageViews('/register')).toBe(before);
  });

  it("caps each address a minute: past its quota an event is answered but not counted, another address's still is", async () => {
    const capped = await buildTestApp({ ANALYTICS_EVENTS_PER_MINUTE: '3' });
    try {
      const post = (ip: string) =>
        capped.app.inject({
          method: 'POST',
          url: '/app_api/analytics_event',
          payload: { name: 'pageview', path: '/login' },
          remoteAddress: ip,
        });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await post('10.9.9.9'));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((res) => res.json().recorded)).toEqual([true, true, true, false, false]);
      expect((await post('10.9.9.10')).json().recorded).toBe(true);
      const [row] = await capped.database.db
        .select({ count: analyticsDailyCounts.count })
        .from(analyticsDailyCounts)
        .where(eq(analyticsDailyCounts.page, '/login'));
      expect(row?.count).toBe(4);
    } finally {
      await capped.close();
    }
  });
});

describe("a company's direct links in its console", () => {
  it("shows each link's visits, how many reached each step and how many sent a request", async () => {
    const { company, linkId, link } = await companyWithLink();
    const path = `/create-request/${link}`;
    // Two visitors: one sends the request, one leaves at the details.
    for (let visitor = 0; visitor < 2; visitor++) {
      expect(await recorded({ name: 'pageview', path })).toBe(true);
      for (const step of visitor === 0 ? [0, 1, 2, 4, 7, 8] : [0, 1]) {
        expect(await recorded({ name: 'wizard_step', path, step })).toBe(true);
      }
    }
    const data = await funnelsOf(company.token);
    expect(data.days).toBe(7);
    expect(data.links).toEqual([
      {
        link_id: linkId,
        visits: 2,
        steps: [
          { step: 0, count: 2 },
          { step: 1, count: 2 },
          { step: 2, count: 1 },
          { step: 3, count: 0 },
          { step: 4, count: 1 },
          { step: 5, count: 0 },
          { step: 6, count: 0 },
          { step: 7, count: 1 },
        ],
        sent: 1,
      },
    ]);
    const day = (d: string) => new Date(`${d}T00:00:00Z`).getTime();
    expect((day(data.to) - day(data.from)) / 86_400_000).toBe(6);
  });

  it('shows a company its own links only, and a new link with zeros', async () => {
    const mine = await companyWithLink();
    const theirs = await companyWithLink();
    await recorded({ name: 'pageview', path: `/create-request/${theirs.link}` });
    const data = await funnelsOf(mine.company.token);
    expect(data.links.map((l) => l.link_id)).toEqual([mine.linkId]);
    expect(data.links[0]).toMatchObject({ visits: 0, sent: 0 });
  });

  it("counts a disabled link's page but not for its company", async () => {
    const { company, linkId, link } = await companyWithLink();
    await ctx.database.db
      .update(companyDirectLinks)
      .set({ isActive: false })
      .where(eq(companyDirectLinks.id, linkId));
    const before = await pageViews('/create-request/:direct_link');
    expect(await recorded({ name: 'pageview', path: `/create-request/${link}` })).toBe(true);
    expect(await pageViews('/create-request/:direct_link')).toBe(before + 1);
    expect((await funnelsOf(company.token)).links[0]).toMatchObject({ link_id: linkId, visits: 0 });
  });

  it("is the company's alone: no token 401, a customer 403", async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/direct_link_analytics',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await createUser(ctx.database);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/direct_link_analytics',
      headers: { 'x-sh-auth': await sessionFor(ctx.database, customer.id) },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('gives the demo companies a week of visits on their links', async () => {
    const [swift] = await ctx.database.db
      .select({ id: companyDirectLinks.id, companyId: companyDirectLinks.companyId })
      .from(companyDirectLinks)
      .where(eq(companyDirectLinks.link, DEMO_DIRECT_LINKS.company));
    const token = await sessionFor(ctx.database, swift!.companyId);
    const week = (await funnelsOf(token)).links.find((l) => l.link_id === swift!.id)!;
    const yesterday = (await funnelsOf(token, { days: 1 })).links.find(
      (l) => l.link_id === swift!.id,
    )!;
    expect(week.visits).toBeGreaterThan(yesterday.visits * 3);
    expect(week.sent).toBeGreaterThan(0);
    expect(week.steps[0]!.count).toBeGreaterThan(week.steps[7]!.count);
    expect(week.steps[7]!.count).toBeGreaterThanOrEqual(week.sent);
    const days = await ctx.database.db
      .selectDistinct({ day: analyticsDailyCounts.day })
      .from(analyticsDailyCounts)
      .where(eq(analyticsDailyCounts.directLinkId, swift!.id));
    expect(days).toHaveLength(7);
  });
});
