import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CHAT_TEXT,
  ChatType,
  MAX_CHAT_MESSAGE_LENGTH,
  TimelineStatus,
  UserType,
  type ChatMessage,
} from '@movehub/shared';
import { chatMessages, companyServiceZips, requests, sessions } from '../src/db/schema';
import { eventsOf } from '../src/platform/events/dispatcher';
import {
  chatMessageSignal,
  sendSignal,
  signalOpenRequest,
  type ChatDelivery,
} from '../src/realtime/signals';
import { CHAT_MESSAGES_PER_USER_PER_MINUTE } from '../src/lib/business-limits';
import { notify } from '../src/modules/notifications/notifications.service';
import { outboxFor } from './accounts-helpers';
import {
  buildTestApp,
  createRequest,
  pickUpIn,
  createUser,
  TEST_PASSWORD,
  type TestContext,
} from './helper';
import type { Status } from './lifecycle';
import { moveFixtures } from './moves-helpers';
import {
  connected,
  heardWithin,
  next,
  openSocket,
  refusal,
  type TestSocket,
} from './socket-client';

let ctx: TestContext;
let baseUrl: string;
const f = moveFixtures(() => ctx);
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ SEED_DEMO: 'false' });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

/** A connected socket of a user (customer type 1 unless given). */
async function socketOf(user: { roomId: string; userType: number }, token: string) {
  const socket = openSocket(baseUrl, { token, roomId: user.roomId, type: user.userType });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

/**
 * A customer, a company and its first foreman on a request at `status` (the foreman assigned
 * from status 4), each with a socket.
 */
async function scene(status: Status = TimelineStatus.paid) {
  const company = await f.company();
  const customer = await f.customer();
  const request = await f.paidRequest({
    customerId: customer.user.id,
    companyId: company.user.id,
    status,
  });
  const foreman = company.foremen[0]!;
  return {
    request,
    company,
    customer,
    foreman,
    sockets: {
      customer: await socketOf(customer.user, customer.token),
      company: await socketOf(company.user, company.token),
      foreman: await socketOf(foreman.user, foreman.token),
    },
  };
}

function message(
  from: { roomId: string },
  to: { roomId: string },
  requestId: number,
  text: string,
  type: number = ChatType.company,
) {
  return {
    client_id: randomUUID(),
    sender_id: from.roomId,
    room_id: from.roomId,
    receiver_id: to.roomId,
    receive_type: type,
    request_id: requestId,
    message: text,
  };
}

describe('the socket handshake', () => {
  it('refuses a socket without a token, with a bad one, or with a revoked one', async () => {
    expect(await refusal(openSocket(baseUrl, {}))).toEqual({
      code: 401,
      message: expect.any(String),
    });
    expect((await refusal(openSocket(baseUrl, { token: 'x'.repeat(43) }))).code).toBe(401);
    expect((await refusal(openSocket(baseUrl, { token: 'bad\u0000token' }))).code).toBe(401);

    const customer = await f.customer();
    const out = await f.call('/app_api/log_out', customer.token, {});
    expect(out.statusCode).toBe(200);
    const revoked = openSocket(baseUrl, { token: customer.token, roomId: customer.user.roomId });
    expect((await refusal(revoked)).code).toBe(401);
  });

  it("refuses another user's room, and a type that is not the account's", async () => {
    const a = await f.customer();
    const b = await f.customer();
    const other = openSocket(baseUrl, { token: a.token, roomId: b.user.roomId, type: 1 });
    expect(await refusal(other)).toEqual({ code: 403, message: CHAT_TEXT.notYourRoom });
    const wrongType = openSocket(baseUrl, { token: a.token, roomId: a.user.roomId, type: 2 });
    expect((await refusal(wrongType)).code).toBe(403);
  });

  it('joins its own room on create and refuses any other', async () => {
    const a = await f.customer();
    const b = await f.customer();
    const socket = await socketOf(a.user, a.token);
    expect(await socket.emitWithAck('create', a.user.roomId)).toMatchObject({ code: 200 });
    expect(await socket.emitWithAck('create', b.user.roomId)).toEqual({
      code: 403,
      message: CHAT_TEXT.notYourRoom,
    });
  });

  it('takes the token from the handshake’s auth only, not from an x-sh-auth header', async () => {
    const customer = await f.customer();
    const socket = openSocket(baseUrl, {
      roomId: customer.user.roomId,
      headers: { 'x-sh-auth': customer.token },
    });
    sockets.push(socket);
    expect((await refusal(socket)).code).toBe(401);
  });

  it("closes every other session's sockets when the password changes", async () => {
    const customer = await f.customer();
    const other = await socketOf(customer.user, customer.token);
    const keeper = await f.tokenOf(customer.user.id);
    const kept = await socketOf(customer.user, keeper);
    const closed = new Promise<string>((resolve) => other.once('disconnect', resolve));
    const res = await f.call('/app_api/update_password', keeper, {
      current_password: TEST_PASSWORD,
      password: 'New@12345',
      confirm_password: 'New@12345',
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
  });

  it("closes a session's sockets when it logs out", async () => {
    const customer = await f.customer();
    const socket = await socketOf(customer.user, customer.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await f.call('/app_api/log_out', customer.token, {});
    expect(await closed).toBe('io server disconnect');
  });

  it("closes every session's sockets when a reset link sets the password", async () => {
    const customer = await f.customer();
    const socket = await socketOf(customer.user, customer.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const asked = await f.call('/app_api/reset_password', undefined, {
      email: customer.user.email,
      user_type: UserType.customer,
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await outboxFor(ctx.app, customer.user.email);
    const token = mail!.body.match(/\/set-forget-password\/([\w-]+)/)![1]!;
    const res = await f.call('/app_api/change_password', undefined, {
      password: 'New@12345',
      confirm_password: 'New@12345',
      jwt_token: token,
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it("closes a removed foreman's sockets", async () => {
    const company = await f.company();
    const foreman = company.foremen[1]!;
    const socket = await socketOf(foreman.user, foreman.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const res = await f.call('/api/company/remove_foreman', company.token, {
      foreman_id: foreman.user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('sendMessage', () => {
  it('stores the message, acknowledges it, then delivers it to the company', async () => {
    const s = await scene();
    const heard = next(s.sockets.company, 'chatMessage');
    const ack = await s.sockets.customer.emitWithAck(
      'sendMessage',
      message(s.customer.user, s.company.user, s.request.id, '  Is parking at the back ok?  '),
    );
    expect(ack).toMatchObject({
      code: 200,
      data: {
        request_id: s.request.id,
        message_text: 'Is parking at the back ok?',
        sender_type: 1,
        message_status: 0,
        sender_id: s.customer.user.roomId,
        receiver_id: s.company.user.roomId,
        receive_type: ChatType.company,
      },
    });
    const received = await heard;
    expect(received).toMatchObject({
      id: ack.data!.id,
      sender_type: 0,
      message_text: 'Is parking at the back ok?',
    });
    const [row] = await f.db().select().from(chatMessages).where(eq(chatMessages.id, received.id));
    expect(row).toMatchObject({ senderId: s.customer.user.id, receiverId: s.company.user.id });
  });

  it("reaches the sender's other tabs, never the other customers", async () => {
    const s = await scene();
    const secondTab = await socketOf(s.customer.user, s.customer.token);
    const stranger = await f.customer();
    const strangerSocket = await socketOf(stranger.user, stranger.token);
    const strangerHeard = heardWithin(strangerSocket, 'chatMessage', 800);
    const tabHeard = next(secondTab, 'chatMessage');
    const senderHeard = heardWithin(s.sockets.customer, 'chatMessage', 800);
    await s.sockets.customer.emitWithAck(
      'sendMessage',
      message(s.customer.user, s.company.user, s.request.id, 'Hello from tab one'),
    );
    expect((await tabHeard).sender_type).toBe(1);
    expect(await senderHeard).toBe(false);
    expect(await strangerHeard).toBe(false);
  });

  it('lets the company and the foreman answer through the same socket', async () => {
    const s = await scene(TimelineStatus.inProgress);
    const heard = next(s.sockets.customer, 'chatMessage');
    const ack = await s.sockets.company.emitWithAck(
      'sendMessage',
      message(s.company.user, s.customer.user, s.request.id, 'We are on schedule.'),
    );
    expect(ack.code).toBe(200);
    expect(await heard).toMatchObject({ sender_type: 0, receive_type: 0 });

    const fromForeman = next(s.sockets.customer, 'chatMessage');
    const foremanAck = await s.sockets.foreman.emitWithAck(
      'sendMessage',
      message(s.foreman.user, s.customer.user, s.request.id, 'Ten minutes away.', ChatType.foreman),
    );
    expect(foremanAck.code).toBe(200);
    expect(await fromForeman).toMatchObject({ receive_type: 2, message_text: 'Ten minutes away.' });
  });

  it('finds the conversation from the two rooms when the message names no request', async () => {
    const s = await scene();
    const heard = next(s.sockets.company, 'chatMessage');
    const { request_id: _omitted, ...spec } = message(
      s.customer.user,
      s.company.user,
      s.request.id,
      'Fields as the spec lists them',
    );
    const ack = await s.sockets.customer.emitWithAck('sendMessage', spec);
    expect(ack).toMatchObject({ code: 200, data: { request_id: s.request.id } });
    expect((await heard).request_id).toBe(s.request.id);
  });

  it("writes the message's event: the sockets' signal, and who wrote to whom when", async () => {
    const s = await scene();
    const ack = await s.sockets.customer.emitWithAck(
      'sendMessage',
      message(s.customer.user, s.company.user, s.request.id, 'Noted, thanks'),
    );
    const sent = (await eventsOf(f.db(), s.request.id)).filter(
      (e) => e.type === 'chat.message_sent',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.dispatchedAt).not.toBeNull();
    const { sender_type: _seen, ...delivery } = ack.data!;
    expect(sent[0]!.payload).toEqual({
      signals: [{ kind: 'chat-message', data: delivery, exceptSocketId: s.sockets.customer.id }],
      data: {
        requestId: s.request.id,
        type: ChatType.company,
        senderId: s.customer.user.id,
        receiverId: s.company.user.id,
        at: Date.parse(ack.data!.message_datatime),
      },
    });
  });

  it('carries a message in its signal once, or only its id when it would not fit', () => {
    const delivery: ChatDelivery = {
      id: 7,
      request_id: 3,
      message_text: '\u20ac'.repeat(MAX_CHAT_MESSAGE_LENGTH),
      message_type: 0,
      message_datatime: new Date().toISOString(),
      message_status: 0,
      is_active: true,
      sender_id: randomUUID(),
      receiver_id: randomUUID(),
      receive_type: ChatType.company,
    };
    // The longest message, three bytes a character, still fits.
    expect(chatMessageSignal(delivery, 'tab')).toEqual({
      kind: 'chat-message',
      data: delivery,
      exceptSocketId: 'tab',
    });
    const oversize = { ...delivery, message_text: '\u20ac'.repeat(3000) };
    expect(chatMessageSignal(oversize, 'tab')).toEqual({
      kind: 'chat-message',
      id: 7,
      exceptSocketId: 'tab',
    });
    expect(chatMessageSignal(oversize)).toEqual({ kind: 'chat-message', id: 7 });
  });

  it('delivers a message signalled by its id: each process reads it and tells both sides', async () => {
    const s = await scene();
    const secondTab = await socketOf(s.customer.user, s.customer.token);
    const delivered = [next(s.sockets.company, 'chatMessage'), next(secondTab, 'chatMessage')];
    const ack = await s.sockets.customer.emitWithAck(
      'sendMessage',
      message(s.customer.user, s.company.user, s.request.id, 'Read me back'),
    );
    await Promise.all(delivered);
    const company = next(s.sockets.company, 'chatMessage');
    const tab = next(secondTab, 'chatMessage');
    const sender = heardWithin(s.sockets.customer, 'chatMessage', 800);
    await sendSignal(f.db(), {
      kind: 'chat-message',
      id: ack.data!.id,
      exceptSocketId: s.sockets.customer.id!,
    });
    expect(await company).toEqual({ ...ack.data, sender_type: 0 });
    expect(await tab).toEqual(ack.data);
    expect(await sender).toBe(false);
  });

  it('refuses a session revoked since the handshake, even without its signal', async () => {
    const customer = await f.customer();
    const company = await f.company();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
    });
    const socket = await socketOf(customer.user, customer.token);
    // Revoked behind the server's back: no signal reaches the socket.
    await f
      .db()
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, customer.user.id));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const ack = await socket.emitWithAck(
      'sendMessage',
      message(customer.user, company.user, request.id, 'After logout'),
    );
    expect(ack.code).toBe(401);
    await closed;
    expect(
      await f.db().select().from(chatMessages).where(eq(chatMessages.requestId, request.id)),
    ).toEqual([]);
  });

  it('limits how fast one user may send across all their sockets: 150 over 5 sockets stop at the ceiling', async () => {
    const s = await scene();
    const more = await Promise.all(
      Array.from({ length: 4 }, () => socketOf(s.customer.user, s.customer.token)),
    );
    const sockets = [s.sockets.customer, ...more];
    const acks = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        sockets[i % sockets.length]!.emitWithAck(
          'sendMessage',
          message(s.customer.user, s.company.user, s.request.id, `Message ${i}`),
        ),
      ),
    );
    const ceiling = CHAT_MESSAGES_PER_USER_PER_MINUTE;
    expect(acks.filter((a) => a.code === 200)).toHaveLength(ceiling);
    const refused = acks.filter((a) => a.code === 429);
    expect(refused).toHaveLength(150 - ceiling);
    expect(refused[0]!.message).toMatch(
      /^Too many chat messages from this account\. Please try again in \d+ seconds\.$/,
    );
    expect(
      await f.db().select().from(chatMessages).where(eq(chatMessages.requestId, s.request.id)),
    ).toHaveLength(ceiling);
    // Another user is not held by this one's ceiling.
    const other = await s.sockets.company.emitWithAck(
      'sendMessage',
      message(s.company.user, s.customer.user, s.request.id, 'Still here'),
    );
    expect(other.code).toBe(200);
    for (const socket of more) socket.disconnect();
  });

  it('stores a resent client_id once and delivers it once', async () => {
    const s = await scene();
    const body = message(s.customer.user, s.company.user, s.request.id, 'Sent twice');
    const heard = next(s.sockets.company, 'chatMessage');
    const first = await s.sockets.customer.emitWithAck('sendMessage', body);
    // Delivered once it commits, which may be after the ack.
    expect((await heard).id).toBe(first.data?.id);
    const heardAgain = heardWithin(s.sockets.company, 'chatMessage', 800);
    const second = await s.sockets.customer.emitWithAck('sendMessage', body);
    expect(second.data?.id).toBe(first.data?.id);
    expect(await heardAgain).toBe(false);
    const rows = await f
      .db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.requestId, s.request.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty, oversize or malformed message with an ack error', async () => {
    const s = await scene();
    const base = message(s.customer.user, s.company.user, s.request.id, 'x');
    const send = (payload: unknown) =>
      s.sockets.customer.emitWithAck('sendMessage', payload as never);
    expect(await send({ ...base, message: '   ' })).toEqual({
      code: 422,
      message: CHAT_TEXT.messageRequired,
    });
    expect(await send({ ...base, message: 'x'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1) })).toEqual({
      code: 422,
      message: CHAT_TEXT.messageTooLong,
    });
    expect((await send({ ...base, message: 'bell\u0007' })).code).toBe(422);
    expect((await send({ ...base, request_id: 'abc' })).code).toBe(422);
    expect((await send({ ...base, receive_type: 1 })).code).toBe(422);
    expect((await send(null)).code).toBe(422);
    expect((await send('text')).code).toBe(422);
    const rows = await f
      .db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.requestId, s.request.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses rooms that are not the sender\u2019s or the other side\u2019s', async () => {
    const s = await scene();
    const stranger = await f.customer();
    const send = (payload: object) =>
      s.sockets.customer.emitWithAck('sendMessage', payload as never);
    const base = message(s.customer.user, s.company.user, s.request.id, 'Hi');
    expect(await send({ ...base, sender_id: stranger.user.roomId })).toEqual({
      code: 403,
      message: CHAT_TEXT.notYourRoom,
    });
    expect((await send({ ...base, receiver_id: stranger.user.roomId })).code).toBe(422);
    // Another customer cannot write on this request at all.
    const strangerSocket = await socketOf(stranger.user, stranger.token);
    const foreign = await strangerSocket.emitWithAck(
      'sendMessage',
      message(stranger.user, s.company.user, s.request.id, 'Hi'),
    );
    expect(foreign.code).toBe(404);
  });

  it('opens the company chat at 3 to 6 and the foreman chat at 5 and 6 only', async () => {
    const before = await scene(TimelineStatus.awaitingPayment);
    const early = await before.sockets.customer.emitWithAck(
      'sendMessage',
      message(before.customer.user, before.company.user, before.request.id, 'Too early'),
    );
    expect(early).toEqual({ code: 422, message: CHAT_TEXT.chatClosed });

    const assigned = await scene(TimelineStatus.truckAssigned);
    const foremanEarly = await assigned.sockets.customer.emitWithAck(
      'sendMessage',
      message(
        assigned.customer.user,
        assigned.foreman.user,
        assigned.request.id,
        'Hi',
        ChatType.foreman,
      ),
    );
    expect(foremanEarly.code).toBe(422);

    const done = await scene(TimelineStatus.completed);
    const late = await done.sockets.customer.emitWithAck(
      'sendMessage',
      message(done.customer.user, done.company.user, done.request.id, 'Too late'),
    );
    expect(late).toEqual({ code: 409, message: CHAT_TEXT.chatClosed });
  });
});

describe('channels, get_messages and change_chat_status', () => {
  it('lists open conversations with presence and unread counts, and marks them read', async () => {
    const s = await scene(TimelineStatus.inProgress);
    for (const text of ['First', 'Second']) {
      await s.sockets.company.emitWithAck(
        'sendMessage',
        message(s.company.user, s.customer.user, s.request.id, text),
      );
    }
    const channels = await f.call('/app_api/channels', s.customer.token, {});
    expect(channels.statusCode).toBe(200);
    const body = channels.json();
    const companyChannel = body.request_data.find(
      (c: { request_id: number }) => c.request_id === s.request.id,
    );
    expect(companyChannel).toMatchObject({
      room_id: s.customer.user.roomId,
      receiver_room_id: s.company.user.roomId,
      type: 0,
      unread_messages: 2,
      profile_data: { room_id: s.company.user.roomId, name: s.company.name, online_status: 1 },
    });
    expect(body.request_data_foreman).toEqual([
      expect.objectContaining({
        type: 2,
        receiver_room_id: s.foreman.user.roomId,
        profile_data: expect.objectContaining({ first_name: 'Carla', last_name: 'Crew' }),
      }),
    ]);
    expect(body.profile.room_id).toBe(s.customer.user.roomId);

    const conversation = { socket_id: s.company.user.roomId, request_id: s.request.id, type: 0 };
    const messages = await f.call('/app_api/get_messages', s.customer.token, conversation);
    expect(messages.statusCode).toBe(200);
    const list = messages.json().getchatdata as ChatMessage[];
    expect(list.map((m) => [m.message_text, m.sender_type, m.message_status])).toEqual([
      ['First', 0, 0],
      ['Second', 0, 0],
    ]);
    expect(
      (await f.call('/app_api/change_chat_status', s.customer.token, conversation)).statusCode,
    ).toBe(200);
    const after = (await f.call('/app_api/channels', s.customer.token, {})).json();
    expect(
      after.request_data.find((c: { request_id: number }) => c.request_id === s.request.id)
        .unread_messages,
    ).toBe(0);
    // The company sees its own messages as sent, and read.
    const companyView = await f.call('/app_api/get_messages', s.company.token, {
      socket_id: s.customer.user.roomId,
      request_id: s.request.id,
      type: 0,
    });
    expect(
      (companyView.json().getchatdata as ChatMessage[]).map((m) => [
        m.sender_type,
        m.message_status,
      ]),
    ).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('shows a company its customers and an offline counterpart as offline', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
    });
    const body = (await f.call('/app_api/channels', company.token, {})).json();
    expect(body.request_data).toEqual([
      expect.objectContaining({
        request_id: request.id,
        receiver_room_id: customer.user.roomId,
        profile_data: expect.objectContaining({ first_name: 'Robin', online_status: 0 }),
      }),
    ]);
    expect(body.request_data_foreman).toEqual([]);
  });

  it('keeps conversations private and validates after authenticating', async () => {
    const s = await scene();
    const stranger = await f.customer();
    const conversation = { socket_id: s.company.user.roomId, request_id: s.request.id, type: 0 };
    expect((await f.call('/app_api/get_messages', stranger.token, conversation)).statusCode).toBe(
      404,
    );
    expect((await f.call('/app_api/get_messages', undefined, { nonsense: true })).statusCode).toBe(
      401,
    );
    expect(
      (await f.call('/app_api/get_messages', s.customer.token, { ...conversation, type: 1 }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await f.call('/app_api/get_messages', s.customer.token, {
          ...conversation,
          socket_id: 'a b',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await f.call('/app_api/change_chat_status', s.customer.token, {
          ...conversation,
          socket_id: stranger.user.roomId,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('keeps a finished move’s conversation listed to read, closed to new messages', async () => {
    const s = await scene(TimelineStatus.inProgress);
    await s.sockets.company.emitWithAck(
      'sendMessage',
      message(s.company.user, s.customer.user, s.request.id, 'Truck is on its way'),
    );
    const channelOf = async () =>
      (await f.call('/app_api/channels', s.customer.token, {}))
        .json()
        .request_data.find((c: { request_id: number }) => c.request_id === s.request.id);
    expect(await channelOf()).toMatchObject({ is_open: true });

    await ctx.database.db
      .update(requests)
      .set({ timelineStatus: TimelineStatus.feedbackGiven })
      .where(eq(requests.id, s.request.id));
    expect(await channelOf()).toMatchObject({ is_open: false, unread_messages: 1 });
    const read = await f.call('/app_api/get_messages', s.customer.token, {
      socket_id: s.company.user.roomId,
      request_id: s.request.id,
      type: 0,
    });
    expect(read.json().getchatdata.map((m: ChatMessage) => m.message_text)).toEqual([
      'Truck is on its way',
    ]);
    const late = await s.sockets.customer.emitWithAck(
      'sendMessage',
      message(s.customer.user, s.company.user, s.request.id, 'Thanks!'),
    );
    expect(late).toEqual({ code: 409, message: CHAT_TEXT.chatClosed });

    // A conversation that never had a message is not listed once closed.
    const quiet = await scene(TimelineStatus.feedbackGiven);
    const quietList = (await f.call('/app_api/channels', quiet.customer.token, {})).json();
    expect(quietList.request_data).toEqual([]);
  });

  it('gives the request list and detail the chat objects of open conversations', async () => {
    const s = await scene(TimelineStatus.inProgress);
    const detail = await f.call('/api/customer/customer_request_detail', s.customer.token, {
      request_id: s.request.id,
    });
    expect(detail.json().data).toMatchObject({
      chat_data_comapny: {
        request_id: s.request.id,
        receiver_room_id: s.company.user.roomId,
        type: 0,
      },
      chat_data_foreman: {
        request_id: s.request.id,
        receiver_room_id: s.foreman.user.roomId,
        type: 2,
      },
    });
    const list = await f.call('/api/customer/get_customer_request', s.customer.token, {
      request_status: '0',
    });
    const entry = list
      .json()
      .data.find((e: { request: { id: number } }) => e.request.id === s.request.id);
    expect(entry.company_chat_obj).toMatchObject({ receiver_room_id: s.company.user.roomId });
    expect(entry.foreman_chat_obj).toMatchObject({ receiver_room_id: s.foreman.user.roomId });

    const unpaid = await f.paidRequest({
      customerId: s.customer.user.id,
      companyId: s.company.user.id,
      status: TimelineStatus.awaitingPayment,
    });
    const closed = await f.call('/api/customer/customer_request_detail', s.customer.token, {
      request_id: unpaid.id,
    });
    expect(closed.json().data).toMatchObject({ chat_data_comapny: null, chat_data_foreman: null });
  });

  it('loses nothing across a reconnect: what was sent meanwhile is read back', async () => {
    const s = await scene();
    s.sockets.customer.close();
    await s.sockets.company.emitWithAck(
      'sendMessage',
      message(s.company.user, s.customer.user, s.request.id, 'While you were away'),
    );
    const again = await socketOf(s.customer.user, s.customer.token);
    expect(again.connected).toBe(true);
    const list = (
      await f.call('/app_api/get_messages', s.customer.token, {
        socket_id: s.company.user.roomId,
        request_id: s.request.id,
        type: 0,
      })
    ).json().getchatdata as ChatMessage[];
    expect(list.map((m) => m.message_text)).toEqual(['While you were away']);
  });
});

describe('notifications', () => {
  it('pushes a notification once its transaction commits, and never a rolled-back one', async () => {
    const customer = await f.customer();
    const socket = await socketOf(customer.user, customer.token);
    const heard = next(socket, 'notification');
    await f.db().transaction(async (tx) => {
      await notify({
        db: tx,
        userId: customer.user.id,
        requestId: null,
        message: 'Committed news',
      });
    });
    expect(await heard).toMatchObject({ message_body: 'Committed news', is_active: true });

    const after = next(socket, 'notification');
    await f
      .db()
      .transaction(async (tx) => {
        await notify({ db: tx, userId: customer.user.id, requestId: null, message: 'Never' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify({ db: f.db(), userId: customer.user.id, requestId: null, message: 'Later' });
    expect((await after).message_body).toBe('Later');
  });

  it('tells only the notified user', async () => {
    const a = await f.customer();
    const b = await f.customer();
    const socketB = await socketOf(b.user, b.token);
    const heard = next(socketB, 'notification');
    await notify({ db: f.db(), userId: a.user.id, requestId: null, message: 'For A' });
    // B's own notification, sent after A's, is the first B hears.
    await notify({ db: f.db(), userId: b.user.id, requestId: null, message: 'For B' });
    expect((await heard).message_body).toBe('For B');
  });

  it("admits a company's socket to its own room with its own type", async () => {
    const company = await createUser(ctx.database, {
      userType: UserType.company,
      email: `co-${randomUUID()}@example.com`,
    });
    const token = await f.tokenOf(company.id);
    const socket = openSocket(baseUrl, { token, roomId: company.roomId, type: UserType.company });
    sockets.push(socket);
    await connected(socket);
    expect(socket.connected).toBe(true);
  });
});

describe('new open requests', () => {
  /** A company serving `zip`, with its console's socket. */
  async function consoleIn(zip: string) {
    const company = await f.company();
    await f.db().insert(companyServiceZips).values({ companyId: company.user.id, zipCode: zip });
    return { company, socket: await socketOf(company.user, company.token) };
  }
  /** A marketplace request whose pick-up is in `zip`. */
  async function requestIn(zip: string) {
    const customer = await f.customer();
    const row = await createRequest(ctx.database, { customerId: customer.user.id });
    await pickUpIn(ctx.database, row.id, zip);
    return row;
  }
  const zipOf = () => String(10_000 + Math.floor(Math.random() * 89_999));

  it('tells the consoles of the companies serving the pick-up zip once it commits, never a rolled-back one', async () => {
    const zip = zipOf();
    const here = await consoleIn(zip);
    const rolledBack = await requestIn(zip);
    const heard = next(here.socket, 'openRequest');
    await f
      .db()
      .transaction(async (tx) => {
        await signalOpenRequest(tx, rolledBack.id);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = await requestIn(zip);
    await f.db().transaction((tx) => signalOpenRequest(tx, committed.id));
    expect(await heard).toEqual({ request_id: committed.id });
  });

  it('tells no company outside the area, and no customer', async () => {
    const zip = zipOf();
    const elsewhere = zipOf();
    const far = await consoleIn(elsewhere);
    const customer = await f.customer();
    const customerSocket = await socketOf(customer.user, customer.token);
    const farHears = next(far.socket, 'openRequest');
    await signalOpenRequest(f.db(), (await requestIn(zip)).id);
    // The far company's own request, announced after the first, is the first it hears.
    const its = await requestIn(elsewhere);
    await signalOpenRequest(f.db(), its.id);
    expect(await farHears).toEqual({ request_id: its.id });
    expect(await heardWithin(customerSocket, 'openRequest', 300)).toBe(false);
  });
});
