import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  BidStatus,
  canComment,
  isOpenForBids,
  UserType,
  type AddCommentBody,
  type CommentThread,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  companyServiceZips,
  requestAddresses,
  requestBids,
  requestComments,
} from '../../db/schema';
import { AppError } from '../../errors';
import { lockRequest, REQUEST_NOT_FOUND, type RequestRow } from '../../domain/request/lifecycle';
import { notify } from '../notifications/notifications.service';
import { SenderType, toCommentThreads, type CommentRow } from './comments.wire';

/*
 * The comment thread of a request (spec/request-lifecycle.md §3 Comment, §7 add_comments): the
 * customer on their own request, a company on a request open to it or won by it. The other side
 * is told in the same transaction as the comment.
 */

/** A deleted or withdrawn bid no longer ties its company to the request. */
const DELETED_BID = BidStatus.deleted;
/** spec §3 Address (server): address_type 1 is the pick-up. */
const PICK_UP = 1;

export const COMMENT_NOT_FOUND = 'This comment was not found.';
export const REPLY_TO_TOP_LEVEL = 'A reply must answer a top-level comment of this request.';
export const COMMENTS_CLOSED = 'Comments are closed on this request.';

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

/**
 * A company sees a request's thread when it won it (or the request came through its direct
 * link); before any company has it, when it bid on it or while the request is open for bids in
 * its service area (the pick-up's zip code among company_service_zips). Once a company has the
 * request, the others no longer see what the customer and that company write.
 */
async function companyMayComment(tx: Tx, request: RequestRow, companyId: number) {
  if (request.companyId !== null) return request.companyId === companyId;
  const [bid] = await tx
    .select({ id: requestBids.id })
    .from(requestBids)
    .where(
      and(
        eq(requestBids.requestId, request.id),
        eq(requestBids.companyId, companyId),
        ne(requestBids.status, DELETED_BID),
      ),
    )
    .limit(1);
  if (bid) return true;
  const open = isOpenForBids({
    request_timeline_status: request.timelineStatus,
    request_status: request.requestStatus,
    request_type: request.requestType,
  });
  if (!open) return false;
  // The request's pick-up (the first by position) in the company's zips, as bids read it.
  const [pickUp] = await tx
    .select({ zipCode: requestAddresses.zipCode })
    .from(requestAddresses)
    .where(
      and(eq(requestAddresses.requestId, request.id), eq(requestAddresses.addressType, PICK_UP)),
    )
    .orderBy(asc(requestAddresses.position), asc(requestAddresses.id))
    .limit(1);
  if (!pickUp?.zipCode) return false;
  const [inArea] = await tx
    .select({ zipCode: companyServiceZips.zipCode })
    .from(companyServiceZips)
    .where(
      and(
        eq(companyServiceZips.companyId, companyId),
        eq(companyServiceZips.zipCode, pickUp.zipCode),
      ),
    )
    .limit(1);
  return Boolean(inArea);
}

/** Who hears of a customer's comment: the company that has the request, else those that bid. */
async function companiesToTell(tx: Tx, request: RequestRow): Promise<number[]> {
  if (request.companyId !== null) return [request.companyId];
  const rows = await tx
    .selectDistinct({ companyId: requestBids.companyId })
    .from(requestBids)
    .where(and(eq(requestBids.requestId, request.id), ne(requestBids.status, DELETED_BID)));
  return rows.map((r) => r.companyId);
}

/**
 * POST /app_api/add_comments. 404 for a request the caller may not see (ids don't leak), 409 on
 * a cancelled request, 404 for an unknown parent, 422 for a reply to a reply. Returns the
 * updated thread.
 */
export async function addComment(opts: {
  db: Db;
  user: { id: number; userType: number };
  body: { request_id: number; comment: string; parent_id: AddCommentBody['parent_id'] };
}): Promise<CommentThread[]> {
  const { db, user, body } = opts;
  const parentId = Number(body.parent_id ?? 0);
  const hideCustomer = await db.transaction(async (tx) => {
    // The row lock orders a comment after a cancel that raced it: a cancelled thread is closed.
    const request = await lockRequest(tx, body.request_id);
    if (!request) throw AppError.notFound(REQUEST_NOT_FOUND);
    let senderType: number;
    if (user.userType === UserType.customer) {
      if (request.customerId !== user.id) throw AppError.notFound(REQUEST_NOT_FOUND);
      senderType = SenderType.customer;
    } else if (user.userType === UserType.company) {
      if (!(await companyMayComment(tx, request, user.id))) {
        throw AppError.notFound(REQUEST_NOT_FOUND);
      }
      senderType = SenderType.company;
    } else {
      throw AppError.forbidden('This account may not use this call.');
    }
    const guarded = {
      request_timeline_status: request.timelineStatus,
      request_status: request.requestStatus,
    };
    if (!canComment(guarded)) throw AppError.conflict(COMMENTS_CLOSED);

    if (parentId !== 0) {
      const [parent] = await tx
        .select({ parentId: requestComments.parentId })
        .from(requestComments)
        .where(and(eq(requestComments.id, parentId), eq(requestComments.requestId, request.id)));
      if (!parent) throw AppError.notFound(COMMENT_NOT_FOUND);
      if (parent.parentId !== null) throw AppError.unprocessable(REPLY_TO_TOP_LEVEL);
    }

    await tx.insert(requestComments).values({
      requestId: request.id,
      parentId: parentId === 0 ? null : parentId,
      senderId: user.id,
      senderType,
      comment: body.comment,
    });

    const what = parentId === 0 ? 'commented on' : 'replied to a comment on';
    if (senderType === SenderType.company) {
      if (request.customerId !== null) {
        await notify({
          db: tx,
          userId: request.customerId,
          requestId: request.id,
          message: `A company ${what} your request #${request.id}.`,
        });
      }
    } else {
      for (const companyId of await companiesToTell(tx, request)) {
        await notify({
          db: tx,
          userId: companyId,
          requestId: request.id,
          message: `The customer ${what} request #${request.id}.`,
        });
      }
    }
    return senderType === SenderType.company && request.companyId !== user.id;
  });
  return loadThread({ db, requestId: body.request_id, hideCustomer });
}
