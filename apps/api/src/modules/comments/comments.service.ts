import { asc, eq, sql } from 'drizzle-orm';
import type { CommentThread } from '@movehub/shared';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { requestComments } from '../../db/schema';
import { toCommentThreads, type CommentRow } from './comments.wire';

/*
 * Reading the comment thread of a request (spec/request-lifecycle.md §3 Comment). Adding to it
 * is a request command (domain/request/comments.ts).
 */

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

const threadQuery = preparedPerDatabase((db) =>
  db.query.requestComments
    .findMany({
      where: eq(requestComments.requestId, sql.placeholder('requestId')),
      orderBy: asc(requestComments.id),
      ...commentColumns,
    })
    .prepare('request_comment_thread'),
);

/**
 * A request's whole thread in one query. `hideCustomer`: for a company that does not have the
 * request yet, which learns the customer's name only on acceptance (as open_requests).
 */
export async function loadThread(opts: {
  db: Db;
  requestId: number;
  hideCustomer?: boolean;
}): Promise<CommentThread[]> {
  const rows = await threadQuery(opts.db).execute({ requestId: opts.requestId });
  return toCommentThreads(rows as CommentRow[], { hideCustomer: opts.hideCustomer ?? false });
}
