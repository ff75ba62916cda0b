import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type checkingCardExistResponseSchema } from '@movehub/shared';
import type { z } from 'zod';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cardKeys, deleteCard } from './cards-api';

type SavedCardsResponse = z.output<typeof checkingCardExistResponseSchema>;

interface DeleteCardDialogProps {
  open: boolean;
  onClose: () => void;
  /** After delete_card answered 200; the card list has been emptied and is being refetched. */
  onDeleted?: () => void;
}

/** spec/portal.md §2: 'Delete Card' / 'Are your sure you want to delete this card?' with Yes, No. */
export function DeleteCardDialog({ open, onClose, onDeleted }: DeleteCardDialogProps) {
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: deleteCard,
    onSuccess: () => {
      // The screen turns back into an empty form at once rather than after the refetch.
      queryClient.setQueryData<SavedCardsResponse>(cardKeys.saved, (current) =>
        current ? { ...current, retrive_stripe_card: { data: [] } } : current,
      );
      onDeleted?.();
    },
    // spec/portal.md §8: a failed delete only ends the loading. The list is asked again either
    // way: a 404 means the card was already gone (deleted in another tab).
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.saved }),
  });

  return (
    <ConfirmDialog
      open={open}
      title={MSG.deleteCardTitle}
      message={MSG.deleteCardConfirm}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      pending={remove.isPending}
      confirmColor="error"
      titleId="delete-card-dialog-title"
      messageId="delete-card-dialog-text"
    />
  );
}
