import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../constants';
import { chatObjectSchema } from './chat';
import { envelope, intCode } from './envelope';
import { nextPageField, pageAnswerSchema, pageFields } from './paging';
import { idSchema, safeText } from './primitives';
import { requestListEntrySchema } from './requests';
import { reviewSchema } from './bids';

/*
 * The request detail (spec/request-lifecycle.md §2 "Request detail content", §3 "Request detail
 * response also holds", §7 customer_request_detail) and the calls made from it: comments,
 * client comment, delete.
 */

const requestId = idSchema('request_id must be a request id.');

/** POST /api/customer/customer_request_detail and POST /api/customer/delete_request. */
export const requestIdBodySchema = z.object({ request_id: requestId });
export type RequestIdBody = z.input<typeof requestIdBodySchema>;

/** spec §3 Address (server). */
export const serverAddressSchema = z
  .object({
    id: z.number().int(),
    address_type: z.number().int(),
    complete_address: z.string(),
    street_address: z.string().nullable(),
    zip_code: z.string().nullable(),
    apartment_number: z.string().nullable(),
    address_detail: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    is_storage: z.boolean(),
    is_stairs: z.boolean(),
    is_elevator: z.boolean(),
    is_hardwood_floor: z.boolean(),
    number_of_flights: z.number().int(),
    parking_and_building_info: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /**
     * Ours (issue 31): the position is its zip code's centre, not the street's (the offline
     * gazetteer places a typed street there): maps and the company say 'approximate location'.
     */
    is_approximate_location: z.boolean().optional(),
  })
  .meta({ id: 'ServerAddress' });
export type ServerAddress = z.infer<typeof serverAddressSchema>;

/** spec §3 Server request item. */
export const serverItemSchema = z
  .object({
    id: z.number().int(),
    item_id: z.number().int().nullable(),
    name: z.string(),
    quantity: z.number().int(),
    value: z.number().int(),
    category_name: z.string(),
    additional_info: z.string().nullable(),
    type: z.string(),
    unit_price: z.number(),
    size: z.string(),
    added_by_type: z.string().nullable(),
    request_item_image_models: z.array(z.object({ image_url: z.string() })),
  })
  .meta({ id: 'ServerItem' });
export type ServerItem = z.infer<typeof serverItemSchema>;

/**
 * A proposed address (spec §3 "price (on new, edited and deleted address entries)"): in
 * new_address_array with id null, in edit_address_array with the id of the address it replaces
 * and its proposed fields, in delete_address_array as the address is now.
 */
export const changeAddressSchema = serverAddressSchema
  .extend({ id: z.number().int().nullable(), price: z.number().nullable() })
  .meta({ id: 'ChangeAddress' });
export type ChangeAddress = z.infer<typeof changeAddressSchema>;

/** A proposed item line (spec §3: "change_item adds item_change_images"); id null. */
export const changeItemSchema = serverItemSchema
  .extend({
    id: z.number().int().nullable(),
    item_change_images: z.array(z.object({ image_url: z.string() })),
  })
  .meta({ id: 'ChangeItem' });
export type ChangeItem = z.infer<typeof changeItemSchema>;

