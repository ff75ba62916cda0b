import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type cardFormSchema } from '@movehub/shared';
import { callApi, errorMessage } from '../api-client';

/** The card form as the schema hands it over (trimmed, address_2 defaulted to ''). */
export type CardFormOutput = z.output<typeof cardFormSchema>;

/**
 * A card the provider refused to tokenise (a bad number, an expiry it rejects, a network error at
 * the provider). spec/portal.md §8: its message is the provider's and is shown in a notice, unlike
 * an add_card failure, which is our server's and goes in a banner.
 */
export class CardTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardTokenError';
  }
}

/** GET /app_api/payment_config: whether the browser tokenises with Stripe or the sandbox. */
export function getPaymentConfig(signal?: AbortSignal) {
  return callApi('GET /app_api/payment_config', { signal });
}

/**
 * POST /app_api/sandbox/tokens (no token): the offline gateway's stand-in for the provider's
 * browser SDK. Its refusals are the provider's messages, so they become a CardTokenError and
 * the screen decides how to show them.
 */
export async function createSandboxToken(card: CardFormOutput): Promise<string> {
  try {
    const response = await callApi('POST /app_api/sandbox/tokens', {
      body: card,
      withToken: false,
      suppressToast: true,
    });
    return response.token;
  } catch (error) {
    throw new CardTokenError(errorMessage(error));
  }
}

/** POST /api/customer/checking_card_exist (auth): the saved cards in retrive_stripe_card.data. */
export function checkingCardExist(signal?: AbortSignal) {
  return callApi('POST /api/customer/checking_card_exist', {
    signal,
  });
}

/**
 * POST /api/customer/add_card (auth): the provider's token; the server verifies the card with the
 * provider. spec/portal.md §8: a failure is shown in a banner by the form, not in the toast.
 */
export function addCard(token: string) {
  return callApi('POST /api/customer/add_card', {
    body: { token },
    suppressToast: true,
  });
}

/** POST /api/customer/delete_card (auth). spec/portal.md §8: a failure ends loading, no message. */
export function deleteCard() {
  return callApi('POST /api/customer/delete_card', {
    suppressToast: true,
  });
}

export const cardKeys = {
  all: ['cards'] as const,
  saved: ['cards', 'saved'] as const,
  paymentConfig: ['cards', 'payment-config'] as const,
};

export const savedCardsQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.saved,
    queryFn: ({ signal }) => checkingCardExist(signal),
    select: (response) => response.retrive_stripe_card.data,
  });

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.paymentConfig,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // The gateway is chosen when the server starts; it does not change under a running page.
    staleTime: Infinity,
  });
