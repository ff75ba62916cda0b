import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toDollars, UserType, type CommentThread } from '@movehub/shared';
import {
  companyProfiles,
  companyServiceZips,
  notifications,
  requestComments,
} from '../src/db/schema';
import { buildTestApp, createRequest, createUser, type TestContext } from './helper';
import { lifecycle } from './lifecycle';
import { connected, heardWithin, next, openSocket, type TestSocket } from './socket-client';

let ctx: TestContext;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});
const life = lifecycle(() => ctx);

const addComment = (token: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/app_api/add_comments',
    headers: { 'x-sh-auth': token },
    payload,
  });

async function customer() {
  const user = await createUser(ctx.database, { firstName: 'Dana', lastName: 'Lee' });
  return { user, token: await life.tokenOf(user.id) };
}

/** A company (user_type 2) with a profile, serving the given zip codes. */
async function company(name: string, zips: string[] = []) {
  const user = await createUser(ctx.database, { userType: UserType.company });
  await ctx.database.db
    .insert(companyProfiles)
    .values({ userId: user.id, name, rating: 4.2, profilePicture: '/uploads/logo.png' });
  if (zips.length > 0) {
    await ctx.database.db
      .insert(companyServiceZips)
      .values(zips.map((zipCode) => ({ companyId: user.id, zipCode })));
  }
  return { user, token: await life.tokenOf(user.id) };
}

const noticesOf = (requestId: number) =>
  ctx.database.db.select().from(notifications).where(eq(notifications.requestId, requestId));

/** The notices of a request that tell of its comments (its bids and moves tell their own). */
const commentNoticesOf = async (requestId: number) =>
  (await noticesOf(requestId)).filter((n) =>
    / (commented on|replied to a comment on) /.test(n.messageBody),
  );

type Party = Awaited<ReturnType<typeof customer>>;

/** The company's bid through place_bid (in its area: 0 → 1 on the first). */
const bid = (c: Party, requestId: number, cents: number) =>
  life.ok('POST', '/api/company/place_bid', c.token, {
    request_id: requestId,
    bid_amount: toDollars(cents),
  });

/** The customer accepts the company's bid (1 → 2): the company has the request. */
const accept = (owner: Party, requestId: number, c: Party, cents: number) =>
  life.ok('PUT', '/api/customer/accept_request', owner.token, {
    request_id: requestId,
    company_id: c.user.id,
    final_amount: toDollars(cents),
  });

/** The company no longer serves a zip code (its bids and won requests stay its own). */
const leaveArea = (c: Party) =>
  ctx.database.db.delete(companyServiceZips).where(eq(companyServiceZips.companyId, c.user.id));

