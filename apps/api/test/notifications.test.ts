import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import { notifications } from '../src/db/schema';
import { notify, countUnread } from '../src/modules/notifications/notifications.service';
import { sessionFor } from './accounts-helpers';
import { buildTestApp, createRequest, createUser, loginAs, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/** Another user's notifications: nobody signs in as them (logins an address may make are few). */
async function someoneElseWith(messages: string[]) {
  const user = await createUser(ctx.database);
  const created = [];
  for (const message of messages) {
    created.push(await notify({ db: ctx.database.db, userId: user.id, requestId: null, message }));
  }
  return { user, created };
}

/** A signed-in customer with one request and the given notifications, oldest first. */
async function customerWith(messages: string[]) {
  const user = await createUser(ctx.database);
  const request = await createRequest(ctx.database, { customerId: user.id });
  const created = [];
  for (const message of messages) {
    created.push(
      await notify({ db: ctx.database.db, userId: user.id, requestId: request.id, message }),
    );
  }
  const token = await loginAs(ctx.app, user.email);
  return { user, request, created, token };
}

const getList = (
  token?: string,
  query: { limit?: number | string; before_id?: number | string } = {},
) =>
  ctx.app.inject({
    method: 'GET',
    url: '/app_api/get_notification',
    query: Object.fromEntries(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ),
    headers: token ? { 'x-sh-auth': token } : {},
  });

const mark = (token: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/app_api/mark_notification_read',
    headers: token ? { 'x-sh-auth': token } : {},
    payload,
  });

describe('GET /app_api/get_notification', () => {
  it('lists the notifications newest first with the unread count', async () => {
    const { request, token } = await customerWith([
      'Bid received',
      'Bid accepted',
      'Truck assigned',
    ]);
    const res = await getList(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.notification_count).toBe(3);
    expect(body.data.map((n: { message_body: string }) => n.message_body)).toEqual([
      'Truck assigned',
      'Bid accepted',
      'Bid received',
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      action_value: request.id,
      message_body: 'Truck assigned',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      is_active: true,
    });
  });

  it('answers an empty list with the spec’s empty text and a zero count', async () => {
    const { token } = await customerWith([]);
    const res = await getList(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: MSG.noNotifications,
      data: [],
      notification_count: 0,
      next_before_id: null,
    });
  });

  it('lists the newest 50 first, the older ones by next_before_id, and counts every unread one', async () => {
    const { token } = await customerWith(Array.from({ length: 55 }, (_, i) => `Update ${i + 1}`));
    const body = (await getList(token)).json();
    expect(body.data).toHaveLength(50);
    expect(body.data[0].message_body).toBe('Update 55');
    expect(body.data[49].message_body).toBe('Update 6');
    expect(body.notification_count).toBe(55);
    expect(body.next_before_id).toBe(body.data[49].id);

    const older = (await getList(token, { before_id: body.next_before_id })).json();
    expect(older.data.map((n: { message_body: string }) => n.message_body)).toEqual([
      'Update 5',
      'Update 4',
      'Update 3',
      'Update 2',
      'Update 1',
    ]);
    expect(older.notification_count).toBe(55);
    expect(older.next_before_id).toBeNull();
  });

  it('walks every notification exactly once with next_before_id, the count staying the unread total', async () => {
    const { created, token } = await customerWith(
      Array.from({ length: 23 }, (_, i) => `Step ${i + 1}`),
    );
    await someoneElseWith(['Someone else’s']);
    // Two read ones: the count says 21 on every page.
    await mark(token, { notification_id: created[0]!.id });
    await mark(token, { notification_id: created[10]!.id });
    const seen: number[] = [];
    let beforeId: number | null = null;
    let pages = 0;
    do {
      const body: {
        data: { id: number }[];
        notification_count: number;
        next_before_id: number | null;
      } = (
        await getList(token, { limit: 5, ...(beforeId === null ? {} : { before_id: beforeId }) })
      ).json();
      expect(body.notification_count).toBe(21);
      seen.push(...body.data.map((n: { id: number }) => n.id));
      beforeId = body.next_before_id;
      pages += 1;
    } while (beforeId !== null && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toEqual(created.map((n) => n.id).reverse());
  });

  it('reads below another user’s notification id without showing any of theirs', async () => {
    const { user, request, created: mine, token } = await customerWith(['One', 'Two']);
    const { created: theirs } = await someoneElseWith(['Secret']);
    await notify({ db: ctx.database.db, userId: user.id, requestId: request.id, message: 'Three' });
    const body = (await getList(token, { before_id: theirs[0]!.id })).json();
    expect(body.data.map((n: { id: number }) => n.id)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect(JSON.stringify(body)).not.toContain('Secret');
  });

  it('refuses a limit above 100, below 1, or a before_id that is no id, with 422', async () => {
    const token = await sessionFor(ctx.database, (await createUser(ctx.database)).id);
    for (const query of [{ limit: '101' }, { limit: '0' }, { limit: 'x' }, { before_id: '0' }]) {
      const res = await getList(token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, message: expect.any(String) });
    }
    expect((await getList(token, { limit: '100' })).statusCode).toBe(200);
  });

  it('shows nobody else’s notifications', async () => {
    await customerWith(['For someone else']);
    const { token } = await customerWith(['Mine']);
    const body = (await getList(token)).json();
    expect(body.data.map((n: { message_body: string }) => n.message_body)).toEqual(['Mine']);
  });

  it('answers 401 without a token or with a dead one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const res = await getList(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: MSG.unauthorized });
    }
  });
});

