import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  ChatType,
  TimelineStatus,
  type ChatChannel,
  type ChatMessage,
  type CommentThread,
  type TimelineEntry,
} from '@movehub/shared';
import { chatMessages, requestComments, requestTimeline } from '../src/db/schema';
import { buildTestApp, type TestContext } from './helper';
import { moveFixtures } from './moves-helpers';

/*
 * The conversations page by keyset (packages/shared schemas/paging.ts): a chat's messages, the
 * channels list, a request's comment threads and its timeline. Each walk reads every row once,
 * newest page first, and never another reader's rows.
 */

let ctx: TestContext;
const f = moveFixtures(() => ctx);

beforeAll(async () => {
  ctx = await buildTestApp({ SEED_DEMO: 'false' });
});
afterAll(async () => {
  await ctx.close();
});

/** Calls `url` page by page from the first, with `limit`, until next_before_id is null. */
async function walk<T>(
  url: string,
  token: string,
  body: object,
  limit: number,
  rowsOf: (answer: Record<string, unknown>) => T[],
): Promise<T[][]> {
  const pages: T[][] = [];
  let beforeId: number | null | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const res = await f.call(url, token, {
      ...body,
      limit,
      ...(beforeId ? { before_id: beforeId } : {}),
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Record<string, unknown>;
    pages.push(rowsOf(answer));
    beforeId = answer.next_before_id as number | null;
    if (beforeId === null) return pages;
  }
  throw new Error('the walk did not end');
}

/** The caps every paged call shares: a limit above 100 is a 422 in the error envelope. */
async function expectCapped(url: string, token: string, body: object) {
  const capped = await f.call(url, token, { ...body, limit: 101 });
  expect(capped.statusCode).toBe(422);
  expect(capped.json()).toMatchObject({ code: 422, message: expect.stringContaining('limit') });
}

describe('get_messages', () => {
  it('answers the newest messages first and walks back to the first, each once, only this conversation', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const other = await f.customer();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
    });
    const elsewhere = await f.paidRequest({
      customerId: other.user.id,
      companyId: company.user.id,
    });
    const write = (requestId: number, from: number, to: number, n: number) =>
      f
        .db()
        .insert(chatMessages)
        .values(
          Array.from({ length: n }, (_, i) => ({
            requestId,
            channelType: ChatType.company,
            senderId: i % 2 === 0 ? from : to,
            receiverId: i % 2 === 0 ? to : from,
            message: `Message ${i + 1}`,
          })),
        );
    await write(request.id, customer.user.id, company.user.id, 120);
    await write(elsewhere.id, other.user.id, company.user.id, 10);
    const stored = await f
      .db()
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.requestId, request.id))
      .orderBy(asc(chatMessages.id));
    const conversation = { socket_id: company.user.roomId, request_id: request.id, type: 0 };

    // The spec's call as it was: no limit, no before_id. The newest page, oldest first in it.
    const first = await f.call('/app_api/get_messages', customer.token, conversation);
    expect(first.statusCode).toBe(200);
    const firstPage = first.json().getchatdata as ChatMessage[];
    expect(firstPage.map((m) => m.message_text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Message ${71 + i}`),
    );
    expect(firstPage[0]).toMatchObject({ sender_type: 1, sender_id: customer.user.roomId });
    expect(first.json().next_before_id).toBe(firstPage[0]!.id);

    const pages = await walk(
      '/app_api/get_messages',
      customer.token,
      conversation,
      7,
      (a) => a.getchatdata as ChatMessage[],
    );
    expect(pages).toHaveLength(Math.ceil(120 / 7));
    for (const page of pages) {
      const ids = page.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    // Newest page first: the pages read backwards are the conversation from its first message.
    const all = pages.toReversed().flat();
    expect(all.map((m) => m.id)).toEqual(stored.map((s) => s.id));
    expect(all.every((m) => m.request_id === request.id)).toBe(true);

    // A before_id from another conversation bounds the ids, and shows none of its messages.
    const [foreign] = await f
      .db()
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.requestId, elsewhere.id))
      .limit(1);
    const bounded = await f.call('/app_api/get_messages', customer.token, {
      ...conversation,
      before_id: foreign!.id,
    });
    expect(bounded.statusCode).toBe(200);
    expect(
      (bounded.json().getchatdata as ChatMessage[]).every((m) => m.request_id === request.id),
    ).toBe(true);
    expect(bounded.body).not.toContain(other.user.roomId);
    // Another customer's conversation stays a 404, whatever the page.
    const theirs = await f.call('/app_api/get_messages', customer.token, {
      socket_id: company.user.roomId,
      request_id: elsewhere.id,
      type: 0,
      limit: 5,
    });
    expect(theirs.statusCode).toBe(404);
    await expectCapped('/app_api/get_messages', customer.token, conversation);
  });
});

describe('channels', () => {
  it('pages the conversations by request, both of a request in one page, never another customer’s', async () => {
    const company = await f.company();
    const customer = await f.customer();
    const other = await f.customer();
    const made: number[] = [];
    for (const status of [
      TimelineStatus.paid,
      TimelineStatus.inProgress,
      TimelineStatus.paid,
      TimelineStatus.paid,
      TimelineStatus.inProgress,
    ]) {
      const r = await f.paidRequest({
        customerId: customer.user.id,
        companyId: company.user.id,
        status,
      });
      made.push(r.id);
    }
    const theirs = await f.paidRequest({ customerId: other.user.id, companyId: company.user.id });

    // The spec's empty body: the first page holds them all and says there is no next one.
    const all = await f.call('/app_api/channels', customer.token, {});
    expect(all.statusCode).toBe(200);
    expect(all.json().next_before_id).toBeNull();
    expect(all.json().request_data).toHaveLength(5);
    expect(all.json().request_data_foreman).toHaveLength(2);

    const pages = await walk('/app_api/channels', customer.token, {}, 2, (a) => [
      ...(a.request_data as ChatChannel[]),
      ...(a.request_data_foreman as ChatChannel[]),
    ]);
    expect(pages).toHaveLength(3);
    const newestFirst = [...made].reverse();
    expect(
      pages.map((p) => [...new Set(p.map((c) => c.request_id))].sort((a, b) => b - a)),
    ).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    // Each conversation exactly once: five with the company, two with the foreman.
    const keys = pages.flat().map((c) => `${c.request_id}:${c.type}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(7);
    expect(keys).not.toContain(`${theirs.id}:0`);

    // A before_id of another customer's request only bounds the ids.
    const bounded = await f.call('/app_api/channels', customer.token, { before_id: theirs.id });
    expect(bounded.statusCode).toBe(200);
    expect(bounded.body).not.toContain(other.user.roomId);
    await expectCapped('/app_api/channels', customer.token, {});
  });
});

