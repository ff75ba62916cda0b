import type { z } from 'zod';
import {
  changePasswordBodySchema,
  getNotificationQuerySchema,
  getNotificationResponseSchema,
  getSettingResponseSchema,
  markNotificationReadBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendEmailCodeBodySchema,
  sendPhoneCodeBodySchema,
  sessionResponseSchema,
  socialConfigResponseSchema,
  socialLoginBodySchema,
  updateCustomerBodySchema,
  updateCustomerResponseSchema,
  updatePasswordBodySchema,
  uploadResponseSchema,
  validateEmailAndPhoneBodySchema,
  verifyEmailCodeBodySchema,
  verifyPhoneCodeBodySchema,
} from '../schemas/accounts';
import { loginBodySchema, loginResponseSchema, profileResponseSchema } from '../schemas/auth';
import {
  analyticsEventBodySchema,
  analyticsEventResponseSchema,
  directLinkAnalyticsBodySchema,
  directLinkAnalyticsResponseSchema,
} from '../schemas/analytics';
import {
  acceptRequestBodySchema,
  acceptRequestResponseSchema,
  deleteBidBodySchema,
  deleteBidResponseSchema,
  detailOfBidedCompaniesBodySchema,
  detailOfBidedCompaniesResponseSchema,
  placeBidBodySchema,
  placeBidResponseSchema,
  withdrawBidBodySchema,
  withdrawBidResponseSchema,
} from '../schemas/bids';
import { openRequestsBodySchema, openRequestsResponseSchema } from '../schemas/open-requests';
import {
  addCardBodySchema,
  addCardResponseSchema,
  checkingCardExistResponseSchema,
  paymentConfigResponseSchema,
  sandboxTokenBodySchema,
  sandboxTokenResponseSchema,
} from '../schemas/cards';
import {
  addWishlistAreaBodySchema,
  calculateEstimatedPriceBodySchema,
  calculateEstimatedPriceResponseSchema,
  catalogueItemsResponseSchema,
  checkServiceAreaBodySchema,
  getItemBodySchema,
  getItemByCategoryIdBodySchema,
  getItemCategoriesByTypeBodySchema,
  getItemCategoriesByTypeResponseSchema,
  getMoveTypeResponseSchema,
  serviceAreaQuerySchema,
  serviceAreaResponseSchema,
} from '../schemas/catalogue';
import {
  changeConfirmationBodySchema,
  changeConfirmationResponseSchema,
  changesAwaitingPriceBodySchema,
  changesAwaitingPriceResponseSchema,
  priceChangeBodySchema,
  proposeChangeBodySchema,
  proposeChangeResponseSchema,
} from '../schemas/changes';
import {
  channelsBodySchema,
  channelsResponseSchema,
  conversationBodySchema,
  getMessagesBodySchema,
  getMessagesResponseSchema,
} from '../schemas/chat';
import {
  addTruckBodySchema,
  companyProfileResponseSchema,
  inviteForemanBodySchema,
  removeForemanBodySchema,
  removeTruckBodySchema,
  setForemanPasswordBodySchema,
  setForemanPasswordResponseSchema,
  updateCompanyProfileBodySchema,
  updateTruckBodySchema,
  zipCodeBodySchema,
} from '../schemas/company-profile';
import {
  generateDirectRequestBodySchema,
  generateRequestBodySchema,
  generateRequestResponseSchema,
  validateGeneratedLinkBodySchema,
  validateGeneratedLinkResponseSchema,
} from '../schemas/create-request';
import { outboxQuerySchema, outboxResponseSchema } from '../schemas/dev';
import {
  createDirectLinkBodySchema,
  directLinkRequestsBodySchema,
  directLinkRequestsResponseSchema,
  directLinkResponseSchema,
  directLinksBodySchema,
  directLinksResponseSchema,
  setDirectLinkActiveBodySchema,
} from '../schemas/direct-links';
import { okEnvelopeSchema } from '../schemas/envelope';
import {
  foremanJobDetailBodySchema,
  foremanJobDetailResponseSchema,
  foremanJobsResponseSchema,
} from '../schemas/foreman';
import {
  geoAutocompleteQuerySchema,
  geoAutocompleteResponseSchema,
  geoConfigResponseSchema,
  geoDirectionsBodySchema,
  geoDirectionsResponseSchema,
  geoGeocodeQuerySchema,
  geoGeocodeResponseSchema,
} from '../schemas/geo';
import {
  attachSignatureBodySchema,
  attachSignatureResponseSchema,
  getConfirmationLetterBodySchema,
  getConfirmationLetterResponseSchema,
  sendConfirmationLetterBodySchema,
  sendConfirmationLetterResponseSchema,
} from '../schemas/letter';
import {
  addFeedbackBodySchema,
  addFeedbackResponseSchema,
  assignMoveBodySchema,
  assignMoveResponseSchema,
  endMoveConfirmationResponseSchema,
  moveStepBodySchema,
  moveStepResponseSchema,
} from '../schemas/moves';
import {
  jobDetailBodySchema,
  jobDetailResponseSchema,
  jobsBodySchema,
  jobsResponseSchema,
} from '../schemas/partner-jobs';
import { makePaymentBodySchema, makePaymentResponseSchema } from '../schemas/payments';
import { payoutsBodySchema, payoutsResponseSchema } from '../schemas/payouts';
import {
  addCommentBodySchema,
  addCommentResponseSchema,
  deleteRequestResponseSchema,
  editFinalCommentBodySchema,
  editFinalCommentResponseSchema,
  getCommentsBodySchema,
  getCommentsResponseSchema,
  requestDetailResponseSchema,
  requestIdBodySchema,
  requestTimelineBodySchema,
  requestTimelineResponseSchema,
} from '../schemas/request-detail';
import {
  addAddressBodySchema,
  deleteAddressBodySchema,
  editAddressBodySchema,
  editExtraItemBodySchema,
  editItemsBodySchema,
  requestEditResponseSchema,
} from '../schemas/request-edits';
import {
  claimRequestBodySchema,
  claimRequestResponseSchema,
  requestDetailByLinkBodySchema,
  requestDetailByLinkResponseSchema,
} from '../schemas/request-link';
import {
  getCustomerRequestBodySchema,
  getCustomerRequestResponseSchema,
} from '../schemas/requests';
import { healthResponseSchema } from '../schemas/system';
import {
  getTrackingBodySchema,
  getTrackingResponseSchema,
  postLocationBodySchema,
  postLocationResponseSchema,
} from '../schemas/tracking';
import type { CallName } from './call';

