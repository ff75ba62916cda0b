import { and, asc, eq, ne } from 'drizzle-orm';
import {
  BidStatus,
  canComment,
  isOpenForBids,
  UserType,
  type AddCommentBody,
} from '@movehub/shared';
import type { Tx } from '../../db/client';
import {
  companyServiceZips,
  requestAddresses,
  requestBids,
  requestComments,
  requests,
} from '../../db/schema';
import { AppError } from '../../errors';
import { SenderType } from '../../modules/comments/comments.wire';
import type { Notice } from '../../platform/events/events';
import type { Domain } from '../context';
import { runRequestCommand } from './command';
import { guardView, REQUEST_NOT_FOUND, type RequestRow } from './lifecycle';

/*
 * add_comments (spec/request-lifecycle.md §3 Comment, §7): the customer on their own request, a
 * company on a request open to it or won by it. A request command: the row lock orders a comment
 * after a cancel that raced it (a cancelled thread is closed), and the other side is told by the
 * command's event after the commit.
 */

/** A deleted or withdrawn bid no longer ties its company to the request. */
const DELETED_BID = BidStatus.deleted;
/** spec §3 Address (server): address_type 1 is the pick-up. */
const PICK_UP = 1;

export const COMMENT_NOT_FOUND = 'This comment was not found.';
export const REPLY_TO_TOP_LEVEL = 'A reply must answer a top-level comment of this request.';
export const COMMENTS_CLOSED = 'Comments are closed on this request.';
const NOT_A_COMMENTER = 'This account may not use this call.';

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
  if (!isOpenForBids(guardView(request))) return false;
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

/**
 * Who may read a request's thread (get_comments): whoever add_comments lets write in it, with
 * the same answers: 404 for a request the caller may not see (ids don't leak), 403 for an account
 * that is neither a customer nor a company. Answers whether the thread hides the customer from
 * the caller (a company that does not have the request yet).
 */
export async function authorizeThreadReader(
  tx: Tx,
  user: { id: number; userType: number },
  requestId: number,
): Promise<{ hideCustomer: boolean }> {
  if (user.userType !== UserType.customer && user.userType !== UserType.company) {
    throw AppError.forbidden(NOT_A_COMMENTER);
  }
  const [request] = await tx.select().from(requests).where(eq(requests.id, requestId));
  if (!request) throw AppError.notFound(REQUEST_NOT_FOUND);
  if (user.userType === UserType.customer) {
    if (request.customerId !== user.id) throw AppError.notFound(REQUEST_NOT_FOUND);
    return { hideCustomer: false };
  }
  if (!(await companyMayComment(tx, request, user.id))) throw AppError.notFound(REQUEST_NOT_FOUND);
  return { hideCustomer: request.companyId !== user.id };
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
 * POST /app_api/add_comments. 404 for a request the caller may not see (ids don't leak), 403 for
 * an account that is neither a customer nor a company, 409 on a cancelled request, 404 for an
 * unknown parent, 422 for a reply to a reply. Answers whether the thread must hide the customer
 * from the caller (a company that does not have the request yet learns the name on acceptance).
 */
export async function addComment(opts: {
  domain: Domain;
  user: { id: number; userType: number };
  body: { request_id: number; comment: string; parent_id: AddCommentBody['parent_id'] };
}): Promise<{ hideCustomer: boolean }> {
  const { user, body } = opts;
  const parentId = Number(body.parent_id ?? 0);
  const asCustomer = user.userType === UserType.customer;
  const { value } = await runRequestCommand(opts.domain, {
    requestId: body.request_id,
    actor: { type: asCustomer ? 'customer' : 'company', userId: user.id },
    // A company's access depends on its bids and area, read in the command.
    authorize: (r) => !asCustomer || r.customerId === user.id,
    run: async (ctx) => {
      const { tx, request } = ctx;
      let senderType: number;
      if (asCustomer) {
        senderType = SenderType.customer;
      } else if (user.userType === UserType.company) {
        if (!(await companyMayComment(tx, request, user.id))) {
          throw AppError.notFound(REQUEST_NOT_FOUND);
        }
        senderType = SenderType.company;
      } else {
        throw AppError.forbidden(NOT_A_COMMENTER);
      }
      if (!canComment(guardView(request))) throw AppError.conflict(COMMENTS_CLOSED);

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
      const notices: Notice[] = [];
      if (senderType === SenderType.company) {
        if (request.customerId !== null) {
          notices.push({
            userId: request.customerId,
            message: `A company ${what} your request #${request.id}.`,
          });
        }
      } else {
        for (const companyId of await companiesToTell(tx, request)) {
          notices.push({
            userId: companyId,
            message: `The customer ${what} request #${request.id}.`,
          });
        }
      }
      // A request open for bids: every console showing its thread reads it again, live.
      const openForBids = request.companyId === null && isOpenForBids(guardView(request));
      ctx.emit({ type: 'request.comment_added', notices, data: { openForBids } });
      return { hideCustomer: senderType === SenderType.company && request.companyId !== user.id };
    },
  });
  return value;
}
