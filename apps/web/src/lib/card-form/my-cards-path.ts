/*
 * My Cards (spec/portal.md §2) reached from a screen that takes a payment: the screen's 'Add
 * Card' (and, after a declined charge, 'Use another card') carries where to go back to, and My
 * Cards returns there once a card is saved (decision 041). Only a request's own screens may be
 * returned to: the parameter is a path of this app, never a URL that could lead elsewhere.
 */

export const MY_CARDS_PATH = '/dashboard/my-cards';

/** What My Cards says when a payment screen sent the customer there. */
export const RETURN_TEXT = {
  add: 'Add a card and you go back to your payment.',
  replace:
    'To pay with another card, delete this one and add the new one: you go back to your payment once it is saved.',
  back: 'Back to payment',
} as const;

/** The query parameter My Cards reads. */
export const RETURN_TO_PARAM = 'return_to';

/** Paths My Cards may return to: a request's payment or change screens. */
const RETURNABLE = /^\/dashboard\/my-requests\/(?:make-payment|change-request\/[a-z-]+)\/\d+$/;

/** The path back, when it is one of ours; null otherwise (a hand-typed or foreign value). */
export function returnPathOf(value: string | null | undefined): string | null {
  return value && RETURNABLE.test(value) ? value : null;
}

/** My Cards, returning to `returnTo` once a card is saved. */
export function myCardsPath(returnTo: string): string {
  return `${MY_CARDS_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`;
}
