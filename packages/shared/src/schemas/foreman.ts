import { z } from 'zod';
import { chatObjectSchema } from './chat';
import { envelope } from './envelope';
import { idSchema } from './primitives';
import { serverAddressSchema, serverItemSchema } from './request-detail';

/*
 * The foreman's phone: the jobs he is assigned, today's and upcoming, and one
 * job's detail for move day. Scoped to the caller (requests.foreman_id): another foreman's job
 * reads as not found.
 */

/** How long a finished job (completed, confirmed, cancelled) stays on the foreman's list. */
export const FOREMAN_RECENT_DAYS = 7;

/** A job's address on the list: where to drive, and the point the maps app opens. */
const foremanJobAddressSchema = z.object({
  id: z.number().int(),
  /** 1 pick-up, otherwise drop-off (spec §3 Address). */
  address_type: z.number().int(),
  complete_address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** One of the foreman's jobs as his list shows it. */
export const foremanJobSchema = z
  .object({
    id: z.number().int(),
    request_timeline_status: z.number().int(),
    request_status: z.number().int(),
    /** The move day as the spec writes dates (MM-DD-YYYY). */
    s_date: z.string(),
    /** The move day as YYYY-MM-DD, for sorting and comparing. */
    move_date: z.string(),
    s_time: z.string().nullable(),
    start_window_from: z.string().nullable(),
    start_window_to: z.string().nullable(),
    move_type: z.string().nullable(),
    movers: z.number().int().nullable(),
    request_address: z.array(foremanJobAddressSchema),
    /** Pieces of inventory and extra items together. */
    item_count: z.number().int(),
    /** Packing and moving materials (extra items), quantities added up: apart from item_count. */
    packing_count: z.number().int(),
    customer_first_name: z.string().nullable(),
  })
  .meta({ id: 'ForemanJob' });
export type ForemanJob = z.infer<typeof foremanJobSchema>;

/**
 * POST /api/foreman/jobs: the caller's jobs in three lists. `today`: the move in progress and
 * the assigned moves due today or overdue, earliest first; `upcoming`: assigned moves of later
 * days, earliest first; `recent`: moves marked complete (waiting for the customer's confirmation,
 * confirmed) or cancelled in the last FOREMAN_RECENT_DAYS days, newest first. `today_date` is the
 * service's date (YYYY-MM-DD) the lists were split on.
 */
export const foremanJobsResponseSchema = envelope({
  data: z.object({
    today_date: z.string(),
    today: z.array(foremanJobSchema),
    upcoming: z.array(foremanJobSchema),
    recent: z.array(foremanJobSchema),
  }),
});
export type ForemanJobsResponse = z.infer<typeof foremanJobsResponseSchema>;

/** POST /api/foreman/job_detail. */
export const foremanJobDetailBodySchema = z.object({
  request_id: idSchema('request_id must be a request id.'),
});
export type ForemanJobDetailBody = z.input<typeof foremanJobDetailBodySchema>;

/** One of the foreman's jobs, for move day. */
export const foremanJobDetailSchema = z
  .object({
    id: z.number().int(),
    request_timeline_status: z.number().int(),
    request_status: z.number().int(),
    s_date: z.string(),
    move_date: z.string(),
    /**
     * The service's date when answered (YYYY-MM-DD): with move_date, the phone applies the
     * shared move-day window (decision 042) to Start move.
     */
    today_date: z.string(),
    s_time: z.string().nullable(),
    start_window_from: z.string().nullable(),
    start_window_to: z.string().nullable(),
    move_type: z.string().nullable(),
    movers: z.number().int().nullable(),
    /** The customer's own note on the request. */
    final_comment: z.string().nullable(),
    request_address: z.array(serverAddressSchema),
    request_item: z.array(serverItemSchema),
    extra_request_items: z.array(serverItemSchema),
    /**
     * The customer: the name always; the phone while the job is under way (status 4 to 6, the
     * move paid and not cancelled); the room for the chat of type 2 (decision 018).
     */
    customer: z.object({
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      phone: z.string().nullable(),
      room_id: z.string().nullable(),
    }),
    company_name: z.string(),
    trucks: z.array(z.object({ name: z.string() })),
    /** When the move started (status 5) and was marked complete (status 6), ISO times. */
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    request_timeline: z.array(
      z.object({ id: z.number().int(), activity_title: z.string(), activity_datetime: z.string() }),
    ),
    /**
     * The foreman's conversation with the customer (type 2, decision 018): his room, the
     * customer's, the request. Null while it is closed: it opens when the move starts (5) and
     * closes once the customer confirms it (after 6), as the chat's own calls do.
     */
    chat: chatObjectSchema.nullable(),
  })
  .meta({ id: 'ForemanJobDetail' });
export type ForemanJobDetail = z.infer<typeof foremanJobDetailSchema>;

export const foremanJobDetailResponseSchema = envelope({ data: foremanJobDetailSchema });
export type ForemanJobDetailResponse = z.infer<typeof foremanJobDetailResponseSchema>;
