import { RequestStatus, TimelineStatus } from '../enums';

/*
 * The request lifecycle of spec/request-lifecycle.md §4, in one pure module: which
 * request_timeline_status may follow which, who makes each move, and the screen guards of
 * "Guards and availability". The server enforces it inside the transaction that locks the
 * request row; the web app reads it to decide what to show. Nothing else compares raw statuses.
 */

/** Who moves a request: its customer, the company (or its sales team), its foreman, the server. */
export type LifecycleActor = 'customer' | 'company' | 'foreman' | 'system';
export const LIFECYCLE_ACTORS: readonly LifecycleActor[] = [
  'customer',
  'company',
  'foreman',
  'system',
];

/** The moves of the lifecycle, named by what happens. */
export type LifecycleAction =
  | 'firstBid'
  | 'lastBidRemoved'
  | 'acceptBid'
  | 'pay'
  | 'sendLetter'
  | 'assign'
  | 'startMove'
  | 'completeMove'
  | 'confirmComplete'
  | 'giveFeedback'
  | 'cancel';

export interface LifecycleTransition {
  action: LifecycleAction;
  from: readonly TimelineStatus[];
  to: TimelineStatus;
  by: readonly LifecycleActor[];
}

const T = TimelineStatus;

/**
 * The allowed transitions (spec §4 "Bid and payment flow": 0 → 1 first bid, → 2 the customer
 * accepts a bid, → 3 paid into escrow, → 4 truck assigned, → 5 move in progress, → 6 company
 * marks completion, → 7 customer confirms and releases money, → 8 feedback; 11 cancelled).
 */
export const LIFECYCLE_TRANSITIONS: readonly LifecycleTransition[] = [
  { action: 'firstBid', from: [T.awaitingResponse], to: T.pendingAcceptance, by: ['company'] },
  // The last open bid withdrawn by its company or deleted by the customer: no bids to compare.
  {
    action: 'lastBidRemoved',
    from: [T.pendingAcceptance],
    to: T.awaitingResponse,
    by: ['company', 'customer'],
  },
  { action: 'acceptBid', from: [T.pendingAcceptance], to: T.awaitingPayment, by: ['customer'] },
  { action: 'pay', from: [T.awaitingPayment], to: T.paid, by: ['customer'] },
  // A direct request skips bids and payment into escrow (spec §4 status 3: "for direct requests
  // awaiting confirmation letter"): its company sends the letter with its rates, 0 → 3, and the
  // customer signs it (additional_status 0 → 1) before the move is assigned.
  { action: 'sendLetter', from: [T.awaitingResponse], to: T.paid, by: ['company'] },
  { action: 'assign', from: [T.paid], to: T.truckAssigned, by: ['company'] },
  { action: 'startMove', from: [T.truckAssigned], to: T.inProgress, by: ['company', 'foreman'] },
  {
    action: 'completeMove',
    from: [T.inProgress],
    to: T.completedByCompany,
    by: ['company', 'foreman'],
  },
  {
    action: 'confirmComplete',
    from: [T.completedByCompany],
    to: T.completed,
    by: ['customer', 'system'],
  },
  { action: 'giveFeedback', from: [T.completed], to: T.feedbackGiven, by: ['customer'] },
  // spec §4 Guards: cancel is offered only below status 7 (and for non-direct requests).
  {
    action: 'cancel',
    from: [
      T.awaitingResponse,
      T.pendingAcceptance,
      T.awaitingPayment,
      T.paid,
      T.truckAssigned,
      T.inProgress,
      T.completedByCompany,
    ],
    to: T.cancelled,
    by: ['customer', 'system'],
  },
];

const TIMELINE_VALUES = new Set<number>(Object.values(TimelineStatus));

export function isTimelineStatus(value: number): value is TimelineStatus {
  return TIMELINE_VALUES.has(value);
}

