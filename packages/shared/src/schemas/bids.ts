import { z } from 'zod';
import { envelope, intCode } from './envelope';
import { cursorPageFields, nextCursorField } from './paging';
import { boundedInt, dollarsSchema, idSchema } from './primitives';
import { flag, stringCode } from './wire-fields';

/*
 * Bids: the partner API's calls for companies (spec ARCHITECTURE "Counterparts")
 * and the customer's companies list (spec/request-lifecycle.md §2 "Companies list", §7
 * detail_of_bided_companies, delete_bid, accept_request).
 */

const requestId = idSchema('request_id must be a request id.');
const companyId = idSchema('company_id must be a company id.');

/** A bid's amount in dollars: above zero, two decimals at most. */
export const bidAmountSchema = dollarsSchema('bid_amount must be an amount in dollars.').refine(
  (v) => v > 0,
  'bid_amount must be above 0.',
);

/** spec §9: movers options 2, 3 or 4. */
export const bidMoversSchema = intCode([2, 3, 4], 'movers must be 2, 3 or 4.');

/** POST /api/company/place_bid: places or updates the company's bid. */
export const placeBidBodySchema = z.object({
  request_id: requestId,
  bid_amount: bidAmountSchema,
  movers: bidMoversSchema.optional(),
});
export type PlaceBidBody = z.input<typeof placeBidBodySchema>;

export const placedBidSchema = z
  .object({
    request_id: z.number().int(),
    company_id: z.number().int(),
    bid_amount: z.number(),
    movers: z.number().int().nullable(),
    request_timeline_status: z.number().int(),
  })
  .meta({ id: 'PlacedBid' });
export type PlacedBid = z.infer<typeof placedBidSchema>;
export const placeBidResponseSchema = envelope({ data: placedBidSchema });

/** POST /api/company/withdraw_bid. */
export const withdrawBidBodySchema = z.object({ request_id: requestId });
export type WithdrawBidBody = z.input<typeof withdrawBidBodySchema>;
export const withdrawBidResponseSchema = envelope({
  data: z.object({ request_id: z.number().int(), request_timeline_status: z.number().int() }),
});

/** spec §3 Review: one customer's review of a company. */
export const reviewSchema = z
  .object({
    customer_profile: z.object({
      first_name: z.string(),
      last_name: z.string(),
      profile_picture: z.string().nullable(),
    }),
    review_array: z.object({
      company_rating: z.number(),
      company_comment: z.string().nullable(),
      created_at: z.string(),
    }),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** The filter modal's 'Top rated' keeps companies rated this or above (of 5). */
export const TOP_RATED_MIN_RATING = 4.5;

/** How many reviews the companies list carries per company (the newest). */
export const REVIEWS_PER_COMPANY = 20;

/** spec §3 Company, as the companies list shows it, with its bid and newest reviews. */
export const biddingCompanySchema = z
  .object({
    company_id: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    company_email: z.string().nullable(),
    company_phone: z.string().nullable(),
    company_rating: z.number(),
    completed_moves: z.number().int(),
    truck_count: z.number().int(),
    comapny_profile: z.object({
      about_company: z.string().nullable(),
      name: z.string(),
      profile_picture: z.string().nullable(),
    }),
    bid: z.object({
      bid_amount: z.number(),
      request_id: z.number().int(),
      company_id: z.number().int(),
      movers: z.number().int().nullable(),
    }),
    review_count: z.number().int(),
    reviews: z.array(reviewSchema),
  })
  .meta({ id: 'BiddingCompany' });
export type BiddingCompany = z.infer<typeof biddingCompanySchema>;

/** Price sort of the filter modal: none, lowest first, highest first. */
export const PRICE_SORTS = ['', 'min', 'max'] as const;
export type PriceSort = (typeof PRICE_SORTS)[number];

/** The companies list's page size when the caller names none. */
export const BIDDING_COMPANIES_PAGE = 20;

/**
 * POST /api/customer/detail_of_bided_companies (spec §7, field names verbatim), a page at a
 * time: the list sorts by price or rating, so it pages by cursor (paging.ts), not by before_id.
 */
export const detailOfBidedCompaniesBodySchema = z.object({
  request_id: requestId,
  /** 1 when the filter modal's choices apply. */
  filter_status: flag,
  min_completed_movies: boundedInt(
    0,
    1_000_000,
    'min_completed_movies must be 0 or more.',
  ).optional(),
  max_completed_movies: boundedInt(
    0,
    1_000_000,
    'max_completed_movies must be 0 or more.',
  ).optional(),
  price: stringCode(PRICE_SORTS, "price must be '', 'min' or 'max'.").optional(),
  top_rated: flag,
  ...cursorPageFields(),
});
export type DetailOfBidedCompaniesBody = z.input<typeof detailOfBidedCompaniesBodySchema>;

export const detailOfBidedCompaniesResponseSchema = envelope({
  data: z.array(biddingCompanySchema),
  request: z.object({
    id: z.number().int(),
    request_timeline_status: z.number().int(),
    discount: z.number(),
  }),
  ...nextCursorField,
});
export type DetailOfBidedCompaniesResponse = z.infer<typeof detailOfBidedCompaniesResponseSchema>;

/** POST /api/customer/delete_bid. */
export const deleteBidBodySchema = z.object({ request_id: requestId, company_id: companyId });
export type DeleteBidBody = z.input<typeof deleteBidBodySchema>;
export const deleteBidResponseSchema = envelope({
  data: z.object({ request_id: z.number().int(), request_timeline_status: z.number().int() }),
});

/** PUT /api/customer/accept_request: final_amount must be the company's bid. */
export const acceptRequestBodySchema = z.object({
  request_id: requestId,
  company_id: companyId,
  final_amount: dollarsSchema('final_amount must be an amount in dollars.'),
});
export type AcceptRequestBody = z.input<typeof acceptRequestBodySchema>;

export const acceptRequestResponseSchema = envelope({
  data: z.object({
    request_id: z.number().int(),
    company_id: z.number().int(),
    final_amount: z.number(),
    discount: z.number(),
    request_timeline_status: z.number().int(),
  }),
});
export type AcceptRequestResponse = z.infer<typeof acceptRequestResponseSchema>;
