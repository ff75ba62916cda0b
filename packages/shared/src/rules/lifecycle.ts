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

/** Every request_timeline_status (spec §4), in the table's order: the database's CHECK lists them. */
export const TIMELINE_STATUSES: readonly TimelineStatus[] = Object.values(TimelineStatus);

/** Every request_status (spec §3: 0 active, 1 done, 2 cancelled). */
export const REQUEST_STATUSES: readonly RequestStatus[] = Object.values(RequestStatus);

/**
 * A direct request's additional_status (spec §4 status 3, decision 016): 0 while its confirmation
 * letter waits for the customer's signature (and for every other request), 1 once signed.
 */
export const LetterStatus = { unsigned: 0, signed: 1 } as const;
export type LetterStatus = (typeof LetterStatus)[keyof typeof LetterStatus];
export const ADDITIONAL_STATUSES: readonly LetterStatus[] = Object.values(LetterStatus);

const TIMELINE_VALUES = new Set<number>(TIMELINE_STATUSES);

export function isTimelineStatus(value: number): value is TimelineStatus {
  return TIMELINE_VALUES.has(value);
}

/*
 * The statuses a guard accepts, as sets: the guard reads its set, and the server's SQL twin of the
 * guard (apps/api/src/domain/request/lifecycle.ts) is built from the same set, so a query selects
 * exactly the requests the guard accepts (lifecycle.test.ts and the API's status-sql test hold
 * the pairs together).
 */

/** The one way a guard reads its set. */
function inSet(set: readonly number[], status: number): boolean {
  return set.includes(status);
}

/** spec §4 0: Awaiting Company Response, the initial status: no bid yet, no letter sent yet. */
export const AWAITING_RESPONSE_TIMELINE = [T.awaitingResponse] as const;
export function isAwaitingResponse(timeline: number): boolean {
  return inSet(AWAITING_RESPONSE_TIMELINE, timeline);
}

/** spec §4 1: Pending Acceptance: bids are in and the customer compares them (bid count shown). */
export const BIDS_TO_COMPARE_TIMELINE = [T.pendingAcceptance] as const;
export function hasBidsToCompare(timeline: number): boolean {
  return inSet(BIDS_TO_COMPARE_TIMELINE, timeline);
}

/** spec §4 0 and 1: companies may bid (the rest of isOpenForBids is the request's kind and tab). */
export const OPEN_FOR_BIDS_TIMELINE = [T.awaitingResponse, T.pendingAcceptance] as const;

/** spec §4 2: Awaiting Payment: a bid was chosen, the customer pays into escrow next. */
export const AWAITING_PAYMENT_TIMELINE = [T.awaitingPayment] as const;
export function isAwaitingPayment(timeline: number): boolean {
  return inSet(AWAITING_PAYMENT_TIMELINE, timeline);
}

/**
 * spec §4 3: Paid and waiting for move: the company assigns its crew next (a direct request once
 * the customer has signed its confirmation letter, which the company sent 0 → 3).
 */
export const AWAITING_ASSIGNMENT_TIMELINE = [T.paid] as const;
export function isAwaitingAssignment(timeline: number): boolean {
  return inSet(AWAITING_ASSIGNMENT_TIMELINE, timeline);
}

/** spec §4 4: Truck assigned and ready to move: the crew starts the move next. */
export const READY_TO_MOVE_TIMELINE = [T.truckAssigned] as const;
export function isReadyToMove(timeline: number): boolean {
  return inSet(READY_TO_MOVE_TIMELINE, timeline);
}

/** spec §4 5: Move in progress (Track, and the chat goes to the foreman). */
export const MOVE_IN_PROGRESS_TIMELINE = [T.inProgress] as const;
export function isMoveInProgress(timeline: number): boolean {
  return inSet(MOVE_IN_PROGRESS_TIMELINE, timeline);
}

/** spec §4 6: Completed, waiting for confirmation: the customer confirms and releases money. */
export const AWAITING_CONFIRMATION_TIMELINE = [T.completedByCompany] as const;