/** The transition of `action`, or null when it is not allowed from `from` by `actor`. */
export function findTransition(
  action: LifecycleAction,
  from: number,
  actor: LifecycleActor,
): LifecycleTransition | null {
  const transition = LIFECYCLE_TRANSITIONS.find((t) => t.action === action);
  if (!transition) return null;
  if (!transition.from.some((s) => s === from)) return null;
  if (!transition.by.includes(actor)) return null;
  return transition;
}

/**
 * Why a move is refused, for its answer: a request that has already gone past the move (a repeat,
 * or a race another call won, or a cancelled request) is a conflict (409); a request that has not
 * reached the move yet is out of order (422).
 * The statuses 0..8 are ordered; 11 (cancelled) is past every move.
 */
export function refusalKind(action: LifecycleAction, current: number): 'conflict' | 'outOfOrder' {
  if (current === T.cancelled) return 'conflict';
  const transition = LIFECYCLE_TRANSITIONS.find((t) => t.action === action);
  if (!transition) return 'outOfOrder';
  const latest = Math.max(...transition.from);
  return current > latest ? 'conflict' : 'outOfOrder';
}

/** True when `actor` may move a request from `from` to `to` by some action. */
export function canTransition(from: number, to: number, actor: LifecycleActor): boolean {
  return LIFECYCLE_TRANSITIONS.some(
    (t) => t.to === to && t.from.some((s) => s === from) && t.by.includes(actor),
  );
}

/** spec §3: request_status 0, the request is active (not done, not cancelled). */
export const ACTIVE_REQUEST_STATUS = RequestStatus.active;
export function isActiveRequest(requestStatus: number): boolean {
  return requestStatus === ACTIVE_REQUEST_STATUS;
}

/**
 * A change can no longer be answered or proposed: the request is not active, or the move is
 * completed by the company or later, or cancelled.
 */
export function isChangeClosed(requestStatus: number, timeline: number): boolean {
  return (
    !isActiveRequest(requestStatus) || timeline === T.cancelled || timeline >= T.completedByCompany
  );
}

/** The customer has confirmed the move: completed (7), or with feedback given (8). */
export function isConfirmedByCustomer(timeline: number): boolean {
  return timeline === T.completed || timeline === T.feedbackGiven;
}

/** Feedback was given (8): the last step of a move. */
export function hasFeedback(timeline: number): boolean {
  return timeline === T.feedbackGiven;
}

/** The request's fields that the guards read. */
export interface LifecycleRequest {
  request_timeline_status: number;
  request_status?: number;
  /** Truthy for a direct request (request_type set). */
  request_type?: number | string | null;
}

/** A request made through a company's direct link (spec §3: request_type truthy). */
export function isDirectRequest(request: Pick<LifecycleRequest, 'request_type'>): boolean {
  return Boolean(request.request_type) && request.request_type !== '0';
}

/**
 * The timeline status to act on: spec §4 "When the server returns 8 and the response status is
 * 0, it is treated as 7".
 */
export function effectiveTimeline(timeline: number, responseStatus: number | undefined): number {
  if (timeline === T.feedbackGiven && responseStatus === 0) return T.completed;
  return timeline;
}

/** spec §4: "companies-list redirects to the list unless status is 1". */
export function canOpenCompaniesList(timeline: number): boolean {
  return timeline === T.pendingAcceptance;
}

/** Bids are placed, changed, withdrawn and deleted only while the request is open for them. */
export function isOpenForBids(request: LifecycleRequest): boolean {
  return (
    !isDirectRequest(request) &&
    (request.request_status ?? RequestStatus.active) === RequestStatus.active &&
    (request.request_timeline_status === T.awaitingResponse ||
      request.request_timeline_status === T.pendingAcceptance)
  );
}

/** spec §4: "make-payment redirects unless status is 2 (unless already paid in the session)". */
export function canMakePayment(timeline: number, paidInSession = false): boolean {
  return timeline === T.awaitingPayment || paidInSession;
}

