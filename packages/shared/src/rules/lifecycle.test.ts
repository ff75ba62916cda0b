import { describe, expect, it } from 'vitest';
import { RequestStatus, TimelineStatus as T } from '../enums';
import * as lifecycle from './lifecycle';
import {
  isPaidIntoEscrow,
  showsCompanyInfo,
  showsCrew,
  canCancel,
  canConfirmComplete,
  canEditClientComment,
  canEditRequestDetails,
  canMakePayment,
  canOpenCompaniesList,
  canTransition,
  effectiveTimeline,
  findTransition,
  isChatEnabled,
  isOpenForBids,
  isPriceAgreed,
  LIFECYCLE_TRANSITIONS,
  mayHaveMoneyMovements,
  moversOf,
  refusalKind,
} from './lifecycle';

const ALL = Object.values(T);

describe('the lifecycle table (spec §4)', () => {
  it('walks 0 → 1 → 2 → 3 → 4 → 5 → 6 → 7 → 8 with the right actor at each step', () => {
    const walk: [number, number, 'customer' | 'company' | 'foreman'][] = [
      [0, 1, 'company'],
      [1, 2, 'customer'],
      [2, 3, 'customer'],
      [3, 4, 'company'],
      [4, 5, 'foreman'],
      [5, 6, 'foreman'],
      [6, 7, 'customer'],
      [7, 8, 'customer'],
    ];
    for (const [from, to, actor] of walk)
      expect(canTransition(from, to, actor), `${from}→${to}`).toBe(true);
  });

  it('refuses skipped steps, moves backwards and the wrong actor', () => {
    expect(canTransition(0, 2, 'customer')).toBe(false);
    expect(canTransition(2, 1, 'customer')).toBe(false);
    expect(canTransition(1, 2, 'company')).toBe(false);
    expect(canTransition(6, 7, 'company')).toBe(false);
    expect(findTransition('acceptBid', 0, 'customer')).toBeNull();
    expect(findTransition('acceptBid', 1, 'customer')?.to).toBe(T.awaitingPayment);
  });

  it('lets the company send a direct request its confirmation letter: 0 → 3, once', () => {
    expect(findTransition('sendLetter', T.awaitingResponse, 'company')?.to).toBe(T.paid);
    expect(findTransition('sendLetter', T.awaitingResponse, 'customer')).toBeNull();
    expect(findTransition('sendLetter', T.awaitingResponse, 'foreman')).toBeNull();
    for (const s of ALL.filter((s) => s !== T.awaitingResponse)) {
      expect(findTransition('sendLetter', s, 'company'), String(s)).toBeNull();
    }
    // Sent again after it moved (a repeat, or a lost race) is a conflict, not out of order.
    expect(refusalKind('sendLetter', T.paid)).toBe('conflict');
    expect(refusalKind('sendLetter', T.cancelled)).toBe('conflict');
  });

  it('cancels from every status below 7 and from none after it', () => {
    for (const s of ALL) {
      expect(canTransition(s, T.cancelled, 'customer'), String(s)).toBe(s < T.completed);
    }
  });

  it('names only known statuses and actors', () => {
    for (const t of LIFECYCLE_TRANSITIONS) {
      expect(ALL).toContain(t.to);
      for (const s of t.from) expect(ALL).toContain(s);
      expect(t.by.length).toBeGreaterThan(0);
    }
  });
});