describe('POST /app_api/add_comments', () => {
  it('adds a customer comment (sender_type 1), tells the companies that bid, returns the thread', async () => {
    const owner = await customer();
    const a = await company('Bidder A', ['90012']);
    const b = await company('Bidder B', ['90012']);
    const gone = await company('Deleted C', ['90012']);
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(a, req.id, 100);
    await bid(b, req.id, 200);
    await bid(gone, req.id, 300);
    await life.ok('POST', '/api/company/withdraw_bid', gone.token, { request_id: req.id });

    const res = await addComment(owner.token, {
      request_id: req.id,
      comment: 'Is parking included?',
      parent_id: 0,
      type: '0',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200 });
    expect(body.data).toEqual([
      {
        parent_comment: {
          id: expect.any(Number),
          request_id: req.id,
          comment: 'Is parking included?',
          updated_at: expect.any(String),
          sender_type: 1,
        },
        parent_comment_profile: {
          name: 'Dana Lee',
          profile_url: null,
          company_rating: null,
          customer_rating: 0,
        },
        child_comments: [],
      },
    ]);
    const told = await commentNoticesOf(req.id);
    expect(told.map((n) => n.userId).sort()).toEqual([a.user.id, b.user.id].sort());
  });

  it('lets a company in the service area reply (sender_type 0) and tells the customer', async () => {
    const owner = await customer();
    const inArea = await company('Area Movers', ['90012']);
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    const first = await addComment(owner.token, { request_id: req.id, comment: 'Stairs only' });
    const parentId = first.json().data[0].parent_comment.id;

    const res = await addComment(inArea.token, {
      request_id: req.id,
      comment: 'No problem, we bring dollies.',
      parent_id: String(parentId),
    });
    expect(res.statusCode).toBe(200);
    const [thread] = res.json().data;
    expect(thread.child_comments).toEqual([
      {
        child_comment: {
          id: expect.any(Number),
          comment: 'No problem, we bring dollies.',
          updated_at: expect.any(String),
          sender_type: 0,
        },
        child_comment_profile: {
          name: 'Area Movers',
          profile_url: '/uploads/logo.png',
          company_rating: 4.2,
          customer_rating: null,
        },
      },
    ]);
    const told = await noticesOf(req.id);
    expect(told.map((n) => n.userId)).toEqual([owner.user.id]);
    expect(told[0]?.messageBody).toMatch(new RegExp(`#${req.id}`));

    // A company that does not have the request does not learn the customer's name from it.
    expect(thread.parent_comment_profile).toEqual({
      name: 'Customer',
      profile_url: null,
      company_rating: null,
      customer_rating: null,
    });
    // The customer sees the same thread in the request detail, with their own name.
    const detail = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/customer_request_detail',
      headers: { 'x-sh-auth': owner.token },
      payload: { request_id: req.id },
    });
    const [own] = detail.json().data.comments_array;
    expect(own.child_comments).toEqual(thread.child_comments);
    expect(own.parent_comment_profile.name).toBe('Dana Lee');
  });

  it('closes the thread to the other companies once one has the request', async () => {
    const owner = await customer();
    const loser = await company('Late Bidder', ['90012']);
    const winner = await company('Chosen Movers', ['90012']);
    const won = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(loser, won.id, 100);
    await bid(winner, won.id, 200);
    await accept(owner, won.id, winner, 200);
    expect(
      (await addComment(loser.token, { request_id: won.id, comment: 'Still here' })).statusCode,
    ).toBe(404);
    const res = await addComment(winner.token, { request_id: won.id, comment: 'See you soon' });
    expect(res.statusCode).toBe(200);
  });

  it('lets a company that bid, or that won the request, comment outside its area', async () => {
    const owner = await customer();
    const bidder = await company('Far Bidder', ['90012']);
    const winner = await company('Far Winner', ['90012']);
    const open = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(bidder, open.id, 100);
    const won = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(winner, won.id, 200);
    await accept(owner, won.id, winner, 200);
    // Both bid while the pick-up was in their area; they serve elsewhere now.
    await leaveArea(bidder);
    await leaveArea(winner);
    expect(
      (await addComment(bidder.token, { request_id: open.id, comment: 'Hi' })).statusCode,
    ).toBe(200);
    expect((await addComment(winner.token, { request_id: won.id, comment: 'Hi' })).statusCode).toBe(
      200,
    );
    // The customer's comment on a won request goes to the company that has it only.
    await addComment(owner.token, { request_id: won.id, comment: 'Thanks' });
    const told = await commentNoticesOf(won.id);
    expect(told.map((n) => n.userId).sort()).toEqual([owner.user.id, winner.user.id].sort());
  });

  it('answers 404 to a company outside the area with no bid, and to another customer', async () => {
    const owner = await customer();
    const stranger = await customer();
    const far = await company('Elsewhere Movers', ['10001']);
    const inArea = await company('Late Movers', ['90012']);
    const chosen = await company('Chosen Movers', ['90012']);
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    const accepted = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(chosen, accepted.id, 100);
    await accept(owner, accepted.id, chosen, 100);
    for (const [token, id] of [
      [far.token, req.id],
      [stranger.token, req.id],
      // No longer open for bids: the area alone does not let a company in.
      [inArea.token, accepted.id],
      [owner.token, 2_000_000_000],
    ] as const) {
      const res = await addComment(token, { request_id: id, comment: 'Hello' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Request not found.' });
    }
    const rows = await ctx.database.db
      .select()
      .from(requestComments)
      .where(eq(requestComments.requestId, req.id));
    expect(rows).toEqual([]);
  });

  it('refuses a reply to a reply (422) and a parent of another request (404)', async () => {
    const owner = await customer();
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    const other = await createRequest(ctx.database, { customerId: owner.user.id });
    const top = (await addComment(owner.token, { request_id: req.id, comment: 'Top' })).json()
      .data[0].parent_comment.id;
    const reply = (
      await addComment(owner.token, { request_id: req.id, comment: 'Reply', parent_id: top })
    ).json().data[0].child_comments[0].child_comment.id;

    const deeper = await addComment(owner.token, {
      request_id: req.id,
      comment: 'Deeper',
      parent_id: reply,
    });
    expect(deeper.statusCode).toBe(422);
    const elsewhere = await addComment(owner.token, {
      request_id: other.id,
      comment: 'Wrong thread',
      parent_id: top,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('This comment was not found.');
  });

  it('refuses comments on a cancelled request with 409, and empty comments with 422', async () => {
    const owner = await customer();
    const cancelled = await createRequest(ctx.database, { customerId: owner.user.id });
    await life.ok('POST', '/api/customer/delete_request', owner.token, {
      request_id: cancelled.id,
    });
    const res = await addComment(owner.token, { request_id: cancelled.id, comment: 'Hello?' });
    expect(res.statusCode).toBe(409);
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    for (const comment of ['', '   ', 'a\u0000b']) {
      expect((await addComment(owner.token, { request_id: req.id, comment })).statusCode).toBe(422);
    }
  });

  it('refuses foremen (403) and callers without a session (401)', async () => {
    const owner = await customer();
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    const foreman = await createUser(ctx.database, { userType: UserType.foreman });
    const token = await life.tokenOf(foreman.id);
    expect((await addComment(token, { request_id: req.id, comment: 'Hi' })).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/app_api/add_comments',
      payload: { request_id: req.id, comment: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('questions while a request is open for bids (issue 31)', () => {
  const QUESTION = 'Can your crew handle a drained 50-gallon aquarium?';

  const openRequestsOf = async (c: Party) =>
    (await life.ok<{ id: number; comments_array: unknown[] }[]>(
      'POST',
      '/api/company/open_requests',
      c.token,
      {},
    )) as unknown as { id: number; comments_array: CommentThread[] }[];

  /** The request as a company's open-requests list shows it, or undefined when not listed. */
  const listed = async (c: Party, requestId: number) =>
    (await openRequestsOf(c)).find((r) => r.id === requestId);

  /** A console's socket, as the partner console opens it (user_type 2). */
  async function consoleOf(c: Party) {
    const socket = openSocket(baseUrl, { token: c.token, roomId: c.user.roomId, type: 2 });
    sockets.push(socket);
    await connected(socket);
    return socket;
  }

  it("shows the customer's question in every bidding company's open request, the customer named only 'Customer', and a company's answer to the customer", async () => {
    const owner = await customer();
    const bidder = await company('Aquarium Movers', ['90012']);
    const other = await company('Second Bidder', ['90012']);
    const far = await company('Far Away Movers', ['10001']);
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(bidder, req.id, 40_000);
    await bid(other, req.id, 42_000);

    const asked = await addComment(owner.token, { request_id: req.id, comment: QUESTION });
    expect(asked.statusCode, asked.body).toBe(200);
    for (const c of [bidder, other]) {
      const request = await listed(c, req.id);
      expect(request?.comments_array).toEqual([
        expect.objectContaining({
          parent_comment: expect.objectContaining({ comment: QUESTION, sender_type: 1 }),
          parent_comment_profile: {
            name: 'Customer',
            profile_url: null,
            company_rating: null,
            customer_rating: null,
          },
        }),
      ]);
      // Neither the customer's name nor their contact, anywhere in the answer.
      const body = JSON.stringify(await openRequestsOf(c));
      for (const secret of ['Dana', 'Lee', owner.user.email]) expect(body).not.toContain(secret);
    }
    expect(await listed(far, req.id)).toBeUndefined();

    // A bidder answers: every bidder reads the answer, and so does the customer, by name.
    const parentId = (await listed(bidder, req.id))!.comments_array[0]!.parent_comment.id;
    const answered = await addComment(bidder.token, {
      request_id: req.id,
      comment: 'Yes: we bring a pump and a padded crate.',
      parent_id: parentId,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const seenByOther = (await listed(other, req.id))!.comments_array[0]!.child_comments;
    expect(seenByOther.map((c) => [c.child_comment.comment, c.child_comment_profile.name])).toEqual(
      [['Yes: we bring a pump and a padded crate.', 'Aquarium Movers']],
    );
    const detail = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/customer_request_detail',
      headers: { 'x-sh-auth': owner.token },
      payload: { request_id: req.id },
    });
    const [thread] = detail.json().data.comments_array as CommentThread[];
    expect(thread!.parent_comment_profile.name).toBe('Dana Lee');
    expect(thread!.child_comments[0]).toMatchObject({
      child_comment: { comment: 'Yes: we bring a pump and a padded crate.', sender_type: 0 },
      child_comment_profile: { name: 'Aquarium Movers' },
    });
    expect((await commentNoticesOf(req.id)).map((n) => n.userId)).toContain(owner.user.id);

    // Accepted: the winner learns who the customer is, in the thread too.
    await accept(owner, req.id, bidder, 40_000);
    const job = await life.ok<{ comments_array: CommentThread[]; customer: object }>(
      'POST',
      '/api/company/job_detail',
      bidder.token,
      { request_id: req.id },
    );
    expect(job.comments_array[0]!.parent_comment_profile.name).toBe('Dana Lee');
    expect(job.customer).toMatchObject({ first_name: 'Dana', last_name: 'Lee' });
  });

  it('tells every console that shows the thread, live, and no other', async () => {
    const owner = await customer();
    const bidder = await company('Live Bidder', ['90012']);
    const looker = await company('Live Looker', ['90012']);
    const movedAway = await company('Moved Away', ['90012']);
    const far = await company('Live Far', ['10001']);
    const req = await createRequest(ctx.database, { customerId: owner.user.id });
    await bid(bidder, req.id, 40_000);
    // A company that bid, then stopped serving the pick-up's zip, still follows its bid's thread.
    await bid(movedAway, req.id, 41_000);
    await leaveArea(movedAway);
    const [bidderSocket, lookerSocket, movedSocket, farSocket] = await Promise.all(
      [bidder, looker, movedAway, far].map(consoleOf),
    );
    const heard = [bidderSocket, lookerSocket, movedSocket].map((s) => next(s!, 'requestComment'));
    const farHeard = heardWithin(farSocket!, 'requestComment', 1_000);
    expect(
      (await addComment(owner.token, { request_id: req.id, comment: QUESTION })).statusCode,
    ).toBe(200);
    for (const event of await Promise.all(heard)) expect(event).toEqual({ request_id: req.id });
    expect(await farHeard).toBe(false);

    // A company's answer too: the other consoles read the thread again.
    const again = next(lookerSocket!, 'requestComment');
    expect(
      (await addComment(bidder.token, { request_id: req.id, comment: 'A pump, yes.' })).statusCode,
    ).toBe(200);
    expect(await again).toEqual({ request_id: req.id });

    // Once a company has the request, its thread is theirs: the others hear nothing more.
    await accept(owner, req.id, bidder, 40_000);
    const after = heardWithin(lookerSocket!, 'requestComment', 1_000);
    expect(
      (await addComment(owner.token, { request_id: req.id, comment: 'See you then.' })).statusCode,
    ).toBe(200);
    expect(await after).toBe(false);
  });
});
