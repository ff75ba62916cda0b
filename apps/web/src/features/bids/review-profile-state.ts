import { z } from 'zod';
import { biddingCompanySchema, reviewSchema, type BiddingCompany } from '@movehub/shared';

/*
 * spec/request-lifecycle.md §2: /dashboard/review-profile "needs navigation state (company
 * profile, truck count, company rating, review list)". The companies list hands it over; the
 * request id lets Back return to that list. Page state can be anything after a reload or a
 * hand-made history entry, so the profile page reads it through this schema.
 */
export const reviewProfileStateSchema = z.object({
  request_id: z.number().int(),
  comapny_profile: biddingCompanySchema.shape.comapny_profile,
  truck_count: z.number().int(),
  company_rating: z.number(),
  review_list: z.array(reviewSchema),
  /** All of the company's reviews; review_list holds the newest of them. */
  review_count: z.number().int(),
});
export type ReviewProfileState = z.infer<typeof reviewProfileStateSchema>;

export const REVIEW_PROFILE_PATH = '/dashboard/review-profile';

export function reviewProfileStateOf(company: BiddingCompany): ReviewProfileState {
  return {
    request_id: company.bid.request_id,
    comapny_profile: company.comapny_profile,
    truck_count: company.truck_count,
    company_rating: company.company_rating,
    review_list: company.reviews,
    review_count: company.review_count,
  };
}

export function companiesListPath(requestId: number): string {
  return `/dashboard/my-requests/companies-list/${requestId}`;
}
