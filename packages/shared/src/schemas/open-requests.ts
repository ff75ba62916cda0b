import { z } from 'zod';
import { parseSpecDate } from '../rules/wizard-time';
import { envelope } from './envelope';
import { nextPageField, pageFields } from './paging';
import { boundedInt, idSchema, safeString } from './primitives';
import { commentThreadSchema, commentsNextPageField, serverAddressSchema } from './request-detail';

/*
 * The company's marketplace: the requests open for bids in its area (the partner API's
 * open_requests), each as a mover prices it. Apart from bids.ts, which the request detail reads,
 * so that the addresses and the comment thread share the request detail's own schemas.
 */

/** The farthest a company may ask for, in miles from its base (the open requests' distance filter). */
export const OPEN_REQUESTS_MAX_DISTANCE = 500;

/** A filter date, in the requests' own s_date form; '' or absent for no bound. */
const filterDate = (field: string) =>
  safeString()
    .trim()
    .refine(
      (v) => v === '' || parseSpecDate(v) !== null,
      `${field} must be a date in MM-DD-YYYY form.`,
    )
    .optional();

/** POST /api/company/open_requests: an optional page of requests open for bids. */
export const openRequestsBodySchema = z
  .object({
    ...pageFields('a request'),
    /** Move dates from and to (inclusive), MM-DD-YYYY. */
    date_from: filterDate('date_from'),
    date_to: filterDate('date_to'),
    /** The move size (get_move_type's id). */
    move_type: idSchema('move_type must be a move size id.').optional(),
    /** Pick-ups at most this many miles from the company's base. */
    max_distance: boundedInt(
      1,
      OPEN_REQUESTS_MAX_DISTANCE,
      `max_distance must be a whole number of miles from 1 to ${OPEN_REQUESTS_MAX_DISTANCE}.`,
    ).optional(),
  })
  .default({});
export type OpenRequestsBody = z.input<typeof openRequestsBodySchema>;

const openItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  category_name: z.string(),
  type: z.string(),
  size: z.string(),
  unit_price: z.number(),
  additional_info: z.string().nullable(),
  image_urls: z.array(z.string()),
});

/** A request as a mover sees it to price it: no customer contact before acceptance. */
export const openRequestSchema = z
  .object({
    id: z.number().int(),
    request_timeline_status: z.number().int(),
    s_date: z.string().nullable(),
    s_time: z.string().nullable(),
    start_window_from: z.string().nullable(),
    start_window_to: z.string().nullable(),
    move_type: z.string().nullable(),
    movers: z.number().int().nullable(),
    net_distance: z.number(),
    /** Ours (issue 31): net_distance runs from or to a zip code's centre (an approximate address). */
    net_distance_approximate: z.boolean().optional(),
    /**
     * Miles from the company's base (its profile address's zip, else the middle of the zips it
     * serves) to the pick-up, one decimal; null when either is unknown.
     */
    distance_from_base: z.number().nullable(),
    recommend_amount: z.number().nullable(),
    customer_budget: z.number().nullable(),
    final_comment: z.string().nullable(),
    /** The request detail's own address (spec §3 Address (server)): one shape everywhere. */
    request_address: z.array(serverAddressSchema),
    request_item: z.array(openItemSchema),
    extra_request_items: z.array(openItemSchema),
    bid_count: z.number().int(),
    /** This company's own bid, when it has one. */
    my_bid: z.object({ bid_amount: z.number(), movers: z.number().int().nullable() }).nullable(),
    /**
     * The request's comment thread, questions asked before a company has won it and their
     * answers (spec §3 Comment): every company the request is open to reads the same thread, the
     * customer named only 'Customer' until a bid is accepted.
     */
    comments_array: z.array(commentThreadSchema),
    /** The before_id of the older threads' page (get_comments), null if none. */
    ...commentsNextPageField,
  })
  .meta({ id: 'OpenRequest' });
export type OpenRequest = z.infer<typeof openRequestSchema>;
export const openRequestsResponseSchema = envelope({
  data: z.array(openRequestSchema),
  ...nextPageField,
});
