import { useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

interface VerificationStepsDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  titleId: string;
  /** The steps, mounted only while open so that every opening starts again from the entry. */
  children: (onBusy: (busy: boolean) => void) => ReactNode;
}

/** The frame of a change-by-code dialog: it cannot be dismissed while one of its calls runs. */
export function VerificationStepsDialog({
  open,
  onClose,
  title,
  titleId,
  children,
}: VerificationStepsDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && children(setBusy)}
    </Dialog>
  );
}