/** spec §4: "confirm-complete redirects unless status is 6". */
export function canConfirmComplete(timeline: number): boolean {
  return timeline === T.completedByCompany;
}

/** spec §4: "Chat enabled only for statuses 3 to 6". */
export function isChatEnabled(timeline: number): boolean {
  return timeline >= T.paid && timeline <= T.completedByCompany;
}

/** The foreman's chat channel appears once the move is under way (status 5). */
export function isForemanChatEnabled(timeline: number): boolean {
  return timeline === T.inProgress || timeline === T.completedByCompany;
}

/** Tracking shows the truck while the move is in progress (spec §2 card: 5 Track). */
export function isTrackingEnabled(timeline: number): boolean {
  return timeline === T.inProgress;
}

/**
 * spec §4: "Address and item editing: non-direct requests below status 3; direct requests below
 * status 6". A cancelled or closed request is never edited.
 */
export function canEditRequestDetails(request: LifecycleRequest): boolean {
  if ((request.request_status ?? RequestStatus.active) !== RequestStatus.active) return false;
  const limit = isDirectRequest(request) ? T.completedByCompany : T.paid;
  return request.request_timeline_status < limit;
}

/**
 * From status 3 a request's price is agreed: paid into escrow (marketplace) or set by the
 * company's confirmation letter (direct). A customer's edit from then on changes no amount by
 * itself: the estimate is recalculated only below 3, and a new price is the company's to propose.
 */
export function isPriceAgreed(timeline: number): boolean {
  return timeline >= T.paid && timeline !== T.cancelled;
}

/** spec §4: "Client comment editing below status 6". */
export function canEditClientComment(request: LifecycleRequest): boolean {
  return (
    (request.request_status ?? RequestStatus.active) === RequestStatus.active &&
    request.request_timeline_status < T.completedByCompany
  );
}

/** Comments of the thread are open while the request is active and not closed (below 8). */
export function canComment(request: LifecycleRequest): boolean {
  return (
    (request.request_status ?? RequestStatus.active) === RequestStatus.active &&
    request.request_timeline_status !== T.cancelled
  );
}

/** spec §4: "Cancel/delete offered only for non-direct requests below status 7". */
export function canCancel(request: LifecycleRequest): boolean {
  return (
    !isDirectRequest(request) &&
    (request.request_status ?? RequestStatus.active) === RequestStatus.active &&
    request.request_timeline_status < T.completed
  );
}

/**
 * spec §2 "After acceptance a Company Info block shows company name, phone, email, address": from
 * status 2 (a bid accepted) on, while the request is not cancelled.
 */
export function showsCompanyInfo(timeline: number): boolean {
  return timeline >= T.awaitingPayment && timeline !== T.cancelled;
}

/** spec §2 "above status 3 also Foreman name and Truck Name list": from status 4 on. */
export function showsCrew(timeline: number): boolean {
  return timeline >= T.truckAssigned && timeline !== T.cancelled;
}

/**
 * Money is held in escrow from payment (status 3) on: cancelling then shares the escrow by the
 * Cancellation policy (rules/cancellation.ts).
 */
export function isPaidIntoEscrow(timeline: number): boolean {
  return timeline >= T.paid && timeline !== T.cancelled;
}

/**
 * Money moves only from payment (status 3) on, and a cancelled request may have been refunded:
 * below 3 a request has no ledger entries, so nothing to read for its receipts.
 */
export function mayHaveMoneyMovements(timeline: number): boolean {
  return timeline >= T.paid;
}

/**
 * spec §4: "For non-direct requests with status below 2 the movers count comes from the request;
 * otherwise from the accepted bid company".
 */
export function moversOf(opts: {
  request: LifecycleRequest & { movers?: number | null };
  acceptedBidMovers?: number | null;
}): number | null {
  const { request } = opts;
  if (!isDirectRequest(request) && request.request_timeline_status < T.awaitingPayment) {
    return request.movers ?? null;
  }
  return opts.acceptedBidMovers ?? request.movers ?? null;
}
