import { useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

interface VerificationStepsDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  titleId: string;
  /** A call of the caller's own runs (the sign-in the steps lead to): the dialog stays open too. */
  busy?: boolean;
  /** The steps, mounted only while open so that every opening starts again from the entry. */
  children: (onBusy: (busy: boolean) => void) => ReactNode;
}

/**
 * The frame of every enter-then-verify-a-code dialog (change email, change phone, a social
 * sign-in's phone): it cannot be dismissed while one of its calls runs.
 */
export function VerificationStepsDialog({
  open,
  onClose,
  title,
  titleId,
  busy = false,
  children,
}: VerificationStepsDialogProps) {
  const [stepBusy, setStepBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy || stepBusy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && children(setStepBusy)}
    </Dialog>
  );
}
