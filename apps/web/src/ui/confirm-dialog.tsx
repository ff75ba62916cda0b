import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirmed call runs: both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** A destructive action (delete) colours its confirm button as an error. */
  confirmColor?: ButtonProps['color'];
  /** Ids of the title and the message, for aria-labelledby and aria-describedby. */
  titleId: string;
  messageId: string;
}

/** spec/portal.md §2: the Yes/No confirmations (logout, delete card). */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onClose,
  pending = false,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  confirmColor,
  titleId,
  messageId,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={onConfirm}
          disabled={pending}
          startIcon={
            pending ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
          }
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