/*
 * The API's calls, described once (ARCHITECTURE.md "The wire contract"): each call's name
 * ('METHOD /path', see ./call.ts) with what it takes and what it answers with code 200. The
 * server registers its routes from this table (apps/api/src/lib/api-route.ts) and validates
 * bodies, queries and answers with these schemas; the web client derives its typed calls from
 * the table's type alone (apps/web/src/lib/api-client.ts), so the browser loads no schema for a
 * call: the answer it reads has passed the answer schema on the server already.
 */

/** One call: its JSON body or its query, and its 200 answer. */
export interface ApiRoute {
  /** The JSON body's schema. */
  body?: z.ZodType;
  /** The query string's schema (GET calls). */
  query?: z.ZodType;
  /** true for a multipart/form-data upload: the body is a FormData the route reads itself. */
  multipart?: true;
  /** The 200 answer's schema. */
  answer: z.ZodType;
}

/*
 * Every JSON call the server answers, grouped by the server module that registers it
 * (apps/api/src/modules/<module>/<module>.routes.ts). A test (apps/api/test/api-routes.test.ts)
 * fails when the server serves a route the table does not name, or the table a call the server
 * does not serve, or a route validates with other schemas than these.
 *
 * Left out, because a body/query/answer schema cannot describe them (the exact list, with each
 * reason, is ROUTES_OUTSIDE_THE_TABLE in apps/api/src/lib/api-route.ts):
 * - POST /api/payments/stripe/webhook: Stripe's, not a client's; reads the raw body, whose bytes
 *   the signature covers, and is registered only with Stripe and a signing secret;
 * - GET /api/company/payouts_csv, GET /api/customer/request_calendar and
 *   GET /api/customer/request_receipt: downloads that answer a file (CSV, text/calendar, PDF);
 * - GET /uploads/*: the stored images themselves (disk storage only);
 * - /docs and what is under it: the OpenAPI document and its UI;
 * - the socket (/socket.io): its events are the typed map of ../realtime.ts.
 *
 * Some calls exist only in some configurations: POST /app_api/sandbox/tokens with the sandbox
 * gateway, GET /dev/outbox outside production.
 */
