import { and, desc, eq, sql } from 'drizzle-orm';
import { canConfirmComplete, ErrorCode, formatUsd, TimelineStatus } from '@movehub/shared';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { Db, Tx } from '../../db/client';
import { companyProfiles, companyReviews, payments, requests, users } from '../../db/schema';
import { AppError } from '../../errors';
import {
  assertCanMove,
  lockCustomerRequest,
  moveRequest,
  REQUEST_NOT_FOUND,
  type Actor,
  type RequestRow,
} from '../lifecycle/lifecycle.service';
import { notify } from '../notifications/notifications.service';
import { notifyCustomer } from '../customer-messages/customer-messages.service';
import { account, balanceOf } from '../payments/ledger';
import { chargeTip, releaseToCompany } from '../payments/payments.service';
import { companyName } from './moves.service';

/*
 * The customer's end of a move (spec §2 "Confirm complete", §4): confirming the move
 * releases the escrow to the company (6 → 7, request_status 1), then feedback and an optional
 * tip close it (7 → 8) and update the company's rating. Money moves through the payments
 * service (idempotency key, gateway outside the transaction, balanced ledger entries written
 * with the state change); the state change re-checks the status under the row lock, so a
 * confirm racing a cancel, or two feedbacks, end with one winner.
 */

export const COMPLETION_TEXT = {
  alreadyConfirmed: 'This move has already been confirmed.',
  feedbackGiven: 'Feedback was already given for this request.',
  releasedForCustomer: (amount: string, company: string, requestId: number) =>
    `You confirmed your move #${requestId}: ${amount} was released to ${company}.`,
  releasedForCompany: (amount: string, requestId: number) =>
    `The customer confirmed move #${requestId}: ${amount} was released to you.`,
  confirmedForCompany: (requestId: number) => `The customer confirmed move #${requestId}.`,
  feedbackForCompany: (rating: number, requestId: number, tip: string | null) =>
    `The customer rated move #${requestId} ${rating} out of 5${tip ? ` and tipped ${tip}` : ''}.`,
} as const;

/** Reads a customer's request without locking it: the checks made before money moves. */
async function customerRequest(db: Db, requestId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, requestId), eq(requests.customerId, customerId)))
    .limit(1);
  if (!row) throw AppError.notFound(REQUEST_NOT_FOUND);
  return row;
}

/** The company a request was accepted by; a request at 6 or later always has one. */
function companyOf(request: RequestRow): number {
  if (request.companyId === null) throw AppError.notFound(REQUEST_NOT_FOUND);
  return request.companyId;
}

/**
 * The customer confirms the move (spec §4: 6 → 7): the escrow is released to the company
 * (releaseToCompany; one key per request, so a repeated or concurrent confirm releases once)
 * and the request is done (request_status 1). With nothing held (a request paid outside the
 * escrow), the move is confirmed without a payment. A confirm that lost a race (twice at once,
 * or a cancel first) gets 409 and moves no money.
 */
/** Confirmed by the customer already: completed (7) or with feedback (8). */
const alreadyConfirmed = (r: { timelineStatus: number; requestStatus: number }) =>
  r.timelineStatus === TimelineStatus.completed ||
  r.timelineStatus === TimelineStatus.feedbackGiven;

export async function confirmComplete(opts: {
  db: Db;
  gateway: PaymentGateway;
  customerId: number;
  requestId: number;
}): Promise<{ request: RequestRow; releasedCents: number }> {
  const { db, customerId } = opts;
  const actor: Actor = { type: 'customer', userId: customerId };
  const before = await customerRequest(db, opts.requestId, customerId);
  // A confirm that comes second (a double click, two tabs) is told so, whenever it arrives.
  if (alreadyConfirmed(before)) throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
  // spec §4: confirm-complete only at 6 (the shared guard); the lifecycle's refusal otherwise.
  if (!canConfirmComplete(before.timelineStatus)) assertCanMove(before, 'confirmComplete', actor);
  const companyId = companyOf(before);
  const held = await balanceOf({ db, account: account.escrow(before.id) });

  const done: { request?: RequestRow } = {};
  const apply = async (tx: Tx) => {
    const request = await lockCustomerRequest(tx, before.id, customerId);
    // Confirmed meanwhile by a racing call, which released the escrow this one read as held.
    if (alreadyConfirmed(request)) throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
    done.request = await moveRequest(tx, { request, action: 'confirmComplete', actor });
    // A completed move counts once, when the customer confirms it (feedback is optional).
    await tx
      .update(companyProfiles)
      .set({ completedMoves: sql`${companyProfiles.completedMoves} + 1` })
      .where(eq(companyProfiles.userId, companyId));
    const company = await companyName(tx, companyId);
    const amount = formatUsd(held);
    await notifyCustomer({
      db: tx,
      userId: customerId,
      requestId: request.id,
      event: 'release',
      message: COMPLETION_TEXT.releasedForCustomer(amount, company, request.id),
    });
    await notify({
      db: tx,
      userId: companyId,
      requestId: request.id,
      message:
        held > 0
          ? COMPLETION_TEXT.releasedForCompany(amount, request.id)
          : COMPLETION_TEXT.confirmedForCompany(request.id),
    });
  };

  if (held > 0) {
    const result = await releaseToCompany({
      db,
      gateway: opts.gateway,
      requestId: before.id,
      companyId,
      amountCents: held,
      // No connected account is stored yet: the money stays owed to the company on the
      // platform's balance (payments.service), and the ledger says so.
      destination: null,
      apply,
    }).catch(async (err: unknown) => {
      // A racing confirm released the escrow after this one read it as held: the release
      // refuses an escrow that no longer covers it, and this confirm came second.
      if (
        err instanceof AppError &&
        err.code === ErrorCode.badRequest &&
        alreadyConfirmed(await customerRequest(db, before.id, customerId))
      ) {
        throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
      }
      throw err;
    });
    // The release had already been made (a confirm that came second): nothing new happened.
    if (result.replayed) throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
  } else {
    await db.transaction(apply);
  }
  if (!done.request) throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
  return { request: done.request, releasedCents: held };
}

