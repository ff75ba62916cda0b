import { eq, sql } from 'drizzle-orm';
import { canConfirmComplete, formatUsd, hasFeedback, isConfirmedByCustomer } from '@movehub/shared';
import { companyProfiles, companyReviews, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Domain } from '../context';
import { account } from '../money/ledger';
import { chargeableCardOf, type MovementPurpose, type PaymentRow } from '../money/movements';
import { runRequestCommand, type CommandContext } from './command';
import { compensate, COMPENSATION_TEXT } from './compensation';
import { assertCanMove, type RequestRow } from './lifecycle';
import { companyName } from './names';
import { answerOf } from './outcomes';

/*
 * The customer's end of a move (spec §2 "Confirm complete", §4): confirming the move releases
 * the escrow to the company (6 → 7, request_status 1), then feedback and an optional tip close it
 * (7 → 8) and update the company's rating. Each is one request command: a confirm racing a
 * cancel, or two feedbacks, end with one winner and the other's 409.
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

/** The company a request was accepted by; a request at 6 or later always has one. */
function companyOf(request: RequestRow): number {
  if (request.companyId === null) throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
  return request.companyId;
}

/**
 * end_move_confirmation (spec §4: 6 → 7): the whole escrow, as it stands under the lock, is
 * released to the company and the request is done (request_status 1). No company has a connected
 * account at the provider yet, so the money stays on the platform's balance, owed to the company
 * (company_payable), with no provider call. A confirm that comes second gets 409 and moves nothing.
 */
export async function confirmComplete(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
}): Promise<{ request: RequestRow; releasedCents: number }> {
  const { customerId } = opts;
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: customerId },
    authorize: (r) => r.customerId === customerId,
    money: {
      // The escrow and the company's name, read with the pending movement (one round trip).
      read: (r) => ({
        availableOf: account.escrow(r.id),
        ...(r.companyId !== null ? { companyNameOf: r.companyId } : {}),
      }),
    },
    run: async (ctx) => {
      // A confirm that comes second (a double click, two tabs) is told so, whenever it arrives.
      if (isConfirmedByCustomer(ctx.request.timelineStatus)) {
        throw AppError.conflict(COMPLETION_TEXT.alreadyConfirmed);
      }
      // spec §4: confirm-complete only at 6 (the shared guard); the lifecycle's refusal otherwise.
      if (!canConfirmComplete(ctx.request.timelineStatus)) {
        assertCanMove(ctx.request, 'confirmComplete', ctx.actor);
      }
      const companyId = companyOf(ctx.request);
      const held = ctx.read.available ?? 0;
      const request = ctx.moveLater('confirmComplete');
      // The status, the release and the company's count need no answer: written with the
      // events, in the command's last statement.
      if (held > 0) {
        ctx.recordLater({
          kind: 'release',
          amountCents: held,
          entries: [
            { account: account.escrow(request.id), amountCents: -held },
            { account: account.companyPayable(companyId), amountCents: held },
          ],
          purpose: { type: 'release' },
        });
      }
      // A completed move counts once, when the customer confirms it (feedback is optional).
      // Last, too: the company's row (every confirmation of its moves takes it) is held only for
      // the commit that follows.
      ctx.later(
        (n) => sql`${n('completed')} as (
          update company_profiles set completed_moves = completed_moves + 1
          where user_id = ${companyId})`,
      );
      const company = ctx.read.companyName ?? (await companyName(ctx.tx, companyId));
      const amount = formatUsd(held);
      ctx.emit({
        type: 'request.confirmed',
        notices: [
          {
            userId: customerId,
            message: COMPLETION_TEXT.releasedForCustomer(amount, company, request.id),
            customer: { event: 'release' },
          },
          {
            userId: companyId,
            message:
              held > 0
                ? COMPLETION_TEXT.releasedForCompany(amount, request.id)
                : COMPLETION_TEXT.confirmedForCompany(request.id),
          },
        ],
      });
      return { request, releasedCents: held };
    },
  });
  return value;
}

/** A pending tip of the same feedback: the same charge, asked about again. */
const sameFeedback = (pending: PaymentRow, tipCents: number) =>
  pending.kind === 'tip' &&
  (pending.purpose as MovementPurpose | null)?.type === 'feedback' &&
  pending.amountCents === tipCents;

/**
 * add_feedback (spec §2 feedback modal, §4: 7 → 8): the rating (0.5 to 5) and comment of the
 * company, stored as a review with the customer's name, and a tip in whole dollars charged to the
 * customer's card and owed to the company. Without a tip the feedback is stored at once; with
 * one, once the tip's charge succeeds (feedbackPosted), and a declined card stores nothing. The
 * company's rating becomes the mean of its reviews. 404 for another customer's request, 409
 * unless the move is confirmed (status 7) or when feedback was given already.
 */