/** spec §3 Comment: a top-level comment with its profile and replies. */
const commentProfileSchema = z.object({
  name: z.string(),
  profile_url: z.string().nullable(),
  company_rating: z.number().nullable(),
  customer_rating: z.number().nullable(),
});
export const commentThreadSchema = z
  .object({
    parent_comment: z.object({
      id: z.number().int(),
      request_id: z.number().int(),
      comment: z.string(),
      updated_at: z.string(),
      sender_type: z.number().int(),
    }),
    parent_comment_profile: commentProfileSchema,
    child_comments: z.array(
      z.object({
        child_comment: z.object({
          id: z.number().int(),
          comment: z.string(),
          updated_at: z.string(),
          sender_type: z.number().int(),
        }),
        child_comment_profile: commentProfileSchema,
      }),
    ),
  })
  .meta({ id: 'CommentThread' });
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** spec §3 Timeline entry. */
export const timelineEntrySchema = z
  .object({ id: z.number().int(), activity_title: z.string(), activity_datetime: z.string() })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** The field a detail names the next page of its comment threads by (get_comments' before_id). */
export const commentsNextPageField = {
  comments_next_before_id: z.number().int().nullable(),
};

/**
 * POST /app_api/get_comments (auth): a page of a request's comment threads, older than before_id
 * (a top-level comment's id), for whoever may read the thread where it is embedded. A page is
 * counted in threads: each comes with all its replies.
 */
export const getCommentsBodySchema = z.object({
  request_id: requestId,
  ...pageFields('a top-level comment'),
});
export type GetCommentsBody = z.input<typeof getCommentsBodySchema>;
/** get_comments: the page's threads, oldest first as comments_array shows them. */
export const getCommentsResponseSchema = pageAnswerSchema(commentThreadSchema);
export type GetCommentsResponse = z.infer<typeof getCommentsResponseSchema>;

/** POST /api/customer/request_timeline (auth): a page of the customer's request's timeline. */
export const requestTimelineBodySchema = z.object({
  request_id: requestId,
  ...pageFields('a timeline entry'),
});
export type RequestTimelineBody = z.input<typeof requestTimelineBodySchema>;
/** request_timeline: the page's entries, oldest first as request_timeline shows them. */
export const requestTimelineResponseSchema = pageAnswerSchema(timelineEntrySchema);
export type RequestTimelineResponse = z.infer<typeof requestTimelineResponseSchema>;

/** spec §3 Company of the accepted bid, with its crew. */
export const acceptedCompanySchema = z
  .object({
    company_id: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    company_email: z.string().nullable(),
    company_phone: z.string().nullable(),
    company_rating: z.number(),
    truck_count: z.number().int(),
    comapny_profile: z.object({
      about_company: z.string().nullable(),
      name: z.string(),
      profile_picture: z.string().nullable(),
    }),
    bid_amount: z.number(),
    movers: z.number().int().nullable(),
    movers_change: z.number().int().nullable(),
  })
  .meta({ id: 'AcceptedCompany' });

/**
 * Ours: one itemised receipt of the request, from the ledger: a payment, a tip
 * or a refund. `amount` in dollars; the PDF is GET /api/customer/request_receipt with the
 * customer's token (x-sh-auth), never a link that carries the token. `number` is the customer's
 * own receipt number, 1, 2, 3… over all their requests without a gap (decision 041).
 */
export const receiptEntrySchema = z
  .object({
    receipt_id: z.number().int(),
    number: z.number().int(),
    kind: z.enum(['payment', 'tip', 'refund']),
    amount: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'ReceiptEntry' });
export type ReceiptEntry = z.infer<typeof receiptEntrySchema>;

/** GET /api/customer/request_calendar?request_id=: the move's calendar invite (text/calendar). */
export const requestCalendarQuerySchema = z.object({ request_id: requestId });
/** GET /api/customer/request_receipt?request_id=&receipt_id=: one receipt as a PDF. */
export const requestReceiptQuerySchema = z.object({
  request_id: requestId,
  receipt_id: idSchema('receipt_id must be a receipt id.'),
});

/** The detail of one request (spec §3 "Request detail response also holds"). */
export const requestDetailSchema = z
  .object({
    request: requestListEntrySchema.shape.request.extend({
      s_time_change: z.string().nullable(),
      move_type: z.string().nullable(),
      move_type_id: z.number().int().nullable(),
      net_distance: z.number(),
      /** Ours (issue 31): net_distance runs from or to a zip code's centre (an approximate address). */
      net_distance_approximate: z.boolean().optional(),
      final_amount_change: z.number().nullable(),
      s_date_change: z.string().nullable(),
      item_price_change: z.number().nullable(),
      extra_item_price_change: z.number().nullable(),
      total_discount: z.number().nullable(),
      payment_method: z.string().nullable(),
      schedule_time: z.string().nullable(),
      rate_method: z.string().nullable(),
      cash_payment_rate: z.number().nullable(),
      card_payment_rate: z.number().nullable(),
      minimum_hours: z.number().nullable(),
      cash_min_flat_rate: z.number().nullable(),
      cash_max_flat_rate: z.number().nullable(),
      card_min_flat_rate: z.number().nullable(),
      card_max_flat_rate: z.number().nullable(),
      customer_first_name: z.string().nullable(),
      customer_last_name: z.string().nullable(),
      customer_email: z.string().nullable(),
      customer_phone_number: z.string().nullable(),
    }),
    request_address: z.array(serverAddressSchema),
    request_item: z.array(serverItemSchema),
    extra_request_items: z.array(serverItemSchema),
    /** The newest page of the timeline, oldest first; older pages by request_timeline. */
    request_timeline: z.array(timelineEntrySchema),
    /** Ours: the before_id of the timeline's older page (request_timeline), null if none. */
    request_timeline_next_before_id: z.number().int().nullable(),
    request_bid: z.array(
      z.object({
        company_id: z.number().int(),
        request_id: z.number().int(),
        bid_amount: z.number(),
      }),
    ),
    bid_Accepted_company: acceptedCompanySchema.nullable(),
    get_foreman_of_company: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
    truck_array: z.array(z.object({ name: z.string() })),
    // spec §3 Feedback: request_id, rating, comment, tip; also company_rating, company_comment,
    // customer_rating, customer_comment.
    get_feedback: reviewSchema.shape.review_array
      .extend({
        request_id: z.number().int(),
        rating: z.number(),
        comment: z.string().nullable(),
        tip: z.number(),
        customer_rating: z.number().nullable(),
        customer_comment: z.string().nullable(),
      })
      .nullable(),
    /** The newest page of threads, oldest first; older pages by get_comments. */
    comments_array: z.array(commentThreadSchema),
    /** Ours: the before_id of the older threads' page (get_comments), null if none. */
    comments_next_before_id: z.number().int().nullable(),
    chat_data_comapny: chatObjectSchema.nullable(),
    chat_data_foreman: chatObjectSchema.nullable(),
    additional_status: z.number().int(),
    status: z.number().int(),
    delete_address_array: z.array(changeAddressSchema),
    edit_address_array: z.array(changeAddressSchema),
    new_address_array: z.array(changeAddressSchema),
    /** The regular items as a pending change of type items would make them. */
    change_item: z.array(changeItemSchema),
    /** The extra items as a pending change of type extra-items would make them. */
    change_item_extra: z.array(changeItemSchema),
    /**
     * Ours: the pending proposals, one per type at most, each with its price (the difference to
     * the final amount it asks: charged into escrow above 0, refunded below, from status 3).
     * Optional on the wire type only so that older fixtures stay valid; the server always sends it.
     */
    change_proposals: z
      .array(
        z.object({
          change_id: z.number().int(),
          type: z.enum(['request', 'address', 'items', 'extra-items']),
          price: z.number(),
          proposed_at: z.string(),
        }),
      )
      .optional(),
    company_rating: z.number().nullable(),
    customer_rating: z.number().nullable(),
    /**
     * Ours: what cancelling now would refund under the Cancellation policy, in dollars; null when
     * the request cannot be cancelled or nothing was paid.
     */
    cancellation_refund: z
      .object({ refund_amount: z.number(), kept_amount: z.number() })
      .nullable(),
    /**
     * Ours (decision 041): what cancelling did with the money, on a cancelled request: refunded to
     * the card (refund_pending while the provider has not confirmed all of it yet) and kept by the
     * company as its cancellation fee, in dollars; null on a request that is not cancelled.
     */
    cancellation: z
      .object({
        refund_amount: z.number(),
        kept_amount: z.number(),
        refund_pending: z.boolean(),
      })
      .nullable(),
    /** The signed confirmation letter's PDF, when there is one. */
    confirmation_letter_pdf: z.string().nullable(),
    /** Ours: the request's receipts (payment, tip, refunds), oldest first. */
    receipts: z.array(receiptEntrySchema),
    /** Ours: whether the move's calendar invite can be downloaded (paid, not cancelled). */
    calendar_available: z.boolean(),
    /** spec §3 "token": a session only the public link's claim hands out; null here. */
    token: z.string().nullable(),
  })
  .meta({ id: 'RequestDetail' });
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const requestDetailResponseSchema = envelope({ data: requestDetailSchema });
export type RequestDetailResponse = z.infer<typeof requestDetailResponseSchema>;

/** POST /app_api/add_comments: parent_id 0 for a top-level comment, type 0. */
export const addCommentBodySchema = z.object({
  request_id: requestId,
  comment: safeText(MAX_COMMENT_LENGTH, { multiline: true }).min(1, 'Please enter a comment.'),
  parent_id: z
    .union([z.literal(0), z.literal('0'), idSchema('parent_id must be 0 or a comment id.')])
    .optional()
    .transform((v) => (v === undefined || v === 0 || v === '0' ? 0 : v)),
  type: intCode([0, 1], "type must be '0'.").optional(),
});
export type AddCommentBody = z.input<typeof addCommentBodySchema>;
/** add_comments: the thread's newest page (as the detail embeds it) and its next page. */
export const addCommentResponseSchema = envelope({
  data: z.array(commentThreadSchema),
  ...nextPageField,
});
export type AddCommentResponse = z.infer<typeof addCommentResponseSchema>;

/** POST /api/customer/edit_final_comment: success 'Client comment updated successfully.' */
export const editFinalCommentBodySchema = z.object({
  request_id: requestId,
  final_comment: safeText(MAX_COMMENT_LENGTH, { multiline: true }),
});
export type EditFinalCommentBody = z.input<typeof editFinalCommentBodySchema>;
export const editFinalCommentResponseSchema = envelope({
  data: z.object({ request_id: z.number().int(), final_comment: z.string() }),
});
export type EditFinalCommentResponse = z.infer<typeof editFinalCommentResponseSchema>;

/**
 * POST /api/customer/delete_request: the request is cancelled (request_status 2). Ours beyond the
 * spec: what the Cancellation policy refunded to the card and what the company kept as its
 * cancellation fee, in dollars (both 0 before payment).
 */
export const deleteRequestResponseSchema = envelope({
  data: z.object({
    request_id: z.number().int(),
    request_status: z.number().int(),
    request_timeline_status: z.number().int(),
    refund_amount: z.number(),
    kept_amount: z.number(),
  }),
});
export type DeleteRequestResponse = z.infer<typeof deleteRequestResponseSchema>;
