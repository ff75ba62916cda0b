import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSignal } from '../src/realtime/signals';
import { buildTestApp, createUser, loginAs, type TestContext } from './helper';
import { connected, heardWithin, next, openSocket, type TestSocket } from './socket-client';

/*
 * What the server emits on the realtime channel passes its event's shared schema first, as every
 * HTTP answer passes the serializer: the browser reads events without checking them again.
 */

let ctx: TestContext;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await buildTestApp({ IP_RATE_LIMIT_PER_MINUTE: '100000' });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

async function customerSocket() {
  const user = await createUser(ctx.database);
  const token = await loginAs(ctx.app, user.email);
  const socket = openSocket(baseUrl, { token, roomId: user.roomId, type: 1 });
  sockets.push(socket);
  await connected(socket);
  return { user, socket };
}

const notification = {
  id: 9,
  action_value: 12,
  message_body: 'Swift Movers bid $480.00 on your request.',
  created_at: '2026-12-07T09:00:00.000Z',
  is_active: true,
};

describe('realtime events', () => {
  it('sends a notification of its shape to the user’s room', async () => {
    const { user, socket } = await customerSocket();
    const heard = next(socket, 'notification');
    await sendSignal(ctx.database.db, {
      kind: 'notification',
      room: user.roomId,
      data: notification,
    });
    expect(await heard).toEqual(notification);
  });

  it('sends nothing for a payload that is not of its event’s shape', async () => {
    const { user, socket } = await customerSocket();
    const heard = heardWithin(socket, 'notification', 700);
    await sendSignal(ctx.database.db, {
      kind: 'notification',
      room: user.roomId,
      data: { ...notification, id: 'nine' } as never,
    });
    expect(await heard).toBe(false);
  });
});
