import type { BiddingCompany, DetailOfBidedCompaniesResponse, Review } from '@movehub/shared';

/** Test data of the companies list: a bidding company with overrides, and the list's answer. */
export function buildReview(overrides: Partial<Review['review_array']> = {}, name = 'Sam Lee') {
  const [first_name = '', last_name = ''] = name.split(' ');
  return {
    customer_profile: { first_name, last_name, profile_picture: null },
    review_array: {
      company_rating: 4.5,
      company_comment: 'Careful and on time.',
      created_at: '2026-03-05T10:00:00.000Z',
      ...overrides,
    },
  } satisfies Review;
}

export function buildCompany(
  overrides: Partial<Omit<BiddingCompany, 'bid'>> & { bid_amount?: number } = {},
): BiddingCompany {
  const { bid_amount = 640, ...rest } = overrides;
  const company_id = rest.company_id ?? 7;
  const name = rest.name ?? 'Swift Movers';
  return {
    company_id,
    name,
    address: '1 Sunset Blvd, Los Angeles, CA',
    company_email: 'swift@movers.test',
    company_phone: '(310) 555-0101',
    company_rating: 4.3,
    completed_moves: 120,
    truck_count: 4,
    comapny_profile: { about_company: 'Family business since 1998.', name, profile_picture: null },
    bid: { bid_amount, request_id: 101, company_id, movers: 3 },
    review_count: 2,
    reviews: [buildReview(), buildReview({ company_rating: 3, company_comment: null }, 'Ana Ruiz')],
    ...rest,
  };
}

export function companiesReply(
  companies: BiddingCompany[],
  request: Partial<DetailOfBidedCompaniesResponse['request']> = {},
  nextCursor: string | null = null,
) {
  return {
    code: 200,
    data: companies,
    request: { id: 101, request_timeline_status: 1, discount: 0, ...request },
    next_cursor: nextCursor,
  };
}
