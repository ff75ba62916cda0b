import { CHANGE_MESSAGES, type RequestEditResponse } from '@movehub/shared';
import { showToast } from './toast';

/**
 * The toast after an address or item edit, the same on every edit screen: the server's message
 * (spec §8), as news when the edit of a paid direct request waits for the mover's price
 * (the server then says CHANGE_MESSAGES.sentForPricing, which stands in if it says nothing).
 */
export function showRequestEditToast(response: Pick<RequestEditResponse, 'message' | 'data'>) {
  const awaitingPrice = response.data.awaiting_price;
  const fallback = awaitingPrice ? CHANGE_MESSAGES.sentForPricing : '';
  const message = response.message || fallback;
  if (message) showToast(message, awaitingPrice ? 'info' : 'success');
}
