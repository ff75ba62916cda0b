import {
  isBidAccepted,
  isChangeClosed,
  isDirectRequest,
  isPriceAgreed,
  mayHaveMoneyMovements,
  ACTIVE_REQUEST_STATUS,
  type LifecycleRequest,
} from './lifecycle';

/*
 * Change proposals' vocabulary and rules (spec/request-lifecycle.md §2 "Change confirmation", §4
 * "Change confirmations", §9): kept apart from the calls' schemas (schemas/changes.ts) so that a
 * screen that shows a change loads no schema library.
 */

/** The four kinds of change (spec §2: "Type request covers date, time, movers and price"). */
export const CHANGE_TYPES = ['request', 'address', 'items', 'extra-items'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/**
 * A proposal's life: waiting for the customer ('pending'), then accepted or rejected, once. A
 * change the customer asked for on a paid direct request starts as 'awaiting_price': its company
 * prices it (price_change), which makes it pending like a proposal of its own.
 */
export const CHANGE_STATUSES = ['awaiting_price', 'pending', 'accepted', 'rejected'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** spec §2 timeline titles of a proposal, by type. */
export const CHANGE_TIMELINE: Record<ChangeType, string> = {
  request: 'Change in request',
  address: 'Change in address',
  items: 'Change in items',
  'extra-items': 'Change in extra items',
};

/** Our texts: the spec names none for these answers. */
export const CHANGE_MESSAGES = {
  proposed: 'Change proposed. The customer has been asked to accept or reject it.',
  accepted: 'Change accepted successfully.',
  rejected: 'Change rejected successfully.',
  sentForPricing:
    'Your change was sent to your mover to price. You will be asked to accept it with its price before it applies.',
  priced: 'Change priced. The customer has been asked to accept or reject it.',
} as const;

/** The kinds of change a customer's own edit makes (the request's date, time and crew are not edited by the customer). */
export const EDIT_CHANGE_TYPES = ['address', 'items', 'extra-items'] as const;
export type EditChangeType = (typeof EDIT_CHANGE_TYPES)[number];

/**
 * An edit the customer makes once the price is paid (a direct request, status 3
 * to 5; marketplace requests are not edited then) may change what the move costs, so the company
 * prices it before it applies: the edit becomes a change awaiting the company's price.
 */
export function editNeedsCompanyPrice(request: LifecycleRequest): boolean {
  return isDirectRequest(request) && isPriceAgreed(request.request_timeline_status);
}

/**
 * Proposals are made from a company's acceptance until the move is completed: a marketplace
 * request from status 2 (a bid accepted) and a direct request (its company is known from the
 * link) from 0, both below 6 (completed by the company), while the request is active.
 */
export function canProposeChange(request: LifecycleRequest): boolean {
  const status = request.request_timeline_status;
  if (isChangeClosed(request.request_status ?? ACTIVE_REQUEST_STATUS, status)) return false;
  return isDirectRequest(request) || isBidAccepted(status);
}

/** spec §9: at status 3 or above, accepting a change with a price moves money through escrow. */
export function changeNeedsPayment(timeline: number, priceCents: number): boolean {
  return mayHaveMoneyMovements(timeline) && priceCents !== 0;
}

/** The confirmation call of each type (spec §7). */
export const CHANGE_CONFIRMATION_CALLS = {
  request: 'change_price_date_time_movers_confirmation',
  address: 'change_address_confirmation',
  items: 'change_item_confirmation',
  'extra-items': 'change_extra_item_confirmation',
} as const satisfies Record<ChangeType, string>;
