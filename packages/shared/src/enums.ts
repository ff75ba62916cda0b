/** spec/portal.md §6: user_type values. Only customers have screens; the others are counterparts. */
export const UserType = {
  customer: 1,
  company: 2,
  foreman: 3,
  salesTeam: 4,
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];
export const USER_TYPES = Object.values(UserType);

/** spec/request-lifecycle.md §3: request_status, also the My Requests tab codes. */
export const RequestStatus = {
  active: 0,
  done: 1,
  cancelled: 2,
} as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];

/** spec/request-lifecycle.md §4: request_timeline_status. */
export const TimelineStatus = {
  awaitingResponse: 0,
  pendingAcceptance: 1,
  awaitingPayment: 2,
  paid: 3,
  truckAssigned: 4,
  inProgress: 5,
  completedByCompany: 6,
  completed: 7,
  feedbackGiven: 8,
  cancelled: 11,
} as const;
export type TimelineStatus = (typeof TimelineStatus)[keyof typeof TimelineStatus];

/**
 * A bid's status (request_bids.status): open while the customer compares, accepted when chosen
 * (spec §4: status 1 → 2), deleted when its company withdrew it or the customer removed it.
 */
export const BidStatus = {
  open: 0,
  accepted: 1,
  deleted: 2,
} as const;
export type BidStatus = (typeof BidStatus)[keyof typeof BidStatus];

export const TIMELINE_LABELS: Record<TimelineStatus, string> = {
  0: 'Awaiting Company Response',
  1: 'Pending Acceptance',
  2: 'Awaiting Payment',
  3: 'Paid and waiting for move',
  4: 'Truck assigned and ready to move',
  5: 'Move in progress',
  6: 'Completed, waiting for confirmation',
  7: 'Completed',
  8: 'Feedback Given',
  11: 'Request Cancelled',
};

/** My Requests tabs (spec: Active (0), Completed (1), Cancelled (2)). */
export const REQUEST_TABS = [
  { status: RequestStatus.active, label: 'Active', countKey: 'active_request_count' },
  { status: RequestStatus.done, label: 'Completed', countKey: 'done_request_count' },
  { status: RequestStatus.cancelled, label: 'Cancelled', countKey: 'cancle_request_count' },
] as const;

/** The wire codes of the response envelope; the HTTP status always equals `code`. */
export const ErrorCode = {
  /** malformed body, wrong JSON, a rule of the call refused the input */
  badRequest: 400,
  /** token missing, unknown, revoked or expired: and nothing else */
  unauthorized: 401,
  /** the token is valid but the caller may not do this */
  forbidden: 403,
  /** no such route or resource (or not the caller's) */
  notFound: 404,
  /** the request did not arrive in time (the connection is closed) */
  requestTimeout: 408,
  /** the state changed under the caller: a race lost, a duplicate */
  conflict: 409,
  /** the URL (path and query) is over MAX_URL_LENGTH */
  uriTooLong: 414,
  /** the body parsed but a field is missing or of the wrong shape */
  unprocessable: 422,
  /** a rate limit was hit */
  tooManyRequests: 429,
  /** the request line and headers are over Node's header limit (the connection is closed) */
  headersTooLarge: 431,
  /** a fault of ours; details stay in the log */
  internal: 500,
  /** the server is saturated (password hashing full); retry after Retry-After seconds */
  serviceUnavailable: 503,
  /** the server cannot store more (the uploads' total ceiling); not the caller's fault */
  insufficientStorage: 507,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
