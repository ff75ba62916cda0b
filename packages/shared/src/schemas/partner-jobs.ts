import { z } from 'zod';
import {
  ACTIVE_REQUEST_STATUS,
  canConfirmComplete,
  isAwaitingAssignment,
  isAwaitingPayment,
  isAwaitingResponse,
  isConfirmedByCustomer,
  isDirectRequest,
  isMoveCancelled,
  isMoveInProgress,
  isReadyToMove,
  isRequestCancelled,
  type LifecycleRequest,
} from '../rules/lifecycle';
import { changeProposalSchema } from './changes';
import { chatObjectSchema } from './chat';
import { envelope } from './envelope';
import { nextPageField, pageFields } from './paging';
import { PAYMENT_METHODS, RATE_METHODS } from './letter';
import {
  commentThreadSchema,
  commentsNextPageField,
  requestIdBodySchema,
  serverAddressSchema,
  serverItemSchema,
} from './request-detail';

/*
 * The company's jobs by stage: the requests it has, either won
 * (an accepted bid) or received through its direct link, grouped by where they stand in the
 * lifecycle (spec/request-lifecycle.md §4).
 */

/**
 * A job's stage, in the order of the lifecycle. `new_direct` is a direct request at status 0
 * whose confirmation letter the company has not sent yet: the list leaves it out, but the
 * company must find it somewhere to send that letter. The others follow
 * request_timeline_status: 2 awaiting_payment, 3 paid (a direct request's letter sent, signed or
 * not), 4 assigned, 5 in_progress, 6 to_confirm, 7 and 8 completed, 11 cancelled.
 */
export const JOB_STAGES = [
  'new_direct',
  'awaiting_payment',
  'paid',
  'assigned',
  'in_progress',
  'to_confirm',
  'completed',
  'cancelled',
] as const;
export type JobStage = (typeof JOB_STAGES)[number];

export const JOB_STAGE_LABELS: Record<JobStage, string> = {
  new_direct: 'New direct requests',
  awaiting_payment: 'Won, awaiting payment',
  paid: 'Paid',
  assigned: 'Assigned',
  in_progress: 'In progress',
  to_confirm: 'To be confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * The stage of a request the company has, or null for one that is no job (a marketplace request
 * still open for bids). The server's SQL twin is `stageSql` in partner-jobs.service.ts; a test
 * holds the two together.
 */
export function jobStageOf(request: LifecycleRequest): JobStage | null {
  const timeline = request.request_timeline_status;
  if (
    isRequestCancelled(request.request_status ?? ACTIVE_REQUEST_STATUS) ||
    isMoveCancelled(timeline)
  ) {
    return 'cancelled';
  }
  if (isConfirmedByCustomer(timeline)) return 'completed';
  if (canConfirmComplete(timeline)) return 'to_confirm';
  if (isMoveInProgress(timeline)) return 'in_progress';
  if (isReadyToMove(timeline)) return 'assigned';
  if (isAwaitingAssignment(timeline)) return 'paid';
  if (isAwaitingPayment(timeline)) return 'awaiting_payment';
  if (isAwaitingResponse(timeline) && isDirectRequest(request)) return 'new_direct';
  return null;
}

/** The stages whose jobs carry the customer's email and phone (see jobCustomerSchema). */
export function jobShowsContact(stage: JobStage): boolean {
  return stage !== 'cancelled';
}

/** POST /api/company/jobs: one stage (every stage when none), a page older than before_id. */
export const jobsBodySchema = z
  .object({
    stage: z
      .enum(JOB_STAGES, { error: `stage must be one of ${JOB_STAGES.join(', ')}.` })
      .optional(),
    ...pageFields('a request'),
  })
  .default({});
export type JobsBody = z.input<typeof jobsBodySchema>;

