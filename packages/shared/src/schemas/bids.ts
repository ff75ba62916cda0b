import { z } from 'zod';
import { envelope, intCode } from './envelope';
import { parseSpecDate } from '../rules/wizard-time';
import { boundedInt, dollarsSchema, idSchema, safeString } from './primitives';
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

/** POST /api/company/open_requests: an optional page of requests open for bids. */
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

export const openRequestsBodySchema = z
  .object({
    limit: boundedInt(1, 100, 'limit must be a whole number from 1 to 100.').optional(),
    before_id: idSchema('before_id must be a request id.').optional(),
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

const openAddressSchema = z.object({
  id: z.number().int(),
  address_type: z.number().int(),
  complete_address: z.string(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  apartment_number: z.string().nullable(),
  is_storage: z.boolean(),
  is_stairs: z.boolean(),
  is_elevator: z.boolean(),
  is_hardwood_floor: z.boolean(),
  number_of_flights: z.number().int(),
  parking_and_building_info: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

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
    /**
     * Miles from the company's base (its profile address's zip, else the middle of the zips it
     * serves) to the pick-up, one decimal; null when either is unknown.
     */
    distance_from_base: z.number().nullable(),
    recommend_amount: z.number().nullable(),
    customer_budget: z.number().nullable(),
    final_comment: z.string().nullable(),
    request_address: z.array(openAddressSchema),
    request_item: z.array(openItemSchema),
    extra_request_items: z.array(openItemSchema),
    bid_count: z.number().int(),
    /** This company's own bid, when it has one. */
    my_bid: z.object({ bid_amount: z.number(), movers: z.number().int().nullable() }).nullable(),
  })
  .meta({ id: 'OpenRequest' });
export type OpenRequest = z.infer<typeof openRequestSchema>;
export const openRequestsResponseSchema = envelope({ data: z.array(openRequestSchema) });

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

/** POST /api/customer/detail_of_bided_companies (spec §7, field names verbatim). */
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
});
export type DetailOfBidedCompaniesBody = z.input<typeof detailOfBidedCompaniesBodySchema>;

export const detailOfBidedCompaniesResponseSchema = envelope({
  data: z.array(biddingCompanySchema),
  request: z.object({
    id: z.number().int(),
    request_timeline_status: z.number().int(),
    discount: z.number(),
  }),
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
