import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG, type checkingCardExistResponseSchema } from '@movehub/shared';
import type { z } from 'zod';
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
    <Dialog
      open={open}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-card-dialog-title"
      aria-describedby="delete-card-dialog-text"
    >
      <DialogTitle id="delete-card-dialog-title">{MSG.deleteCardTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-card-dialog-text">{MSG.deleteCardConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          No
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          startIcon={
            remove.isPending ? (
              <CircularProgress aria-hidden size={18} color="inherit" />
            ) : undefined
          }
        >
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
