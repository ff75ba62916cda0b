import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { SavedCard } from '@movehub/shared';
import type { StubReply } from '../../test/fetch-stub';

/** Test data and steps shared by the card tests (not imported by the app). */

export function buildSavedCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return {
    id: 1,
    name: 'Dana Mover',
    last4: '4242',
    exp_month: 12,
    exp_year: 2034,
    brand: 'Visa',
    ...overrides,
  };
}

export const SANDBOX_CONFIG: StubReply = {
  code: 200,
  gateway: 'sandbox',
  stripe_publishable_key: null,
};

export const cardsReply = (cards: SavedCard[]): StubReply => ({
  code: 200,
  retrive_stripe_card: { data: cards },
});

export const tokenReply = (last4 = '4242'): StubReply => ({
  code: 200,
  token: 'tok_sandbox_test',
  card: { brand: 'Visa', last4, exp_month: 12, exp_year: 2034 },
});

/** The form's fields by their visible labels, as a customer finds them. */
export const cardField = {
  number: () => screen.getByLabelText('Card number'),
  expiry: () => screen.getByLabelText('Expiry (MM/YY)'),
  cvv: () => screen.getByLabelText('CVV'),
  holder: () => screen.getByLabelText('Card holder name'),
  address1: () => screen.getByLabelText('Address 1'),
  address2: () => screen.getByLabelText('Address 2 (optional)'),
  city: () => screen.getByLabelText('City'),
  state: () => screen.getByLabelText('State'),
  zip: () => screen.getByLabelText('Zip'),
};

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
  holder: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

export const VALID_CARD: CardInput = {
  number: '4242424242424242',
  expiry: '1234',
  cvv: '123',
  holder: 'Dana Mover',
  address1: '100 Main St',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90001',
};

/** Types a card the way a customer does: digits only, the masks add the spaces and the slash. */
export async function typeCard(user: UserEvent, overrides: Partial<CardInput> = {}) {
  const card = { ...VALID_CARD, ...overrides };
  for (const key of Object.keys(card) as (keyof CardInput)[]) {
    if (card[key]) await user.type(cardField[key](), card[key]);
  }
}