const jobAddressSchema = z.object({
  id: z.number().int(),
  /** 1 pick-up, otherwise drop-off (spec §3 Address). */
  address_type: z.number().int(),
  complete_address: z.string(),
  zip_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/**
 * The customer as the company sees its job. The name always; the email and phone only once the
 * customer is the company's to contact: a marketplace request from acceptance (stage
 * awaiting_payment on), a direct request from the start (the lead came through the company's own
 * link, decision 007), and never once the job is cancelled. Decision 011: contact follows
 * acceptance.
 */
const jobCustomerSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const jobSummarySchema = z
  .object({
    id: z.number().int(),
    stage: z.enum(JOB_STAGES),
    request_timeline_status: z.number().int(),
    request_status: z.number().int(),
    /** A direct request's letter: 0 not signed (or not sent), 1 signed. */
    additional_status: z.number().int(),
    is_direct: z.boolean(),
    s_date: z.string().nullable(),
    s_time: z.string().nullable(),
    start_window_from: z.string().nullable(),
    start_window_to: z.string().nullable(),
    move_type: z.string().nullable(),
    movers: z.number().int().nullable(),
    request_address: z.array(jobAddressSchema),
    /** Every piece of the inventory, quantities added up (packing materials apart). */
    item_count: z.number().int(),
    /** Packing and moving materials (extra items), quantities added up: apart from item_count. */
    packing_count: z.number().int(),
    /** The agreed price in dollars (the accepted bid's amount); null while there is none (direct). */
    final_amount: z.number().nullable(),
    customer: jobCustomerSchema,
  })
  .meta({ id: 'JobSummary' });
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobCountsSchema = z.object(
  Object.fromEntries(JOB_STAGES.map((s) => [s, z.number().int()])) as Record<JobStage, z.ZodNumber>,
);
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobsResponseSchema = envelope({
  data: z.object({ counts: jobCountsSchema, items: z.array(jobSummarySchema) }),
  ...nextPageField,
});
export type JobsResponse = z.infer<typeof jobsResponseSchema>;

/** POST /api/company/job_detail: one of the company's jobs. */
export const jobDetailBodySchema = requestIdBodySchema;
export type JobDetailBody = z.input<typeof jobDetailBodySchema>;

/** A foreman as the company picks one: its own foremen, and the one assigned to a job. */
export const jobForemanSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type JobForeman = z.infer<typeof jobForemanSchema>;

/** A truck as the company picks one: its active trucks, and those assigned to a job. */
export const jobTruckSchema = z.object({ id: z.number().int(), name: z.string() });
export type JobTruck = z.infer<typeof jobTruckSchema>;

/**
 * A direct request's confirmation letter as its company follows it (decision 016): sent (the
 * request at 3), signed (additional_status 1) with the signed PDF's url, and the rates it set.
 */
export const jobLetterSchema = z.object({
  sent_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  pdf_url: z.string().nullable(),
  rate_method: z.enum(RATE_METHODS).nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
});
export type JobLetter = z.infer<typeof jobLetterSchema>;

/**
 * A change the company proposed (or the customer asked for on a paid direct request), with its
 * answer: status pending / accepted / rejected (or awaiting_price), decided_at once answered, and
 * what it changes in a line of words.
 */
export const jobChangeSchema = changeProposalSchema.extend({ summary: z.string() });
export type JobChange = z.infer<typeof jobChangeSchema>;

/**
 * One of the company's jobs in full (the request detail and the
 * comment thread): the move, the customer (contact as in jobCustomerSchema), the crew, the
 * letter, the changes and the thread, and what the company can assign.
 */
export const jobDetailSchema = z
  .object({
    id: z.number().int(),
    stage: z.enum(JOB_STAGES),
    request_timeline_status: z.number().int(),
    request_status: z.number().int(),
    /** A direct request's letter: 0 not signed (or not sent), 1 signed. */
    additional_status: z.number().int(),
    is_direct: z.boolean(),
    s_date: z.string().nullable(),
    /** The move day as YYYY-MM-DD, and the service's date when answered (decision 042). */
    move_date: z.string(),
    today_date: z.string(),
    s_time: z.string().nullable(),
    start_window_from: z.string().nullable(),
    start_window_to: z.string().nullable(),
    move_type: z.string().nullable(),
    movers: z.number().int().nullable(),
    /** The customer's price (dollars), the estimate, and the agreed amount. */
    customer_budget: z.number().nullable(),
    recommend_amount: z.number().nullable(),
    final_amount: z.number().nullable(),
    final_comment: z.string().nullable(),
    /** In the move's order, with their coordinates. */
    request_address: z.array(serverAddressSchema),
    request_item: z.array(serverItemSchema),
    extra_request_items: z.array(serverItemSchema),
    customer: jobCustomerSchema,
    assigned_foreman: jobForemanSchema.nullable(),
    assigned_trucks: z.array(jobTruckSchema),
    /** Null for a marketplace request. */
    letter: jobLetterSchema.nullable(),
    changes: z.array(jobChangeSchema),
    comments_array: z.array(commentThreadSchema),
    /** The before_id of the older threads' page (get_comments), null if none. */
    ...commentsNextPageField,
    /** The company's conversation with the customer; null while it is closed (paid to 6). */
    chat: chatObjectSchema.nullable(),
    /** What assign_move takes: the company's foremen and its active trucks. */
    foremen: z.array(jobForemanSchema),
    trucks: z.array(jobTruckSchema),
  })
  .meta({ id: 'JobDetail' });
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const jobDetailResponseSchema = envelope({ data: jobDetailSchema });
export type JobDetailResponse = z.infer<typeof jobDetailResponseSchema>;
