import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

interface FormDialogProps {
  /** Open by default: most dialogs are mounted by their screen only while they show. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The title's id, for aria-labelledby; a generated one unless the screen names it. */
  titleId?: string;
  /** What the dialog is about, above the fields; it becomes the dialog's accessible description. */
  description?: ReactNode;
  descriptionId?: string;
  /** The server's refusal, shown in the dialog rather than as a toast that goes away. */
  failure?: string | null;
  /** Its call runs: the buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  /** The submit button's own spinner, when the dialog has a second call (withdraw a bid). */
  submitPending?: boolean;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** The submit button is off though no call runs (nothing to send, a photo still uploading). */
  submitDisabled?: boolean;
  /** react-hook-form's handleSubmit(...) as it is: its promise is not the dialog's to wait for. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => unknown;
  /**
   * The id of a form the body renders itself: the dialog then draws no form of its own, and its
   * submit button submits that one (propose a change, whose form changes with the kind chosen
   * above it; forms may not nest).
   */
  form?: string;
  /** An action before Cancel, on the left (Withdraw bid, Clear). */
  secondaryAction?: ReactNode;
  /** No footer: the dialog shows its success in place and closes by itself. */
  hideActions?: boolean;
  maxWidth?: 'xs' | 'sm';
  children?: ReactNode;
}

/**
 * The one form dialog: title, description, the server's refusal, the fields, and Cancel and a
 * submit button that shows the call running. The fields sit in a <form>, so Enter submits, and
 * the dialog is named by its title (spec/portal.md §8; CONVENTIONS.md "Accessible by default").
 * Pair it with lib/use-dialog-mutation for the call.
 */
export function FormDialog({
  open = true,
  onClose,
  title,
  titleId,
  description,
  descriptionId,
  failure,
  pending = false,
  submitPending = pending,
  submitLabel,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  onSubmit,
  form,
  secondaryAction,
  hideActions = false,
  maxWidth = 'xs',
  children,
}: FormDialogProps) {
  const ids = useId();
  const labelId = titleId ?? `${ids}-title`;
  const textId = descriptionId ?? `${ids}-text`;

  const body = (
    <>
      <DialogContent>
        {/* DialogContent drops its top padding under a title, which would clip a field's label. */}
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {description && <DialogContentText id={textId}>{description}</DialogContentText>}
          {failure && <Alert severity="error">{failure}</Alert>}
          {children}
        </Stack>
      </DialogContent>
      {!hideActions && (
        <DialogActions sx={secondaryAction ? { flexWrap: 'wrap', gap: 1 } : undefined}>
          {secondaryAction}
          <Button onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            form={form}
            variant="contained"
            disabled={pending || submitDisabled}
            startIcon={
              submitPending ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined
            }
          >
            {submitLabel}
          </Button>
        </DialogActions>
      )}
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={labelId}
      aria-describedby={description ? textId : undefined}
      fullWidth
      maxWidth={maxWidth}
    >
      <DialogTitle id={labelId}>{title}</DialogTitle>
      {form ? (
        body
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit?.(event)} aria-busy={pending}>
          {body}
        </form>
      )}
    </Dialog>
  );
}
