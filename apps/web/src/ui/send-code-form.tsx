import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';

interface SendCodeFormProps {
  /** The entry field (email or phone) and anything said above it. */
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  busy: boolean;
  /** Show the progress on the Send code button itself (where no other spinner is shown). */
  showProgress?: boolean;
}

/** The ENTER_EMAIL / ENTER_PHONE step: the field, then Cancel and Send code. */
export function SendCodeForm({
  children,
  onSubmit,
  onCancel,
  busy,
  showProgress = false,
}: SendCodeFormProps) {
  return (
    <Box component="form" noValidate aria-busy={busy} onSubmit={onSubmit}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {children}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={
              showProgress && busy ? (
                <CircularProgress aria-hidden size={18} color="inherit" />
              ) : undefined
            }
          >
            Send code
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
