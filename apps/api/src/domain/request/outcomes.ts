import { ErrorCode, MSG } from '@movehub/shared';
import { AppError } from '../../errors';
import type { MovementOutcome } from '../money/outcome';

/**
 * The caller's answer to a movement it waited for: nothing when the provider moved the money;
 * otherwise the error it reads. A decline is the provider's message (400, with card_declined so
 * that the screen offers another card: shared cardDeclinedEnvelopeSchema); an unanswered provider
 * is 500, the movement left pending to be asked about again under the same key; a movement
 * another call is asking about right now is 409.
 */
export function answerOf(outcome: MovementOutcome): void {
  switch (outcome.state) {
    case 'posted':
      return;
    case 'refused':
      throw new AppError(ErrorCode.badRequest, outcome.message, { card_declined: true });
    case 'unknown':
      throw new AppError(500, MSG.gatewayUnknown);
    case 'busy':
      throw AppError.conflict(MSG.paymentInProgress);
  }
}
