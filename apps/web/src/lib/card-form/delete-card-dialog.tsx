import { MSG } from '@movehub/shared';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteCard } from './use-card-mutations';

interface DeleteCardDialogProps {
  open: boolean;
  onClose: () => void;
  /** After delete_card answered 200; the card list has been emptied and is being refetched. */
  onDeleted?: () => void;
}

/** spec/portal.md §2: 'Delete Card' / 'Are your sure you want to delete this card?' with Yes, No. */
export function DeleteCardDialog({ open, onClose, onDeleted }: DeleteCardDialogProps) {
  const remove = useDeleteCard();

  return (
    <ConfirmDialog
      open={open}
      title={MSG.deleteCardTitle}
      message={MSG.deleteCardConfirm}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => onDeleted?.() })}
      onClose={onClose}
      pending={remove.isPending}
      confirmColor="error"
      titleId="delete-card-dialog-title"
      messageId="delete-card-dialog-text"
    />
  );
}