/** spec §4 7 and 8: the customer has confirmed the move (and may have left feedback). */
export const CONFIRMED_TIMELINE = [T.completed, T.feedbackGiven] as const;

/** spec §4 11: Request Cancelled. */
export const CANCELLED_TIMELINE = [T.cancelled] as const;
export function isMoveCancelled(timeline: number): boolean {
  return inSet(CANCELLED_TIMELINE, timeline);
}

/** The move is still ahead: paid (3) or its crew assigned (4); the day-before reminder is sent. */
export const MOVE_UPCOMING_TIMELINE = [T.paid, T.truckAssigned] as const;
export function isMoveUpcoming(timeline: number): boolean {
  return inSet(MOVE_UPCOMING_TIMELINE, timeline);
}

/**
 * The move has started once the foreman starts it (status 5) and until it is confirmed: the
 * Cancellation policy keeps the whole escrow from then on (rules/cancellation.ts).
 */
export const MOVE_STARTED_TIMELINE = [T.inProgress, T.completedByCompany] as const;
export function hasMoveStarted(timeline: number): boolean {
  return inSet(MOVE_STARTED_TIMELINE, timeline);
}

/**
 * The crew has the job: assigned (4), moving (5), or marked complete and waiting for the
 * customer (6). A foreman works these, and may call the customer while the request is not
 * cancelled.
 */
export const WITH_CREW_TIMELINE = [T.truckAssigned, T.inProgress, T.completedByCompany] as const;
export function isWithCrew(timeline: number): boolean {
  return inSet(WITH_CREW_TIMELINE, timeline);
}

/**
 * The crew is done with the move: the company marked it complete (6) or later, or it was
 * cancelled. Until then a truck or foreman assigned to it cannot be removed.
 */
export const CREW_DONE_TIMELINE = [
  T.completedByCompany,
  T.completed,
  T.feedbackGiven,
  T.cancelled,
] as const;

/** A job that still needs its crew: the request is not cancelled and the crew is not done. */
export function needsCrew(request: LifecycleRequest): boolean {
  return (
    !isRequestCancelled(request.request_status ?? RequestStatus.active) &&
    !inSet(CREW_DONE_TIMELINE, request.request_timeline_status)
  );
}

/**
 * The move is over for good: confirmed by the customer (7, 8) or cancelled (11). Its chat is
 * closed then (a conflict, where below 3 it is not open yet), and a foreman sees it only for a
 * while.
 */
export const MOVE_OVER_TIMELINE = [T.completed, T.feedbackGiven, T.cancelled] as const;
export function isMoveOver(timeline: number): boolean {
  return inSet(MOVE_OVER_TIMELINE, timeline);
}

/** spec §4 "Chat enabled only for statuses 3 to 6". */
export const CHAT_ENABLED_TIMELINE = [
  T.paid,
  T.truckAssigned,
  T.inProgress,
  T.completedByCompany,
] as const;

/** The foreman's chat channel appears once the move is under way (status 5). */
export const FOREMAN_CHAT_TIMELINE = MOVE_STARTED_TIMELINE;

/** The status a move of the table leads to: the history row it writes names it. */
export function statusAfter(action: LifecycleAction): TimelineStatus {
  const transition = LIFECYCLE_TRANSITIONS.find((t) => t.action === action);
  if (!transition) throw new Error(`No transition ${action} in the lifecycle table.`);
  return transition.to;
}

/**
 * spec §3: request_status follows the timeline: done (1) once the customer confirms the move (7),
 * cancelled (2) with the timeline's 11; null when a move leaves it as it is.
 */