describe('the screen guards (spec §4 "Guards and availability")', () => {
  it('opens the companies list only at 1, payment only at 2, confirm-complete only at 6', () => {
    for (const s of ALL) {
      expect(canOpenCompaniesList(s)).toBe(s === 1);
      expect(canMakePayment(s)).toBe(s === 2);
      expect(canConfirmComplete(s)).toBe(s === 6);
    }
    expect(canMakePayment(3, true)).toBe(true);
  });

  it('enables chat at 3 to 6', () => {
    expect(ALL.filter(isChatEnabled)).toEqual([3, 4, 5, 6]);
  });

  it('lets non-direct requests be edited below 3 and direct ones below 6', () => {
    expect(
      ALL.filter((s) => canEditRequestDetails({ request_timeline_status: s, request_type: 0 })),
    ).toEqual([0, 1, 2]);
    expect(
      ALL.filter((s) => canEditRequestDetails({ request_timeline_status: s, request_type: 1 })),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    expect(canEditRequestDetails({ request_timeline_status: 0, request_status: 2 })).toBe(false);
  });

  it('holds the price as agreed from status 3 (paid, or the letter sent), not once cancelled', () => {
    expect(ALL.filter((s) => isPriceAgreed(s))).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('edits the client comment below 6', () => {
    expect(ALL.filter((s) => canEditClientComment({ request_timeline_status: s }))).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });

  it('offers cancel only for non-direct requests below 7', () => {
    expect(ALL.filter((s) => canCancel({ request_timeline_status: s, request_type: 0 }))).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    expect(canCancel({ request_timeline_status: 0, request_type: 1 })).toBe(false);
    expect(canCancel({ request_timeline_status: 0, request_status: 2 })).toBe(false);
  });

  it('shows company info from 2, the crew from 4, and counts escrow from 3, never when cancelled', () => {
    expect(ALL.filter(showsCompanyInfo)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(ALL.filter(showsCrew)).toEqual([4, 5, 6, 7, 8]);
    expect(ALL.filter(isPaidIntoEscrow)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('treats 8 with response status 0 as 7', () => {
    expect(effectiveTimeline(8, 0)).toBe(7);
    expect(effectiveTimeline(8, 1)).toBe(8);
    expect(effectiveTimeline(3, 0)).toBe(3);
  });

  it('is open for bids at 0 and 1, for active non-direct requests only', () => {
    expect(ALL.filter((s) => isOpenForBids({ request_timeline_status: s }))).toEqual([0, 1]);
    expect(isOpenForBids({ request_timeline_status: 0, request_type: 1 })).toBe(false);
    expect(isOpenForBids({ request_timeline_status: 1, request_status: 2 })).toBe(false);
  });

  it('takes the movers from the request below 2 (non-direct), else from the accepted bid', () => {
    expect(
      moversOf({ request: { request_timeline_status: 1, movers: 2 }, acceptedBidMovers: 4 }),
    ).toBe(2);
    expect(
      moversOf({ request: { request_timeline_status: 2, movers: 2 }, acceptedBidMovers: 4 }),
    ).toBe(4);
    expect(
      moversOf({
        request: { request_timeline_status: 0, request_type: 1, movers: 2 },
        acceptedBidMovers: 3,
      }),
    ).toBe(3);
  });
});

describe('refusalKind', () => {
  it('calls a move the request has gone past a conflict, and one it has not reached out of order', () => {
    expect(refusalKind('pay', 1)).toBe('outOfOrder');
    expect(refusalKind('pay', 3)).toBe('conflict');
    expect(refusalKind('pay', 11)).toBe('conflict');
    expect(refusalKind('confirmComplete', 5)).toBe('outOfOrder');
    expect(refusalKind('confirmComplete', 7)).toBe('conflict');
    expect(refusalKind('cancel', 7)).toBe('conflict');
    expect(refusalKind('giveFeedback', 6)).toBe('outOfOrder');
  });
});

describe('mayHaveMoneyMovements', () => {
  it('is false before payment and true from it on, cancelled included', () => {
    expect(ALL.filter(mayHaveMoneyMovements)).toEqual([3, 4, 5, 6, 7, 8, 11]);
  });
});

describe('the status sets and their guards', () => {
  const {
    AWAITING_ASSIGNMENT_TIMELINE,
    AWAITING_CONFIRMATION_TIMELINE,
    AWAITING_PAYMENT_TIMELINE,
    AWAITING_RESPONSE_TIMELINE,
    BIDS_TO_COMPARE_TIMELINE,
    CANCELLED_TIMELINE,
    CHAT_ENABLED_TIMELINE,
    CONFIRMED_TIMELINE,
    CREW_DONE_TIMELINE,
    FOREMAN_CHAT_TIMELINE,
    MOVE_IN_PROGRESS_TIMELINE,
    MOVE_OVER_TIMELINE,
    MOVE_STARTED_TIMELINE,
    MOVE_UPCOMING_TIMELINE,
    OPEN_FOR_BIDS_TIMELINE,
    READY_TO_MOVE_TIMELINE,
    ROUTE_TRAVELLED_TIMELINE,
    WITH_CREW_TIMELINE,
  } = lifecycle;

  // Each exported set beside the guard that reads it; the server's SQL twins are built from the
  // sets, so a guard that stopped reading its set would part from its twin.
  const pairs: [string, readonly number[], (timeline: number) => boolean][] = [
    ['isAwaitingResponse', AWAITING_RESPONSE_TIMELINE, lifecycle.isAwaitingResponse],
    ['hasBidsToCompare', BIDS_TO_COMPARE_TIMELINE, lifecycle.hasBidsToCompare],
    ['canOpenCompaniesList', BIDS_TO_COMPARE_TIMELINE, lifecycle.canOpenCompaniesList],
    [
      'isOpenForBids',
      OPEN_FOR_BIDS_TIMELINE,
      (t) => lifecycle.isOpenForBids({ request_timeline_status: t }),
    ],
    ['isAwaitingPayment', AWAITING_PAYMENT_TIMELINE, lifecycle.isAwaitingPayment],
    ['canMakePayment', AWAITING_PAYMENT_TIMELINE, (t) => lifecycle.canMakePayment(t)],
    ['isAwaitingAssignment', AWAITING_ASSIGNMENT_TIMELINE, lifecycle.isAwaitingAssignment],
    ['isReadyToMove', READY_TO_MOVE_TIMELINE, lifecycle.isReadyToMove],
    ['isMoveInProgress', MOVE_IN_PROGRESS_TIMELINE, lifecycle.isMoveInProgress],
    ['isTrackingEnabled', MOVE_IN_PROGRESS_TIMELINE, lifecycle.isTrackingEnabled],
    ['isRouteTravelledShown', ROUTE_TRAVELLED_TIMELINE, lifecycle.isRouteTravelledShown],
    ['canConfirmComplete', AWAITING_CONFIRMATION_TIMELINE, lifecycle.canConfirmComplete],
    ['isConfirmedByCustomer', CONFIRMED_TIMELINE, lifecycle.isConfirmedByCustomer],
    ['isMoveCancelled', CANCELLED_TIMELINE, lifecycle.isMoveCancelled],
    ['isMoveUpcoming', MOVE_UPCOMING_TIMELINE, lifecycle.isMoveUpcoming],
    ['hasMoveStarted', MOVE_STARTED_TIMELINE, lifecycle.hasMoveStarted],
    ['isWithCrew', WITH_CREW_TIMELINE, lifecycle.isWithCrew],
    [
      'needsCrew',
      lifecycle.TIMELINE_STATUSES.filter((s) => !CREW_DONE_TIMELINE.some((d) => d === s)),
      (t) => lifecycle.needsCrew({ request_timeline_status: t }),
    ],
    ['isMoveOver', MOVE_OVER_TIMELINE, lifecycle.isMoveOver],
    ['isChatEnabled', CHAT_ENABLED_TIMELINE, lifecycle.isChatEnabled],
    ['isForemanChatEnabled', FOREMAN_CHAT_TIMELINE, lifecycle.isForemanChatEnabled],
  ];

  it.each(pairs)('%s accepts exactly the statuses of its set', (_name, set, guard) => {
    for (const s of ALL) expect(guard(s), String(s)).toBe(set.includes(s));
  });

  it('lists every status once, and the sets name only known statuses', () => {
    expect(lifecycle.TIMELINE_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 11]);
    expect(lifecycle.REQUEST_STATUSES).toEqual([0, 1, 2]);
    expect(lifecycle.ADDITIONAL_STATUSES).toEqual([0, 1]);
    for (const [, set] of pairs) for (const s of set) expect(ALL).toContain(s);
  });

  it('keeps a job with its crew unless the request is cancelled, whatever the timeline says', () => {
    expect(
      lifecycle.needsCrew({ request_timeline_status: 4, request_status: RequestStatus.cancelled }),
    ).toBe(false);
  });
});

describe('the guards read from the table and the letter', () => {
  it('names the status each move leads to', () => {
    expect(lifecycle.statusAfter('startMove')).toBe(T.inProgress);
    expect(lifecycle.statusAfter('completeMove')).toBe(T.completedByCompany);
    expect(lifecycle.statusAfter('cancel')).toBe(T.cancelled);
  });

  it('leaves feedback only at 7', () => {
    expect(ALL.filter(lifecycle.canLeaveFeedback)).toEqual([7]);
  });

  it('moves request_status to done at 7 and to cancelled at 11, and leaves it otherwise', () => {
    expect(ALL.map((s) => lifecycle.requestStatusAfter(s))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      RequestStatus.done,
      null,
      RequestStatus.cancelled,
    ]);
  });

  it("waits for the letter's signature at 3 with additional_status 0 only", () => {
    expect(ALL.filter((s) => lifecycle.awaitsLetterSignature(s, 0))).toEqual([3]);
    expect(ALL.filter((s) => lifecycle.awaitsLetterSignature(s, 1))).toEqual([]);
    expect(lifecycle.isLetterSigned(1)).toBe(true);
    expect(lifecycle.isLetterSigned(0)).toBe(false);
  });

  it('shows the estimate below 3, and the company from a bid accepted, never when cancelled', () => {
    expect(ALL.filter(lifecycle.showsEstimatedPrice)).toEqual([0, 1, 2]);
    expect(ALL.filter(lifecycle.isBidAccepted)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('offers the calendar invite from payment until the crew has finished', () => {
    expect(ALL.filter(lifecycle.hasCalendarInvite)).toEqual([3, 4, 5, 6]);
  });

  it('reads request_status 2 as cancelled', () => {
    expect(lifecycle.REQUEST_STATUSES.filter(lifecycle.isRequestCancelled)).toEqual([2]);
  });
});
