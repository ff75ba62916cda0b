import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { CommentThread, PageRequest } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { requestComments } from '../../db/schema';
import { pageOf, pageReadLimit } from '../../lib/paging';
import { toCommentThreads, type CommentRow } from './comments.wire';

/*
 * Reading the comment thread of a request (spec/request-lifecycle.md §3 Comment). Adding to it
 * is a request command (domain/request/comments.ts). The thread is read a page of threads at a
 * time, newest first: a top-level comment with all its replies, so a thread is never split
 * between two pages. The details embed the newest page (COMMENT_THREADS) and name the next one;
 * get_comments reads the older pages.
 */

/** The threads of a page when the caller names no limit, and of the page a detail embeds. */
export const COMMENT_THREADS_PAGE_SIZE = 20;

/** The columns of a thread's comments and their senders, the same in every query that reads them. */
export const commentColumns = {
  columns: {
    id: true,
    requestId: true,
    parentId: true,
    senderType: true,
    comment: true,
    updatedAt: true,
  },
  with: {
    sender: {
      columns: { firstName: true, lastName: true, profilePicture: true, customerRating: true },
    },
    senderCompany: { columns: { name: true, profilePicture: true, rating: true } },
  },
} as const;

/** A page's top-level comments, newest first, each with its replies (the thread index). */
const threadColumns = {
  ...commentColumns,
  with: {
    ...commentColumns.with,
    replies: { orderBy: asc(requestComments.id), ...commentColumns },
  },
} as const;

/**
 * The relation a detail embeds (REQUEST_DETAIL.with.comments): the newest page of threads and one
 * more, which says whether an older page exists. Read it with commentThreadPage.
 */
export const COMMENT_THREADS = {
  where: isNull(requestComments.parentId),
  orderBy: desc(requestComments.id),
  limit: COMMENT_THREADS_PAGE_SIZE + 1,
  ...threadColumns,
} as const;

/** A top-level comment with its replies, as COMMENT_THREADS and loadThreadPage read it. */
export type ThreadRow = CommentRow & { replies: CommentRow[] };

/**
 * Top-level rows read newest first (one more than the page) → the page's threads oldest first,
 * as comments_array shows them, and the next page's before_id.
 */
export function commentThreadPage(
  rows: readonly unknown[],
  page: PageRequest = {},
  opts: { hideCustomer: boolean } = { hideCustomer: false },
): { threads: CommentThread[]; next_before_id: number | null } {
  const { rows: kept, next_before_id } = pageOf(
    rows as ThreadRow[],
    page,
    COMMENT_THREADS_PAGE_SIZE,
    (row) => row.id,
  );
  const flat = kept.reverse().flatMap((row) => [row, ...row.replies]);
  return { threads: toCommentThreads(flat, opts), next_before_id };
}

/**
 * A page of a request's threads: those older than before_id (the newest without it). The caller
 * has checked that its reader may see the thread. `hideCustomer`: for a company that does not
 * have the request yet, which learns the customer's name only on acceptance (as open_requests).
 */
export async function loadThreadPage(opts: {
  db: Tx;
  requestId: number;
  page?: PageRequest;
  hideCustomer?: boolean;
}): Promise<{ threads: CommentThread[]; next_before_id: number | null }> {
  const page = opts.page ?? {};
  const rows = await opts.db.query.requestComments.findMany({
    where: and(
      eq(requestComments.requestId, opts.requestId),
      isNull(requestComments.parentId),
      page.before_id === undefined ? undefined : lt(requestComments.id, page.before_id),
    ),
    orderBy: desc(requestComments.id),
    limit: pageReadLimit(page, COMMENT_THREADS_PAGE_SIZE),
    ...threadColumns,
  });
  return commentThreadPage(rows, page, { hideCustomer: opts.hideCustomer ?? false });
}