describe('POST /app_api/mark_notification_read', () => {
  it('marks one notification read and lowers the count', async () => {
    const { created, token } = await customerWith(['First', 'Second']);
    const target = created[0]!;
    const res = await mark(token, { read_all: '0', notification_id: target.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: MSG.notificationsRead });

    const body = (await getList(token)).json();
    expect(body.notification_count).toBe(1);
    const byId = new Map(
      body.data.map((n: { id: number; is_active: boolean }) => [n.id, n.is_active]),
    );
    expect(byId.get(target.id)).toBe(false);
    expect(byId.get(created[1]!.id)).toBe(true);
  });

  it('accepts the id as a string, and marking a read one again is still a success', async () => {
    const { created, token } = await customerWith(['Only']);
    const id = String(created[0]!.id);
    expect((await mark(token, { read_all: '0', notification_id: id })).statusCode).toBe(200);
    expect((await mark(token, { notification_id: id })).statusCode).toBe(200);
    expect((await getList(token)).json().notification_count).toBe(0);
  });

  it('marks all read with read_all 1', async () => {
    const { token } = await customerWith(['A', 'B', 'C']);
    const res = await mark(token, { read_all: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: MSG.notificationsRead });
    const body = (await getList(token)).json();
    expect(body.notification_count).toBe(0);
    expect(body.data.every((n: { is_active: boolean }) => !n.is_active)).toBe(true);
  });

  it('marks only the caller’s own notifications when marking all', async () => {
    const other = await customerWith(['Theirs']);
    const { token } = await customerWith(['Mine']);
    await mark(token, { read_all: '1' });
    expect(await countUnread({ db: ctx.database.db, userId: other.user.id })).toBe(1);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const other = await customerWith(['Theirs']);
    const { token } = await customerWith([]);
    const res = await mark(token, { read_all: '0', notification_id: other.created[0]!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: MSG.notificationNotFound });
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, other.created[0]!.id));
    expect(row?.isActive).toBe(true);
  });

  it('answers 404 for an unknown id', async () => {
    const { token } = await customerWith([]);
    const res = await mark(token, { notification_id: 99_999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: MSG.notificationNotFound });
  });

  it.each([2 ** 31, '99999999999999999999'])(
    'answers 422 for an id beyond the integer range (%s)',
    async (id) => {
      const { token } = await customerWith([]);
      const res = await mark(token, { notification_id: id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 422,
        message: 'notification_id must be a whole number from 1 to 2147483647.',
      });
    },
  );

  it('answers 422 when neither an id nor read_all 1 is given', async () => {
    const { token } = await customerWith([]);
    const res = await mark(token, { read_all: '0' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, errors: [{ path: 'notification_id' }] });
  });

  it('answers 401 without a token', async () => {
    const res = await mark(undefined, { read_all: '1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });
});

describe('notify', () => {
  it('writes inside the caller’s transaction: a rolled-back change leaves no notification', async () => {
    const user = await createUser(ctx.database);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await notify({ db: tx, userId: user.id, requestId: null, message: 'Never sent' });
        throw new Error('the lifecycle change failed');
      }),
    ).rejects.toThrow('the lifecycle change failed');
    await ctx.database.db.transaction(async (tx) => {
      await notify({ db: tx, userId: user.id, requestId: null, message: 'Committed' });
    });
    const rows = await ctx.database.db
      .select({ body: notifications.messageBody })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(rows).toEqual([{ body: 'Committed' }]);
  });
});
