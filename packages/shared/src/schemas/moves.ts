import { z } from 'zod';
import { MAX_COMMENT_LENGTH, MAX_MONEY_DOLLARS } from '../constants';
import { envelope } from './envelope';
import { boundedArray, boundedInt, idSchema, safeString, safeText } from './primitives';

/*
 * Move day and after (spec/request-lifecycle.md §4 "Bid and payment flow": 3 → 4 truck
 * assigned, → 5 move in progress, → 6 company marks completion, → 7 customer confirms and
 * releases money, → 8 feedback and tip). The partner API's calls (assign_move, start_move,
 * complete_move; ARCHITECTURE "Counterparts") and the customer's (spec §7
 * end_move_confirmation, add_feedback).
 */

const requestId = idSchema('request_id must be a request id.');

/** The most trucks one move may take. */
export const MAX_TRUCKS_PER_MOVE = 10;

/** POST /api/company/assign_move: the company's foreman and trucks for the move (3 → 4). */
export const assignMoveBodySchema = z.object({
  request_id: requestId,
  foreman_id: idSchema('foreman_id must be a foreman id.'),
  truck_ids: boundedArray(idSchema('truck_ids must hold truck ids.'), MAX_TRUCKS_PER_MOVE, 'trucks')
    .min(1, 'truck_ids must name at least one truck.')
    .refine((ids) => new Set(ids).size === ids.length, 'truck_ids must not repeat a truck.'),
});
export type AssignMoveBody = z.input<typeof assignMoveBodySchema>;

/** POST /api/foreman/start_move, /api/company/complete_move, end_move_confirmation. */
export const moveStepBodySchema = z.object({ request_id: requestId });
export type MoveStepBody = z.input<typeof moveStepBodySchema>;

/** A request after a move-day step. */
export const moveStepSchema = z
  .object({
    request_id: z.number().int(),
    request_timeline_status: z.number().int(),
    request_status: z.number().int(),
  })
  .meta({ id: 'MoveStep' });
export type MoveStep = z.infer<typeof moveStepSchema>;
export const moveStepResponseSchema = envelope({ data: moveStepSchema });
export type MoveStepResponse = z.infer<typeof moveStepResponseSchema>;

/** assign_move's answer: the step and the crew as the request detail shows it. */
export const assignMoveResponseSchema = envelope({
  data: moveStepSchema.extend({
    get_foreman_of_company: z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
    }),
    truck_array: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type AssignMoveResponse = z.infer<typeof assignMoveResponseSchema>;

/** end_move_confirmation's answer: the step and the amount released to the company. */
export const endMoveConfirmationResponseSchema = envelope({
  data: moveStepSchema.extend({ released_amount: z.number() }),
});
export type EndMoveConfirmationResponse = z.infer<typeof endMoveConfirmationResponseSchema>;

// --- feedback ----------------------------------------------------------------------------------

/** spec §9 "Rating input precision .5": half a star to five stars. */
export const RATING_MIN = 0.5;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;

export const FEEDBACK_TEXT = {
  ratingRequired: 'Please rate your move.',
  ratingInvalid: 'rating must be from 0.5 to 5 in steps of 0.5.',
  /** The API's answer to a caller that sent a bad tip. */
  tipInvalid: 'tip must be a whole number of dollars, 0 or more.',
  /** The feedback form's, to the customer who chose Other and left the amount empty. */
  tipAmountRequired: 'Please enter the tip in whole dollars, or choose 0%.',
} as const;

/** True for 0.5, 1, 1.5 … 5. */
export function isValidRating(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= RATING_MIN &&
    value <= RATING_MAX &&
    Number.isInteger(value / RATING_STEP)
  );
}

const ratingSchema = z
  .union(
    [
      z.number(),
      safeString()
        .trim()
        .regex(/^\d(\.\d+)?$/, FEEDBACK_TEXT.ratingInvalid),
    ],
    {
      error: FEEDBACK_TEXT.ratingInvalid,
    },
  )
  .transform(Number)
  .pipe(z.number().refine(isValidRating, FEEDBACK_TEXT.ratingInvalid));

/**
 * spec §9: a tip in whole-number dollars, no negatives (spec §5 "custom amount numbers only").
 * Sent as a number or a digit string; 0 means no tip.
 */
export const tipDollarsSchema = boundedInt(0, MAX_MONEY_DOLLARS, FEEDBACK_TEXT.tipInvalid);

/** POST /app_api/add_feedback (spec §7: request_id, rating, comment, tip). */
export const addFeedbackBodySchema = z.object({
  request_id: requestId,
  rating: ratingSchema,
  comment: safeText(MAX_COMMENT_LENGTH, { multiline: true })
    .nullish()
    .transform((v) => v ?? ''),
  tip: tipDollarsSchema.optional().transform((v) => v ?? 0),
});
export type AddFeedbackBody = z.input<typeof addFeedbackBodySchema>;

export const feedbackSchema = z
  .object({
    request_id: z.number().int(),
    request_timeline_status: z.number().int(),
    rating: z.number(),
    comment: z.string(),
    tip: z.number(),
    company_rating: z.number(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof feedbackSchema>;
export const addFeedbackResponseSchema = envelope({ data: feedbackSchema });
export type AddFeedbackResponse = z.infer<typeof addFeedbackResponseSchema>;
