import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, TimelineStatus } from '@movehub/shared';
import { chatMessages } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import { lifecycle, type Company, type Party } from './lifecycle';
import { countsStatements, showStatements as show, statementsOf } from './statements';

/*
 * The hot reads are bound by round trips to the database (docs/performance.md): each statement is
 * one. These pin how many statements a call of each sends, its session's lookup included, so that
 * a change that adds a round trip to one fails here (statements.ts counts them).
 */

let ctx: TestContext;
beforeAll(async () => {
  // As in production: no demo simulator (its subscriber reads the request after each event).
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000', DEMO_SIMULATOR: 'false' });
});
afterAll(() => ctx.close());

const life = lifecycle(() => ctx);

let world: { customer: Party; company: Company; foreman: Party; requestId: number } | undefined;

/** A customer whose move is under way: both its conversations open, each with a message. */
async function moveUnderWay() {
  if (world) return world;
  const customer = await life.customer();
  const company = await life.company();
  const { id } = await life.requestAt({ status: TimelineStatus.inProgress, customer, company });
  const foreman = company.foremen[0]!;
  await life
    .db()
    .insert(chatMessages)
    .values([
      {
        requestId: id,
        channelType: ChatType.company,
        senderId: customer.user.id,
        receiverId: company.user.id,
        message: 'Is the truck on its way?',
      },
      {
        requestId: id,
        channelType: ChatType.foreman,
        senderId: foreman.user.id,
        receiverId: customer.user.id,
        message: 'Ten minutes away.',
      },
    ]);
  world = { customer, company, foreman, requestId: id };
  return world;
}

/** The statements of one call (after a first one, so that every statement is prepared). */
async function statementsOfCall(name: string, url: string, token: string, payload: object) {
  const call = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'x-sh-auth': token },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  await call();
  let answer: Record<string, unknown> = {};
  const statements = await statementsOf(ctx, async () => {
    answer = await call();
  });
  show(name, statements);
  return { statements, answer };
}

describe('round trips of the hot reads', () => {
  it('channels is one statement after the session, whoever calls', async () => {
    if (!countsStatements(ctx)) return; // counted on the embedded client
    const { customer, company, foreman, requestId } = await moveUnderWay();
    const mine = await statementsOfCall(
      'channels (customer)',
      '/app_api/channels',
      customer.token,
      {},
    );
    // Both kinds of conversation in the one statement.
    expect(mine.answer).toMatchObject({
      request_data: [{ request_id: requestId, type: ChatType.company }],
      request_data_foreman: [{ request_id: requestId, type: ChatType.foreman }],
    });
    expect(mine.statements).toHaveLength(2);
    for (const [name, party] of [
      ['company', company],
      ['foreman', foreman],
    ] as const) {
      const { statements } = await statementsOfCall(
        `channels (${name})`,
        '/app_api/channels',
        party.token,
        {},
      );
      expect(statements).toHaveLength(2);
    }
  });

  it("the company's and the foreman's jobs are one statement after the session", async () => {
    if (!countsStatements(ctx)) return;
    const { company, foreman, requestId } = await moveUnderWay();
    const jobs = await statementsOfCall('company jobs', '/api/company/jobs', company.token, {});
    expect(jobs.answer).toMatchObject({
      data: { counts: { in_progress: 1 }, items: [{ id: requestId }] },
    });
    expect(jobs.statements).toHaveLength(2);
    const staged = await statementsOfCall(
      'company jobs (a stage)',
      '/api/company/jobs',
      company.token,
      {
        stage: 'in_progress',
        limit: 1,
      },
    );
    expect(staged.statements).toHaveLength(2);
    // A page with no row to carry the counts reads them on their own.
    const empty = await statementsOfCall(
      'company jobs (empty)',
      '/api/company/jobs',
      company.token,
      {
        stage: 'paid',
      },
    );
    expect(empty.answer).toMatchObject({
      data: { counts: { in_progress: 1, paid: 0 }, items: [] },
    });
    expect(empty.statements).toHaveLength(3);

    const mine = await statementsOfCall('foreman jobs', '/api/foreman/jobs', foreman.token, {});
    expect(mine.answer).toMatchObject({ data: { today: [{ id: requestId }] } });
    expect(mine.statements).toHaveLength(2);
  });

  it('get_messages and get_customer_request are one statement after the session', async () => {
    if (!countsStatements(ctx)) return;
    const { customer, company, foreman, requestId } = await moveUnderWay();
    for (const [type, other] of [
      [ChatType.company, company],
      [ChatType.foreman, foreman],
    ] as const) {
      const page = await statementsOfCall(
        `get_messages (${type})`,
        '/app_api/get_messages',
        customer.token,
        {
          socket_id: other.user.roomId,
          request_id: requestId,
          type,
        },
      );
      expect(page.answer).toMatchObject({ getchatdata: [{ request_id: requestId }] });
      expect(page.statements).toHaveLength(2);
    }
    const list = await statementsOfCall(
      'get_customer_request',
      '/api/customer/get_customer_request',
      customer.token,
      { request_status: '0' },
    );
    expect(list.answer).toMatchObject({ data: [{ request: { id: requestId } }] });
    expect(list.statements).toHaveLength(2);
  });
});
