import { queryOptions } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type CalculateEstimatedPriceBody,
  type GenerateDirectRequestBody,
} from '@movehub/shared';
import { callApi } from '../../../lib/api-client';

/*
 * The wizard's calls (spec/request-lifecycle.md §7). The catalogue, geo, service-area and
 * estimate calls need no token: a visitor fills the wizard before signing in.
 */

export const wizardKeys = {
  directLink: (link: string) => ['wizard', 'direct-link', link] as const,
  serviceArea: (zipCode: string) => ['wizard', 'service-area', zipCode] as const,
  estimate: (body: CalculateEstimatedPriceBody) => ['wizard', 'estimate', body] as const,
};

// --- service area and wait-list ----------------------------------------------------------------

/**
 * GET /api/customer/service_area?zip_code=…: data.served says whether the zip is served. An
 * unserved zip is an expected answer (the wait-list follows), so it comes back 200, not as an
 * HTTP error in the browser's console; check_service_area keeps the spec's 200-or-400 contract
 * for other callers. The screen shows the area-not-found popup itself, so no toast.
 */
export function lookUpServiceArea(zipCode: string, signal?: AbortSignal) {
  return callApi('GET /api/customer/service_area', {
    query: { zip_code: zipCode },
    signal,
    suppressToast: true,
  });
}

/**
 * The service-area answer for one zip, kept for the page's life once it says "served": step 0
 * asks when a place is chosen, and step 1 asks again only for a zip typed there.
 */
export const serviceAreaQueryOptions = (zipCode: string) =>
  queryOptions({
    queryKey: wizardKeys.serviceArea(zipCode),
    queryFn: ({ signal }) => lookUpServiceArea(zipCode, signal),
    staleTime: (query) => (query.state.data?.data.served ? Infinity : 0),
    retry: false,
  });

/** POST /api/customer/add_wishlist_area: success 'Zipcode added into our waitlist.' */
export function addWishlistArea(body: { email: string; zip_code: string }) {
  return callApi('POST /api/customer/add_wishlist_area', {
    body,
  });
}

// --- estimate ------------------------------------------------------------------------------------

/** POST /api/customer/calculate_estimated_price: data.Estimated_Price_Start / _End. */
export function calculateEstimatedPrice(body: CalculateEstimatedPriceBody, signal?: AbortSignal) {
  return callApi('POST /api/customer/calculate_estimated_price', {
    body,
    signal,
  });
}

/** The estimate for one draft: the key is the body, so it is asked again when any part changes. */
export const estimateQueryOptions = (body: CalculateEstimatedPriceBody) =>
  queryOptions({
    queryKey: wizardKeys.estimate(body),
    queryFn: ({ signal }) => calculateEstimatedPrice(body, signal),
  });

// --- direct links and the request itself ---------------------------------------------------------

/** POST /api/company/validate_generated_link (no token): data true and the profile. */
export function validateGeneratedLink(link: string, signal?: AbortSignal) {
  return callApi('POST /api/company/validate_generated_link', {
    body: { generated_link: link },
    withToken: false,
    suppressToast: true,
    signal,
  });
}

export const directLinkQueryOptions = (link: string) =>
  queryOptions({
    queryKey: wizardKeys.directLink(link),
    queryFn: ({ signal }) => validateGeneratedLink(link, signal),
    staleTime: Infinity,
    retry: false,
  });

// generate_request (normal mode) lives in lib/saved-request.ts: the login page sends it too.

/**
 * The company's direct path, or the sales team's when the link's profile is user_type 4, with
 * the submit's Idempotency-Key (decision 007).
 */
export function generateDirectRequest(
  body: GenerateDirectRequestBody,
  salesTeam: boolean,
  idempotencyKey: string,
) {
  const call = salesTeam
    ? 'POST /api/sale_team/generate_request_by_customer'
    : 'POST /api/company/generate_request_by_customer';
  return callApi(call, {
    body,
    withToken: false,
    suppressToast: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