describe('the comment threads and the timeline', () => {
  async function scene() {
    const company = await f.company();
    const customer = await f.customer();
    const stranger = await f.customer();
    const outsider = await f.company();
    const request = await f.paidRequest({
      customerId: customer.user.id,
      companyId: company.user.id,
    });
    return { company, customer, stranger, outsider, request };
  }

  it('embeds the newest threads with their replies and pages back through the rest, each thread once', async () => {
    const s = await scene();
    // 45 threads; every third has two replies, written after the newer threads (a reply keeps
    // to its thread, not to the time it was written).
    const tops = await f
      .db()
      .insert(requestComments)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          requestId: s.request.id,
          senderId: i % 2 === 0 ? s.customer.user.id : s.company.user.id,
          senderType: i % 2 === 0 ? 1 : 0,
          comment: `Thread ${i + 1}`,
        })),
      )
      .returning({ id: requestComments.id });
    await f
      .db()
      .insert(requestComments)
      .values(
        tops
          .filter((_, i) => i % 3 === 0)
          .flatMap((t) =>
            [1, 2].map((n) => ({
              requestId: s.request.id,
              parentId: t.id,
              senderId: s.company.user.id,
              senderType: 0,
              comment: `Reply ${n} to ${t.id}`,
            })),
          ),
      );

    const detail = await f.call('/api/customer/customer_request_detail', s.customer.token, {
      request_id: s.request.id,
    });
    expect(detail.statusCode).toBe(200);
    const embedded = detail.json().data.comments_array as CommentThread[];
    expect(embedded.map((t) => t.parent_comment.comment)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Thread ${26 + i}`),
    );
    expect(detail.json().data.comments_next_before_id).toBe(embedded[0]!.parent_comment.id);
    const job = await f.call('/api/company/job_detail', s.company.token, {
      request_id: s.request.id,
    });
    expect(job.json().data.comments_array).toEqual(embedded);
    expect(job.json().data.comments_next_before_id).toBe(embedded[0]!.parent_comment.id);

    for (const reader of [s.customer, s.company]) {
      const pages = await walk(
        '/app_api/get_comments',
        reader.token,
        { request_id: s.request.id },
        20,
        (a) => a.data as CommentThread[],
      );
      expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
      expect(pages[0]).toEqual(embedded);
      const threads = pages.toReversed().flat();
      expect(threads.map((t) => t.parent_comment.id)).toEqual(tops.map((t) => t.id));
      for (const [i, thread] of threads.entries()) {
        expect(thread.child_comments.map((c) => c.child_comment.comment)).toEqual(
          i % 3 === 0
            ? [`Reply 1 to ${thread.parent_comment.id}`, `Reply 2 to ${thread.parent_comment.id}`]
            : [],
        );
      }
    }

    // No one else reads the thread, with or without a page.
    for (const body of [{}, { before_id: embedded[0]!.parent_comment.id, limit: 5 }]) {
      for (const token of [s.stranger.token, s.outsider.token]) {
        const refused = await f.call('/app_api/get_comments', token, {
          request_id: s.request.id,
          ...body,
        });
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('Thread');
      }
    }
    await expectCapped('/app_api/get_comments', s.customer.token, { request_id: s.request.id });
  });

  it('embeds the newest timeline entries and pages back through the rest, the customer’s own only', async () => {
    const s = await scene();
    await f
      .db()
      .insert(requestTimeline)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          requestId: s.request.id,
          activityTitle: `Entry ${i + 1}`,
        })),
      );
    const stored = await f
      .db()
      .select({ id: requestTimeline.id })
      .from(requestTimeline)
      .where(eq(requestTimeline.requestId, s.request.id))
      .orderBy(asc(requestTimeline.id));

    const detail = (
      await f.call('/api/customer/customer_request_detail', s.customer.token, {
        request_id: s.request.id,
      })
    ).json().data;
    const embedded = detail.request_timeline as TimelineEntry[];
    expect(embedded.map((e) => e.activity_title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Entry ${11 + i}`),
    );
    expect(detail.request_timeline_next_before_id).toBe(embedded[0]!.id);

    const pages = await walk(
      '/api/customer/request_timeline',
      s.customer.token,
      { request_id: s.request.id },
      20,
      (a) => a.data as TimelineEntry[],
    );
    expect(pages[0]).toEqual(embedded);
    expect(
      pages
        .toReversed()
        .flat()
        .map((e) => e.id),
    ).toEqual(stored.map((e) => e.id));

    for (const body of [{}, { before_id: embedded[0]!.id }]) {
      const refused = await f.call('/api/customer/request_timeline', s.stranger.token, {
        request_id: s.request.id,
        ...body,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Entry');
    }
    await expectCapped('/api/customer/request_timeline', s.customer.token, {
      request_id: s.request.id,
    });
  });
});