export const apiRoutes = {
  // --- system: readiness and liveness -------------------------------------------------------
  'GET /healthz': { answer: healthResponseSchema },
  'GET /livez': { answer: okEnvelopeSchema },

  // --- auth: sign-in and sign-out of every user type -----------------------------------------
  'POST /app_api/login': { body: loginBodySchema, answer: loginResponseSchema },
  'POST /app_api/log_out': { answer: okEnvelopeSchema },

  // --- accounts: sign-up and its codes, Google and Facebook, passwords, the customer's profile
  'POST /app_api/validateEmailandPhone': {
    body: validateEmailAndPhoneBodySchema,
    answer: okEnvelopeSchema,
  },
  'POST /app_api/send_verification_code_on_email': {
    body: sendEmailCodeBodySchema,
    answer: okEnvelopeSchema,
  },
  'POST /app_api/verify_code_send_on_email': {
    body: verifyEmailCodeBodySchema,
    answer: okEnvelopeSchema,
  },
  'POST /app_api/send_verification_code_on_ph_number': {
    body: sendPhoneCodeBodySchema,
    answer: okEnvelopeSchema,
  },
  'POST /app_api/verify_code_send_on_phone_number': {
    body: verifyPhoneCodeBodySchema,
    answer: okEnvelopeSchema,
  },
  'POST /api/customer/register_customer': {
    body: registerBodySchema,
    answer: sessionResponseSchema,
  },
  'GET /app_api/social_config': { answer: socialConfigResponseSchema },
  'POST /api/customer/login_by_google': {
    body: socialLoginBodySchema,
    answer: sessionResponseSchema,
  },
  'POST /api/customer/login_by_facebook': {
    body: socialLoginBodySchema,
    answer: sessionResponseSchema,
  },
  'POST /app_api/reset_password': { body: resetPasswordBodySchema, answer: okEnvelopeSchema },
  'POST /app_api/change_password': { body: changePasswordBodySchema, answer: okEnvelopeSchema },
  'POST /app_api/update_password': { body: updatePasswordBodySchema, answer: okEnvelopeSchema },
  'PUT /api/customer/update_customer': {
    body: updateCustomerBodySchema,
    answer: updateCustomerResponseSchema,
  },

  // --- customers -----------------------------------------------------------------------------
  'GET /api/customer/profile_customer': { answer: profileResponseSchema },

  // --- requests: the customer's lists and detail, the final comment, cancelling --------------
  'POST /api/customer/get_customer_request': {
    body: getCustomerRequestBodySchema,
    answer: getCustomerRequestResponseSchema,
  },
  'POST /api/customer/customer_request_detail': {
    body: requestIdBodySchema,
    answer: requestDetailResponseSchema,
  },
  'POST /api/customer/edit_final_comment': {
    body: editFinalCommentBodySchema,
    answer: editFinalCommentResponseSchema,
  },
  'POST /api/customer/delete_request': {
    body: requestIdBodySchema,
    answer: deleteRequestResponseSchema,
  },

  // --- request-edits: the customer's edits, on /api/customer (marketplace requests) and on
  // /app_api (direct ones), the same call on either path ------------------------------------
  'POST /api/customer/add_address': {
    body: addAddressBodySchema,
    answer: requestEditResponseSchema,
  },
  'POST /api/customer/edit_address': {
    body: editAddressBodySchema,
    answer: requestEditResponseSchema,
  },
  'POST /api/customer/delete_address': {
    body: deleteAddressBodySchema,
    answer: requestEditResponseSchema,
  },
  'POST /api/customer/edit_items': { body: editItemsBodySchema, answer: requestEditResponseSchema },
  'POST /api/customer/edit_extra_item': {
    body: editExtraItemBodySchema,
    answer: requestEditResponseSchema,
  },
  'POST /app_api/add_address': { body: addAddressBodySchema, answer: requestEditResponseSchema },
  'POST /app_api/edit_address': { body: editAddressBodySchema, answer: requestEditResponseSchema },
  'POST /app_api/delete_address': {
    body: deleteAddressBodySchema,
    answer: requestEditResponseSchema,
  },
  'POST /app_api/edit_items': { body: editItemsBodySchema, answer: requestEditResponseSchema },
  'POST /app_api/edit_extra_item': {
    body: editExtraItemBodySchema,
    answer: requestEditResponseSchema,
  },

  // --- changes: the company's proposals and prices, the customer's answer by type
  // (CHANGE_CONFIRMATION_CALLS) -----------------------------------------------------------------
  'POST /api/company/propose_change': {
    body: proposeChangeBodySchema,
    answer: proposeChangeResponseSchema,
  },
  'POST /api/company/changes_awaiting_price': {
    body: changesAwaitingPriceBodySchema,
    answer: changesAwaitingPriceResponseSchema,
  },
  'POST /api/company/price_change': {
    body: priceChangeBodySchema,
    answer: proposeChangeResponseSchema,
  },
  'POST /api/customer/change_price_date_time_movers_confirmation': {
    body: changeConfirmationBodySchema,
    answer: changeConfirmationResponseSchema,
  },
  'POST /api/customer/change_address_confirmation': {
    body: changeConfirmationBodySchema,
    answer: changeConfirmationResponseSchema,
  },
  'POST /api/customer/change_item_confirmation': {
    body: changeConfirmationBodySchema,
    answer: changeConfirmationResponseSchema,
  },
  'POST /api/customer/change_extra_item_confirmation': {
    body: changeConfirmationBodySchema,
    answer: changeConfirmationResponseSchema,
  },

  // --- comments, notifications, settings -----------------------------------------------------
  'POST /app_api/add_comments': { body: addCommentBodySchema, answer: addCommentResponseSchema },
  'POST /app_api/get_comments': { body: getCommentsBodySchema, answer: getCommentsResponseSchema },
  'POST /api/customer/request_timeline': {
    body: requestTimelineBodySchema,
    answer: requestTimelineResponseSchema,
  },
  'GET /app_api/get_notification': {
    query: getNotificationQuerySchema,
    answer: getNotificationResponseSchema,
  },
  'POST /app_api/mark_notification_read': {
    body: markNotificationReadBodySchema,
    answer: okEnvelopeSchema,
  },
  'GET /api/admin/get_setting': { answer: getSettingResponseSchema },

  // --- uploads: a multipart form (upload_file, upload_type) -----------------------------------
  'POST /app_api/upload_s3_file': { multipart: true, answer: uploadResponseSchema },

  // --- cards -----------------------------------------------------------------------------------
  'POST /api/customer/checking_card_exist': { answer: checkingCardExistResponseSchema },
  'POST /api/customer/add_card': { body: addCardBodySchema, answer: addCardResponseSchema },
  'POST /api/customer/delete_card': { answer: okEnvelopeSchema },
  'GET /app_api/payment_config': { answer: paymentConfigResponseSchema },
  'POST /app_api/sandbox/tokens': {
    body: sandboxTokenBodySchema,
    answer: sandboxTokenResponseSchema,
  },

  // --- catalogue: the request wizard's move sizes, rooms and items, area, estimate -------------
  'GET /api/customer/get_move_type': { answer: getMoveTypeResponseSchema },
  'POST /api/customer/get_item_categories_by_type': {
    body: getItemCategoriesByTypeBodySchema,
    answer: getItemCategoriesByTypeResponseSchema,
  },
  'POST /api/customer/get_item': { body: getItemBodySchema, answer: catalogueItemsResponseSchema },
  'POST /api/customer/get_item_by_category_id': {
    body: getItemByCategoryIdBodySchema,
    answer: catalogueItemsResponseSchema,
  },
  'POST /api/customer/check_service_area': {
    body: checkServiceAreaBodySchema,
    answer: okEnvelopeSchema,
  },
  'GET /api/customer/service_area': {
    query: serviceAreaQuerySchema,
    answer: serviceAreaResponseSchema,
  },
  'POST /api/customer/add_wishlist_area': {
    body: addWishlistAreaBodySchema,
    answer: okEnvelopeSchema,
  },
  'POST /api/customer/calculate_estimated_price': {
    body: calculateEstimatedPriceBodySchema,
    answer: calculateEstimatedPriceResponseSchema,
  },

  // --- create-request: the wizard's submit, direct links, the public link and its claim --------
  'POST /api/company/validate_generated_link': {
    body: validateGeneratedLinkBodySchema,
    answer: validateGeneratedLinkResponseSchema,
  },
  'POST /api/customer/generate_request': {
    body: generateRequestBodySchema,
    answer: generateRequestResponseSchema,
  },
  'POST /api/company/generate_request_by_customer': {
    body: generateDirectRequestBodySchema,
    answer: generateRequestResponseSchema,
  },
  'POST /api/sale_team/generate_request_by_customer': {
    body: generateDirectRequestBodySchema,
    answer: generateRequestResponseSchema,
  },
  'POST /app_api/request_detail_by_request_link': {
    body: requestDetailByLinkBodySchema,
    answer: requestDetailByLinkResponseSchema,
  },
  'POST /app_api/claim_request': {
    body: claimRequestBodySchema,
    answer: claimRequestResponseSchema,
  },

  // --- geo: maps through the server -------------------------------------------------------------
  'GET /api/geo/autocomplete': {
    query: geoAutocompleteQuerySchema,
    answer: geoAutocompleteResponseSchema,
  },
  'GET /api/geo/geocode': { query: geoGeocodeQuerySchema, answer: geoGeocodeResponseSchema },
  'POST /api/geo/directions': {
    body: geoDirectionsBodySchema,
    answer: geoDirectionsResponseSchema,
  },
  'GET /api/geo/config': { answer: geoConfigResponseSchema },

  // --- bids: the company's bids, the customer's companies list and its accept -------------------
  'POST /api/company/open_requests': {
    body: openRequestsBodySchema,
    answer: openRequestsResponseSchema,
  },
  'POST /api/company/place_bid': { body: placeBidBodySchema, answer: placeBidResponseSchema },
  'POST /api/company/withdraw_bid': {
    body: withdrawBidBodySchema,
    answer: withdrawBidResponseSchema,
  },
  'POST /api/customer/detail_of_bided_companies': {
    body: detailOfBidedCompaniesBodySchema,
    answer: detailOfBidedCompaniesResponseSchema,
  },
  'POST /api/customer/delete_bid': { body: deleteBidBodySchema, answer: deleteBidResponseSchema },
  'PUT /api/customer/accept_request': {
    body: acceptRequestBodySchema,
    answer: acceptRequestResponseSchema,
  },

  // --- partner-jobs: the company's jobs --------------------------------------------------------
  'POST /api/company/jobs': { body: jobsBodySchema, answer: jobsResponseSchema },
  'POST /api/company/job_detail': { body: jobDetailBodySchema, answer: jobDetailResponseSchema },

  // --- company-profile: the company's face, zip codes, trucks and foremen ----------------------
  'POST /api/company/profile': { answer: companyProfileResponseSchema },
  'POST /api/company/update_profile': {
    body: updateCompanyProfileBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /api/company/add_zip_code': {
    body: zipCodeBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /api/company/remove_zip_code': {
    body: zipCodeBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /api/company/add_truck': { body: addTruckBodySchema, answer: companyProfileResponseSchema },
  'POST /api/company/update_truck': {
    body: updateTruckBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /api/company/remove_truck': {
    body: removeTruckBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /api/company/invite_foreman': {
    body: inviteForemanBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /api/company/remove_foreman': {
    body: removeForemanBodySchema,
    answer: companyProfileResponseSchema,
  },
  'POST /app_api/set_foreman_password': {
    body: setForemanPasswordBodySchema,
    answer: setForemanPasswordResponseSchema,
  },

  // --- direct-links and payouts: the company's links and money --------------------------------
  'POST /api/company/direct_links': {
    body: directLinksBodySchema,
    answer: directLinksResponseSchema,
  },
  'POST /api/company/create_direct_link': {
    body: createDirectLinkBodySchema,
    answer: directLinkResponseSchema,
  },
  'POST /api/company/set_direct_link_active': {
    body: setDirectLinkActiveBodySchema,
    answer: directLinkResponseSchema,
  },
  'POST /api/company/direct_link_requests': {
    body: directLinkRequestsBodySchema,
    answer: directLinkRequestsResponseSchema,
  },
  'POST /api/company/payouts': { body: payoutsBodySchema, answer: payoutsResponseSchema },

  // --- analytics: page views and wizard steps (no token), a company's direct-link visits --------
  'POST /app_api/analytics_event': {
    body: analyticsEventBodySchema,
    answer: analyticsEventResponseSchema,
  },
  'POST /api/company/direct_link_analytics': {
    body: directLinkAnalyticsBodySchema,
    answer: directLinkAnalyticsResponseSchema,
  },

  // --- moves: move day and after (the company, its foreman, the customer) ----------------------
  'POST /api/company/assign_move': { body: assignMoveBodySchema, answer: assignMoveResponseSchema },
  'POST /api/foreman/start_move': { body: moveStepBodySchema, answer: moveStepResponseSchema },
  'POST /api/company/complete_move': { body: moveStepBodySchema, answer: moveStepResponseSchema },
  'POST /api/customer/end_move_confirmation': {
    body: moveStepBodySchema,
    answer: endMoveConfirmationResponseSchema,
  },
  'POST /app_api/add_feedback': { body: addFeedbackBodySchema, answer: addFeedbackResponseSchema },

  // --- foreman and tracking: the foreman's phone, the customer's live map ----------------------
  'POST /api/foreman/jobs': { answer: foremanJobsResponseSchema },
  'POST /api/foreman/job_detail': {
    body: foremanJobDetailBodySchema,
    answer: foremanJobDetailResponseSchema,
  },
  'POST /api/foreman/post_location': {
    body: postLocationBodySchema,
    answer: postLocationResponseSchema,
  },
  'POST /app_api/get_tracking': { body: getTrackingBodySchema, answer: getTrackingResponseSchema },

  // --- letter: a direct request's confirmation letter ------------------------------------------
  'POST /api/company/send_confirmation_letter': {
    body: sendConfirmationLetterBodySchema,
    answer: sendConfirmationLetterResponseSchema,
  },
  'POST /api/company/get_confirmation_letter': {
    body: getConfirmationLetterBodySchema,
    answer: getConfirmationLetterResponseSchema,
  },
  'POST /api/company/attach_signature_make_confirmation_letter_pdf': {
    body: attachSignatureBodySchema,
    answer: attachSignatureResponseSchema,
  },

  // --- payments --------------------------------------------------------------------------------
  'POST /api/customer/make_payment': {
    body: makePaymentBodySchema,
    answer: makePaymentResponseSchema,
  },

  // --- chat --------------------------------------------------------------------------------------
  'POST /app_api/channels': { body: channelsBodySchema, answer: channelsResponseSchema },
  'POST /app_api/get_messages': { body: getMessagesBodySchema, answer: getMessagesResponseSchema },
  'POST /app_api/change_chat_status': { body: conversationBodySchema, answer: okEnvelopeSchema },

  // --- dev: the embedded mode's outbox (outside production only) --------------------------------
  'GET /dev/outbox': { query: outboxQuerySchema, answer: outboxResponseSchema },
} as const satisfies Record<CallName, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiCall = keyof ApiRoutes;

/** What a call sends: its JSON body as the caller writes it (before the schema's defaults). */
export type ApiBody<K extends ApiCall> = ApiRoutes[K] extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : ApiRoutes[K] extends { multipart: true }
    ? FormData
    : undefined;

/** A call's query string, as the caller writes it. */
export type ApiQuery<K extends ApiCall> = ApiRoutes[K] extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** What a call answers with code 200: the answer schema's output, as the server serialises it. */
export type ApiAnswer<K extends ApiCall> = z.output<ApiRoutes[K]['answer']>;