export async function giveFeedback(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  rating: number;
  comment: string;
  tipCents: number;
}): Promise<{ request: RequestRow; companyRating: number }> {
  const { customerId } = opts;
  const { value, movements } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: customerId },
    authorize: (r) => r.customerId === customerId,
    money: {
      resume: (pending) => opts.tipCents > 0 && sameFeedback(pending, opts.tipCents),
      read: () => (opts.tipCents > 0 ? { cardOf: customerId } : {}),
    },
    run: async (ctx) => {
      if (ctx.pending) {
        ctx.resume(ctx.pending);
        return null;
      }
      if (hasFeedback(ctx.request.timelineStatus)) {
        throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
      }
      assertCanMove(ctx.request, 'giveFeedback', ctx.actor);
      const companyId = companyOf(ctx.request);
      const feedback = { rating: opts.rating, comment: opts.comment, tipCents: opts.tipCents };
      if (opts.tipCents === 0) return storeFeedback(ctx, feedback);
      const card = chargeableCardOf(ctx.read.card);
      await ctx.reserve({
        kind: 'tip',
        amountCents: opts.tipCents,
        customerId,
        targetRef: card.cardRef,
        customerRef: card.customerRef,
        entries: [
          { account: account.customerCard(customerId), amountCents: -opts.tipCents },
          { account: account.tipsPayable(companyId), amountCents: opts.tipCents },
        ],
        purpose: { type: 'feedback', ...feedback },
      });
      return null;
    },
  });
  if (value) return value;
  const outcome = movements[0];
  if (!outcome) throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
  answerOf(outcome);
  if (outcome.state === 'posted' && outcome.givenBack) {
    throw AppError.conflict(COMPENSATION_TEXT.notApplied);
  }
  if (outcome.state === 'posted' && outcome.result) {
    return outcome.result as { request: RequestRow; companyRating: number };
  }
  // The tip was settled by another call (or earlier): the feedback it stored is the answer.
  throw AppError.conflict(COMPLETION_TEXT.feedbackGiven);
}

/** The tip's charge succeeded (settled under the lock): the feedback it carried is stored. */
export async function feedbackPosted(ctx: CommandContext, payment: PaymentRow) {
  const purpose = payment.purpose as Extract<MovementPurpose, { type: 'feedback' }>;
  if (hasFeedback(ctx.request.timelineStatus) || ctx.request.companyId === null) {
    await compensate(ctx, payment);
    return undefined;
  }
  return storeFeedback(ctx, purpose);
}

/** The review, 7 → 8, the company's new rating and its notification, under the lock. */
async function storeFeedback(
  ctx: CommandContext,
  feedback: { rating: number; comment: string; tipCents: number },
): Promise<{ request: RequestRow; companyRating: number }> {
  const companyId = companyOf(ctx.request);
  const customerId = ctx.request.customerId!;
  const moved = await ctx.move('giveFeedback', {});
  const [customer] = await ctx.tx
    .select({ firstName: users.firstName, lastName: users.lastName, picture: users.profilePicture })
    .from(users)
    .where(eq(users.id, customerId));
  await ctx.tx.insert(companyReviews).values({
    companyId,
    customerId,
    requestId: moved.id,
    reviewerFirstName: customer?.firstName ?? '',
    reviewerLastName: customer?.lastName ?? '',
    reviewerPicture: customer?.picture ?? null,
    companyRating: feedback.rating,
    companyComment: feedback.comment === '' ? null : feedback.comment,
    tipCents: feedback.tipCents,
  });
  // Another request's review of the same company may be committing: the mean is taken in a
  // statement after the profile's lock, so that its snapshot counts that review.
  await ctx.tx
    .select({ userId: companyProfiles.userId })
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, companyId))
    .for('no key update');
  const [profile] = await ctx.tx
    .update(companyProfiles)
    .set({
      rating: sql`(select avg(r.company_rating) from company_reviews r where r.company_id = ${companyId})`,
    })
    .where(eq(companyProfiles.userId, companyId))
    .returning({ rating: companyProfiles.rating });
  ctx.emit({
    type: 'request.feedback_given',
    notices: [
      {
        userId: companyId,
        message: COMPLETION_TEXT.feedbackForCompany(
          feedback.rating,
          moved.id,
          feedback.tipCents > 0 ? formatUsd(feedback.tipCents) : null,
        ),
      },
    ],
  });
  return { request: moved, companyRating: profile?.rating ?? feedback.rating };
}
