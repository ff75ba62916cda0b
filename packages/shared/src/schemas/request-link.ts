import { z } from 'zod';
import { MSG } from '../messages';
import { sessionUserSchema } from './auth';
import { newPasswordSchema } from './accounts';
import { envelope } from './envelope';
import { safeString } from './primitives';
import { requestListEntrySchema } from './requests';
import { acceptedCompanySchema, requestDetailSchema, serverAddressSchema } from './request-detail';

/*
 * The public link of a request (spec/request-lifecycle.md §2 /view-request/{access_token}, §7
 * request_detail_by_request_link: "request, token") and the emailed confirmation of a direct
 * request. The link shows the request; only the single-use claim token from the email, which
 * proves the contact email, can attach it to an account and return a session token.
 */

const claimToken = safeString({ error: MSG.claimLinkInvalid })
  .trim()
  .min(1, MSG.claimLinkInvalid)
  .max(200, MSG.claimLinkInvalid);

/** POST /app_api/request_detail_by_request_link (no token). */
export const requestDetailByLinkBodySchema = z.object({
  public_access_link: safeString({ error: MSG.requestLinkInvalid })
    .trim()
    .min(1, MSG.requestLinkInvalid)
    .max(200, MSG.requestLinkInvalid),
  claim_token: claimToken.optional(),
});
export type RequestDetailByLinkBody = z.input<typeof requestDetailByLinkBodySchema>;

const listEntry = requestListEntrySchema.shape;
const listRequest = listEntry.request;
const listAddress = listEntry.request_address.element;

/**
 * The fields the link shows only while the request is in nobody's account (a direct request not
 * yet claimed, decision 007): the amounts, the client comment, the crew, the zip and storage of
 * each address. Once the request is in an account they are the account's (decision 037).
 */
const UNCLAIMED_ONLY_REQUEST = {
  recommend_amount: true,
  customer_budget: true,
  final_amount: true,
  final_comment: true,
  discount: true,
  request_type: true,
  public_access_link: true,
  movers: true,
} as const;
const UNCLAIMED_ONLY_ADDRESS = { zip_code: true, is_storage: true, address_type: true } as const;

/**
 * What the public page shows (spec §2 /view-request/{access_token}; a cancelled request only
 * 'This Request has been canceled. Please contact the company at {phone} ...'): the request's
 * number, status, date and time window, its company and the addresses in order. All the link
 * answers once the request is in a customer's account: parsing a full view with it drops the rest.
 */
export const publicRequestPageSchema = z.object({
  request: listRequest.omit(UNCLAIMED_ONLY_REQUEST),
  request_address: z.array(listAddress.omit(UNCLAIMED_ONLY_ADDRESS)),
  company_profile: listEntry.company_profile,
  /**
   * The company's phone (the accepted or the direct link's company), for a cancelled request's
   * 'This Request has been canceled. Please contact the company at {phone} for more
   * information.' (spec §2); null when no company has it.
   */
  company_phone: z.string().nullable(),
});

const detail = requestDetailSchema.shape;

/**
 * What the request detail shows its customer (spec/request-lifecycle.md §2 "Request detail
 * content"), for the holder of a link in nobody's account: the move, its rates, addresses in
 * full, items, extra items, timeline, comments, the company's contact and crew, and the letter.
 * Never the contact details, chat, receipts or a session; never once the request is in an
 * account (decision 037).
 */
export const publicRequestDetailSchema = z
  .object({
    request: detail.request.pick({
      move_type: true,
      net_distance: true,
      total_discount: true,
      payment_method: true,
      rate_method: true,
      cash_payment_rate: true,
      card_payment_rate: true,
      minimum_hours: true,
      cash_min_flat_rate: true,
      cash_max_flat_rate: true,
      card_min_flat_rate: true,
      card_max_flat_rate: true,
    }),
    request_address: z.array(serverAddressSchema),
    request_item: detail.request_item,
    extra_request_items: detail.extra_request_items,
    request_timeline: detail.request_timeline,
    comments_array: detail.comments_array,
    /** The company's public contact once it took the move (spec: "After acceptance"); else null. */
    company: acceptedCompanySchema
      .pick({ name: true, company_phone: true, company_email: true, address: true })
      .nullable(),
    get_foreman_of_company: detail.get_foreman_of_company,
    truck_array: detail.truck_array,
    additional_status: detail.additional_status,
    status: detail.status,
    confirmation_letter_pdf: detail.confirmation_letter_pdf,
  })
  .meta({ id: 'PublicRequestDetail' });
export type PublicRequestDetail = z.infer<typeof publicRequestDetailSchema>;

/**
 * The request as its public link shows it: no contact details, no customer; the public page's
 * fields only once the request is in an account (publicRequestPageSchema), else also those of
 * UNCLAIMED_ONLY_* and the request's `detail`.
 */
export const publicRequestSchema = publicRequestPageSchema
  .extend({
    request: listRequest.partial(UNCLAIMED_ONLY_REQUEST),
    request_address: z.array(listAddress.partial(UNCLAIMED_ONLY_ADDRESS)),
    detail: publicRequestDetailSchema.optional(),
  })
  .meta({ id: 'PublicRequest' });
export type PublicRequest = z.infer<typeof publicRequestSchema>;

/** What a claim did: the session is there only when the request joined an account. */
export const claimResultSchema = z
  .object({
    request_id: z.number().int(),
    public_access_link: z.string(),
    claimed: z.boolean(),
    /** The email has no account yet: send the claim again with a new password. */
    needs_password: z.boolean(),
    auth_token: z.string().nullable(),
    user: sessionUserSchema.nullable(),
  })
  .meta({ id: 'ClaimResult' });
export type ClaimResult = z.infer<typeof claimResultSchema>;

export const requestDetailByLinkResponseSchema = envelope({
  request: publicRequestSchema,
  /** The session of the claimed account, or null (spec §7 "request, token"). */
  token: z.string().nullable(),
  claim: claimResultSchema.nullable(),
});
export type RequestDetailByLinkResponse = z.infer<typeof requestDetailByLinkResponseSchema>;

/**
 * POST /app_api/claim_request (no token): "Is this your request? Yes". With an account for the
 * email the request joins it; without one, a new password (and its confirmation) creates it.
 */
export const claimRequestBodySchema = z
  .object({
    claim_token: claimToken,
    password: newPasswordSchema.optional(),
    confirm_password: safeString().optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.confirm_password, {
    message: MSG.passwordMismatch,
    path: ['confirm_password'],
  });
export type ClaimRequestBody = z.input<typeof claimRequestBodySchema>;

export const claimRequestResponseSchema = envelope({ data: claimResultSchema });
export type ClaimRequestResponse = z.infer<typeof claimRequestResponseSchema>;