export function requestStatusAfter(to: number): RequestStatus | null {
  if (to === T.completed) return RequestStatus.done;
  if (to === T.cancelled) return RequestStatus.cancelled;
  return null;
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

/** spec §3: request_status 1, the request is done (the customer confirmed the move). */
export const DONE_REQUEST_STATUS = RequestStatus.done;
export function isRequestDone(requestStatus: number): boolean {
  return requestStatus === DONE_REQUEST_STATUS;
}

/**
 * spec §3: request_status 2, the request is cancelled: the My Requests card hides its detail
 * arrow, the detail screen goes back and the public page shows only the cancellation text.
 */
export const CANCELLED_REQUEST_STATUS = RequestStatus.cancelled;
export function isRequestCancelled(requestStatus: number): boolean {
  return requestStatus === CANCELLED_REQUEST_STATUS;
}

/** decision 016: the customer has signed the direct request's confirmation letter. */
export function isLetterSigned(additionalStatus: number): boolean {
  return additionalStatus === LetterStatus.signed;
}

/**
 * spec §4 status 3 "for direct requests awaiting confirmation letter ... when additional_status
 * is 0": the letter is sent and waits for the customer's signature ('Pending request
 * confirmation', the 'Confirm and proceed with the move' button).
 */
export function awaitsLetterSignature(timeline: number, additionalStatus: number): boolean {
  return isAwaitingAssignment(timeline) && !isLetterSigned(additionalStatus);
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
  return inSet(CONFIRMED_TIMELINE, timeline);
}

/** spec §4 7: "Completed; feedback can be left" (the table's giveFeedback move). */
export function canLeaveFeedback(timeline: number): boolean {
  return findTransition('giveFeedback', timeline, 'customer') !== null;
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

/** spec §3: request_type 0, an open marketplace request; a direct request's is truthy. */
export const MARKETPLACE_REQUEST_TYPE = 0;

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
  return hasBidsToCompare(timeline);
}

/** Bids are placed, changed, withdrawn and deleted only while the request is open for them. */
export function isOpenForBids(request: LifecycleRequest): boolean {
  return (
    !isDirectRequest(request) &&
    (request.request_status ?? RequestStatus.active) === RequestStatus.active &&
    inSet(OPEN_FOR_BIDS_TIMELINE, request.request_timeline_status)
  );
}

/** spec §4: "make-payment redirects unless status is 2 (unless already paid in the session)". */
export function canMakePayment(timeline: number, paidInSession = false): boolean {
  return isAwaitingPayment(timeline) || paidInSession;
}

/** spec §4: "confirm-complete redirects unless status is 6". */
export function canConfirmComplete(timeline: number): boolean {
  return inSet(AWAITING_CONFIRMATION_TIMELINE, timeline);
}

/** spec §4: "Chat enabled only for statuses 3 to 6". */
export function isChatEnabled(timeline: number): boolean {
  return inSet(CHAT_ENABLED_TIMELINE, timeline);
}

/** The foreman's chat channel appears once the move is under way (status 5). */
export function isForemanChatEnabled(timeline: number): boolean {
  return inSet(FOREMAN_CHAT_TIMELINE, timeline);
}

/** Tracking shows the truck while the move is in progress (spec §2 card: 5 Track). */
export function isTrackingEnabled(timeline: number): boolean {
  return isMoveInProgress(timeline);
}

/**
 * Ours (issue 31): once the company has marked the move complete (6), and after the customer
 * confirms it (7, 8), the tracking page says so and shows the route the truck travelled.
 */
export const ROUTE_TRAVELLED_TIMELINE = [
  T.completedByCompany,
  T.completed,
  T.feedbackGiven,
] as const;
export function isRouteTravelledShown(timeline: number): boolean {
  return inSet(ROUTE_TRAVELLED_TIMELINE, timeline);
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
 * Whether a request has a calendar invite to download: from payment until the crew has finished
 * (3 to 6). A cancelled move's invite is the cancelling one, emailed only.
 */
export function hasCalendarInvite(timeline: number): boolean {
  return timeline >= T.paid && timeline <= T.completedByCompany;
}

/**
 * spec §2 "Before status 3 on non-typed requests: Estimated Price and Your Price. Later: Final
 * Price" (a cancelled request's too).
 */
export function showsEstimatedPrice(timeline: number): boolean {
  return timeline < T.paid;
}

/** spec §4 "Customer accepts a bid (status to 2)": from then on the request has its company. */
export function isBidAccepted(timeline: number): boolean {
  return timeline >= T.awaitingPayment && timeline !== T.cancelled;
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
