import { z } from 'zod';
import { chatObjectSchema } from './chat';
import { envelope, intCode } from './envelope';
import { nextPageField, pageFields } from './paging';

/**
 * POST /api/customer/get_customer_request: request_status '0' active, '1' done, '2' cancelled;
 * one page of that tab, `limit` requests older than `before_id` (the newest without it).
 */
export const getCustomerRequestBodySchema = z.object({
  request_status: intCode([0, 1, 2], "request_status must be '0', '1' or '2'."),
  ...pageFields('a request'),
});
export type GetCustomerRequestBody = z.input<typeof getCustomerRequestBodySchema>;

const money = z.number().nullable();

/** The request list entry of spec/request-lifecycle.md §3. */
export const requestListEntrySchema = z
  .object({
    request: z.object({
      id: z.number().int(),
      request_timeline_status: z.number().int(),
      request_status: z.number().int(),
      s_date: z.string().nullable(),
      s_time: z.string().nullable(),
      start_window_from: z.string().nullable(),
      start_window_to: z.string().nullable(),
      recommend_amount: money,
      customer_budget: money,
      final_amount: money,
      final_comment: z.string().nullable(),
      discount: z.number(),
      request_type: z.number().int(),
      public_access_link: z.string(),
      movers: z.number().int().nullable(),
    }),
    request_address: z.array(
      z.object({
        id: z.number().int(),
        complete_address: z.string(),
        zip_code: z.string().nullable(),
        apartment_number: z.string().nullable(),
        is_storage: z.boolean(),
        address_type: z.number().int(),
      }),
    ),
    request_bid: z.array(
      z.object({
        company_id: z.number().int(),
        request_id: z.number().int(),
        bid_amount: z.number(),
      }),
    ),
    company_profile: z.object({ name: z.string() }).nullable(),
    company_chat_obj: chatObjectSchema.nullable(),
    foreman_chat_obj: chatObjectSchema.nullable(),
    get_feedback: z
      .object({
        company_rating: z.number().nullable(),
        company_comment: z.string().nullable(),
        /** The tip given with the feedback, when the server stores one (spec §9 otherwise: $35). */
        tip: z.number().nullable().optional(),
      })
      .nullable(),
    status: z.number().int(),
    additional_status: z.number().int(),
  })
  .meta({ id: 'RequestListEntry' });
export type RequestListEntry = z.infer<typeof requestListEntrySchema>;

export const requestCountSchema = z.object({
  active_request_count: z.number().int(),
  done_request_count: z.number().int(),
  cancle_request_count: z.number().int(),
});
export type RequestCount = z.infer<typeof requestCountSchema>;

/** One page of the tab; request_count counts every request of each tab, whatever the page. */
export const getCustomerRequestResponseSchema = envelope({
  data: z.array(requestListEntrySchema),
  request_count: requestCountSchema,
  ...nextPageField,
});
export type GetCustomerRequestResponse = z.infer<typeof getCustomerRequestResponseSchema>;
