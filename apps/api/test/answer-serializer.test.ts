import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes, TimelineStatus, type ApiCall } from '@movehub/shared';
import {
  chatMessages,
  requestComments,
  requestItemImages,
  requestItems,
  requestTimeline,
} from '../src/db/schema';
import { compileAnswerSerializer } from '../src/lib/answer-serializer';
import { buildPeerApp, buildTestApp, type TestContext } from './helper';
import { lifecycle, type Company, type Party } from './lifecycle';

/*
 * The compiled serializers (lib/answer-serializer.ts) on the big answers as the real server
 * gives them: a customer's list and detail, a company's jobs and open requests, the chat's
 * channels and messages. This app checks every answer against zod's parse (ANSWER_CHECKS, on in
 * tests); a second app on the same database writes them as production does, unchecked, and must
 * send the same bytes. Each answer is then written again shuffled and with keys the schema does
 * not name, which zod's parse and the compiled serializer must both write as the server did.
 */

let ctx: TestContext;
let production: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
  production = await buildPeerApp(ctx, {
    ANSWER_CHECKS: 'false',
    IP_RATE_LIMIT_PER_MINUTE: '100000',
  });
});
afterAll(async () => {
  await production?.close();
  await ctx?.close();
});
const life = lifecycle(() => ctx);

/** The same call to the checked app and to the production-like one: its two bodies. */
async function both(call: ApiCall, token: string, payload: object) {
  const url = call.slice(call.indexOf(' ') + 1);
  const send = (app: TestContext) =>
    app.app.inject({ method: 'POST', url, headers: { 'x-sh-auth': token }, payload });
  const [checked, unchecked] = [await send(ctx), await send(production)];
  expect(checked.statusCode, checked.body).toBe(200);
  expect(unchecked.statusCode, unchecked.body).toBe(200);
  return { checked: checked.body, unchecked: unchecked.body };
}

/** Items with photos, comments with replies, timeline steps and chat lines on a request. */
async function fill(requestId: number, customer: Party, company: Company, n: number) {
  const db = ctx.database.db;
  for (let i = 0; i < n; i += 1) {
    const [item] = await db
      .insert(requestItems)
      .values({
        requestId,
        name: `Box "${i}" é\u2028`,
        categoryName: 'Common List',
        quantity: i + 1,
        type: i % 2 === 0 ? '1' : '2',
        unitPriceCents: 250 + i,
        position: i,
      })
      .returning();
    await db.insert(requestItemImages).values([
      { requestItemId: item!.id, imageUrl: `/uploads/${i}-a.jpg` },
      { requestItemId: item!.id, imageUrl: `/uploads/${i}-b.jpg` },
    ]);
    const [parent] = await db
      .insert(requestComments)
      .values({
        requestId,
        senderId: customer.user.id,
        senderType: 1,
        comment: `Is the piano \\ "heavy"? ${i}\n`,
      })
      .returning();
    await db.insert(requestComments).values({
      requestId,
      senderId: company.user.id,
      senderType: 0,
      comment: `Reply ${i} 😀`,
      parentId: parent!.id,
    });
    await db.insert(requestTimeline).values({ requestId, activityTitle: `Step ${i}` });
    await db.insert(chatMessages).values({
      requestId,
      channelType: 0,
      senderId: i % 2 ? customer.user.id : company.user.id,
      receiverId: i % 2 ? company.user.id : customer.user.id,
      message: `Line ${i}\t"quoted"`,
    });
  }
}

/** The answer with its keys in another order and keys no schema names, at every depth. */
function disturbed(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => disturbed(item, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).reverse();
  return Object.fromEntries([
    ['zz_not_in_schema', { depth }],
    ...entries.map(([key, inner]) => [key, disturbed(inner, depth + 1)]),
    ['password_hash', 'x'],
  ]);
}

function expectFaithful(call: ApiCall, body: string) {
  const schema = apiRoutes[call].answer as z.ZodType;
  const serializer = compileAnswerSerializer(schema);
  expect(serializer.compiled, serializer.reason).toBe(true);
  const answer: unknown = JSON.parse(body);
  expect(serializer.serialize(answer)).toBe(body);
  const other = disturbed(answer);
  expect(serializer.serialize(other)).toBe(JSON.stringify(schema.parse(other)));
}

describe('compiled answers on the big routes', () => {
  let customer: Party;
  let winner: Company;
  let bidder: Company;
  let moving: number;
  let bidding: number;

  beforeAll(async () => {
    customer = await life.customer();
    winner = await life.company();
    bidder = await life.company();
    moving = (
      await life.requestAt({ status: TimelineStatus.truckAssigned, customer, company: winner })
    ).id;
    bidding = (
      await life.requestAt({ status: TimelineStatus.pendingAcceptance, customer, company: winner })
    ).id;
    await life.bid(bidder, bidding, 47_500);
    await life.send(customer);
    await fill(moving, customer, winner, 12);
    await fill(bidding, customer, winner, 3);
  });

  const reads: [ApiCall, () => string, () => object][] = [
    [
      'POST /api/customer/get_customer_request',
      () => customer.token,
      () => ({ request_status: 0 }),
    ],
    [
      'POST /api/customer/customer_request_detail',
      () => customer.token,
      () => ({ request_id: moving }),
    ],
    [
      'POST /api/customer/customer_request_detail',
      () => customer.token,
      () => ({ request_id: bidding }),
    ],
    ['POST /api/company/jobs', () => winner.token, () => ({})],
    ['POST /api/company/job_detail', () => winner.token, () => ({ request_id: moving })],
    ['POST /api/company/open_requests', () => bidder.token, () => ({})],
    ['POST /app_api/channels', () => customer.token, () => ({})],
    ['POST /app_api/channels', () => winner.token, () => ({})],
    [
      'POST /app_api/get_messages',
      () => customer.token,
      () => ({ socket_id: winner.user.roomId, request_id: moving, type: 0 }),
    ],
  ];

  it.each(reads)(
    '%s: production writes the checked bytes, and the serializer writes what zod wrote',
    async (call, token, payload) => {
      const { checked, unchecked } = await both(call, token(), payload());
      expect(unchecked).toBe(checked);
      expectFaithful(call, checked);
    },
  );
});
