import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkingCardExistResponseSchema } from '@movehub/shared';
import { isApiError } from '../api-client';
import { showToast } from '../toast';
import { addCard, cardKeys, CardTokenError, deleteCard, type CardFormOutput } from './cards-api';

type SavedCardsResponse = z.output<typeof checkingCardExistResponseSchema>;

/**
 * add_card with a token for the card as typed (Stripe's, or the sandbox's). The saved card list
 * is read again after it, and after a 409 too: another tab saved a card meanwhile.
 */
export function useAddCard(tokenise: (card: CardFormOutput) => Promise<string>) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cardKeys.saved });
  return useMutation({
    mutationFn: async (card: CardFormOutput) => addCard(await tokenise(card)),
    onSuccess: refresh,
    onError: (error) => {
      // spec/portal.md §8: a tokenisation failure is the provider's message in a notice.
      if (error instanceof CardTokenError) showToast(error.message, 'error');
      else if (isApiError(error) && error.code === 409) refresh();
    },
  });
}

/**
 * delete_card. The list empties at once, so the screen turns back into an empty form rather than
 * after the refetch. spec/portal.md §8: a failed delete only ends the loading; the list is asked
 * again either way, since a 404 means the card was already gone (deleted in another tab).
 */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () => {
      queryClient.setQueryData<SavedCardsResponse>(cardKeys.saved, (current) =>
        current ? { ...current, retrive_stripe_card: { data: [] } } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.saved }),
  });
}
