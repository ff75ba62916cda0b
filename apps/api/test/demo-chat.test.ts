import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ChatType, TimelineStatus, UserType } from '@movehub/shared';
import {
  chatMessages,
  companyForemen,
  companyProfiles,
  companyTrucks,
  users,
} from '../src/db/schema';
import { DEMO_COMPANIES } from '../src/db/seed/demo';
import { DEMO_CHAT_JOB, demoReply } from '../src/modules/demo/demo-chat';
import { buildTestApp, type TestContext } from './helper';
import type { Company } from './lifecycle';
import { moveFixtures } from './moves-helpers';
import { connected, heardWithin, next, openSocket, type TestSocket } from './socket-client';

/** Short enough that a test never waits long. */
const DELAY_MS = 400;

let ctx: TestContext;
let baseUrl: string;
const f = moveFixtures(() => ctx);
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ DEMO_SIMULATOR_DELAY_MS: String(DELAY_MS) });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

/** A seeded demo company as the fixtures play it: signed in, its first foreman and truck first. */
async function demoCompany(): Promise<Company> {
  const [row] = await f
    .db()
    .select({ user: users, name: companyProfiles.name })
    .from(users)
    .innerJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(
      and(
        eq(users.userType, UserType.company),
        inArray(
          users.email,
          DEMO_COMPANIES.map((c) => c.email),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const { user, name } = row!;
  const crew = await f
    .db()
    .select({ user: users })
    .from(companyForemen)
    .innerJoin(users, eq(users.id, companyForemen.userId))
    .where(eq(companyForemen.companyId, user.id))
    .orderBy(asc(users.id));
  const foremen = [];
  for (const { user: foreman } of crew) {
    foremen.push({ user: foreman, token: await f.tokenOf(foreman.id) });
  }
  const trucks = await f
    .db()
    .select()
    .from(companyTrucks)
    .where(and(eq(companyTrucks.companyId, user.id), eq(companyTrucks.isActive, true)))
    .orderBy(asc(companyTrucks.id));
  return { user, name, token: await f.tokenOf(user.id), foremen, trucks };
}

async function customerSocket(customer: Awaited<ReturnType<typeof f.customer>>) {
  const socket = openSocket(baseUrl, {
    token: customer.token,
    roomId: customer.user.roomId,
    type: 1,
  });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const say = (
  from: { roomId: string },
  to: { roomId: string },
  requestId: number,
  text: string,
  type: number,
) => ({
  client_id: randomUUID(),
  sender_id: from.roomId,
  room_id: from.roomId,
  receiver_id: to.roomId,
  receive_type: type,
  request_id: requestId,
  message: text,
});

describe('demo partners in chat', () => {
  it('has the demo company answer a customer once, a moment later, live', async () => {
    const demo = await demoCompany();
    const company = demo.user;
    const customer = await f.customer();
    const request = await f.life.requestAt({
      status: TimelineStatus.paid,
      customer,
      company: demo,
    });
    const socket = await customerSocket(customer);
    for (const text of ['Hello!', 'Is 9am fine?']) {
      const ack = await socket.emitWithAck(
        'sendMessage',
        say(customer.user, company, request.id, text, ChatType.company),
      );
      expect(ack.code).toBe(200);
    }
    const reply = next(socket, 'chatMessage');
    await new Promise((r) => setTimeout(r, DELAY_MS));
    // Two messages in a burst get one answer.
    expect(await ctx.app.jobs.runDue(DEMO_CHAT_JOB)).toBe(1);
    expect(await reply).toMatchObject({
      request_id: request.id,
      sender_type: 0,
      receive_type: ChatType.company,
      message_text: expect.stringMatching(/schedule|crew|inventory/i),
    });
    const rows = await f
      .db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.requestId, request.id));
    expect(rows.map((r) => r.senderId)).toEqual([customer.user.id, customer.user.id, company.id]);
    expect(rows[2]!.message.length).toBeGreaterThan(10);
  });

  it('has the demo foreman answer during the move, and nobody answer a non-demo company', async () => {
    const demo = await demoCompany();
    const foreman = demo.foremen[0]!.user;
    const customer = await f.customer();
    const request = await f.life.requestAt({
      status: TimelineStatus.inProgress,
      customer,
      company: demo,
    });
    const socket = await customerSocket(customer);
    await socket.emitWithAck(
      'sendMessage',
      say(customer.user, foreman, request.id, 'Where are you?', ChatType.foreman),
    );
    const reply = next(socket, 'chatMessage');
    await new Promise((r) => setTimeout(r, DELAY_MS));
    expect(await ctx.app.jobs.runDue(DEMO_CHAT_JOB)).toBe(1);
    expect(await reply).toMatchObject({ receive_type: ChatType.foreman, sender_type: 0 });

    const other = await f.company();
    const request2 = await f.paidRequest({
      customerId: customer.user.id,
      companyId: other.user.id,
    });
    await socket.emitWithAck(
      'sendMessage',
      say(customer.user, other.user, request2.id, 'Hi', ChatType.company),
    );
    const silent = heardWithin(socket, 'chatMessage', DELAY_MS + 300);
    await new Promise((r) => setTimeout(r, DELAY_MS));
    expect(await ctx.app.jobs.runDue(DEMO_CHAT_JOB)).toBe(0);
    expect(await silent).toBe(false);
  });

  it('says something that fits where the move stands', () => {
    expect(demoReply(ChatType.company, TimelineStatus.truckAssigned, 0)).toMatch(/crew|truck/i);
    expect(demoReply(ChatType.company, TimelineStatus.completedByCompany, 1)).toMatch(
      /complete|moving/i,
    );
    expect(demoReply(ChatType.foreman, TimelineStatus.inProgress, 2)).toMatch(/\w/);
  });
});