/**
 * The attempt number of a request's next tip charge (decision 004: a customer's new attempt
 * after a decline is a new key). The last attempt's key is kept while it may still be completed:
 * pending, or failed after the provider reported a charge (it answers the same key with it).
 * A decline, a failure without a charge, or a charge given back is followed by a new key.
 */
async function nextTipAttempt(db: Db, requestId: number): Promise<number> {
  const [last] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.kind, 'tip')))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!last) return 1;
  const attempt = Number(last.idempotencyKey.split(':').at(-1)) || 1;
  return last.status === 'failed' && !last.gatewayRef ? attempt + 1 : attempt;
}

/**
 * Feedback on a confirmed move (spec §2 feedback modal, §4: 7 → 8): the rating (0.5 to 5) and
 * comment of the company, stored as a review with the customer's name, and a tip in whole
 * dollars charged to the customer's card and owed to the company (chargeTip; a declined card
 * answers with the provider's message and stores nothing). The company's rating becomes the
 * mean of its reviews. 404 for another customer's request, 409 unless the move is confirmed
 * (status 7) or when feedback was given already.
 */
export async function giveFeedback(opts: {
  db: Db;
  gateway: PaymentGateway;
  customerId: number;
  requestId: number;
  rating: number;
  comment: string;
  tipCents: number;
}): Promise<{ request: RequestRow; companyRating: number }> {
  const { db, customerId } = opts;
  const actor: Actor = { type: 'customer', userId: customerId };
  const before = await customerRequest(db, opts.requestId, customerId);
  if (before.timelineStatus === TimelineStatus.feedbackGiven) {
    throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
  }
  assertCanMove(before, 'giveFeedback', actor);
  const companyId = companyOf(before);

  const done: { result?: { request: RequestRow; companyRating: number } } = {};
  const apply = async (tx: Tx) => {
    const request = await lockCustomerRequest(tx, before.id, customerId);
    if (request.timelineStatus === TimelineStatus.feedbackGiven) {
      throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
    }
    const moved = await moveRequest(tx, { request, action: 'giveFeedback', actor });
    const [customer] = await tx
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        picture: users.profilePicture,
      })
      .from(users)
      .where(eq(users.id, customerId));
    await tx.insert(companyReviews).values({
      companyId,
      customerId,
      requestId: request.id,
      reviewerFirstName: customer?.firstName ?? '',
      reviewerLastName: customer?.lastName ?? '',
      reviewerPicture: customer?.picture ?? null,
      companyRating: opts.rating,
      companyComment: opts.comment === '' ? null : opts.comment,
      tipCents: opts.tipCents,
    });
    const [profile] = await tx
      .update(companyProfiles)
      .set({
        rating: sql`(select avg(r.company_rating) from company_reviews r where r.company_id = ${companyId})`,
      })
      .where(eq(companyProfiles.userId, companyId))
      .returning({ rating: companyProfiles.rating });
    await notify({
      db: tx,
      userId: companyId,
      requestId: request.id,
      message: COMPLETION_TEXT.feedbackForCompany(
        opts.rating,
        request.id,
        opts.tipCents > 0 ? formatUsd(opts.tipCents) : null,
      ),
    });
    done.result = { request: moved, companyRating: profile?.rating ?? opts.rating };
  };

  if (opts.tipCents > 0) {
    const charged = await chargeTip({
      db,
      gateway: opts.gateway,
      requestId: before.id,
      customerId,
      companyId,
      amountCents: opts.tipCents,
      attempt: await nextTipAttempt(db, before.id),
      apply,
    });
    if (charged.replayed) throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
  } else {
    await db.transaction(apply);
  }
  if (!done.result) throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
  return done.result;
}
