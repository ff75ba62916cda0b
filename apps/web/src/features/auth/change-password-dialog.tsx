import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { MSG, PASSWORD_SUCCESS_CLOSE_MS, newPasswordFormSchema } from '@movehub/shared';
import { updatePassword } from './auth-api';
import { NewPasswordFields } from '../../ui/new-password-fields';

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * spec/portal.md §2 Change Password modal: new password and confirmation (update_password); on
 * success it shows 'Password updated successfully' and closes after 1 second.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
    >
      {/* Mounted only while open, so that every opening starts from an empty form. */}
      {open && <ChangePasswordForm onClose={onClose} />}
    </Dialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [updated, setUpdated] = useState(false);
  const { register, control, handleSubmit } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const update = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => setUpdated(true),
  });

  useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(onClose, PASSWORD_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [updated, onClose]);

  return (
    <Box
      component="form"
      noValidate
      aria-busy={update.isPending}
      onSubmit={handleSubmit((values) => update.mutate(values))}
    >
      <DialogTitle id="change-password-title">Change Password</DialogTitle>
      <DialogContent>
        {updated ? (
          <Alert severity="success" role="status">
            {MSG.passwordUpdated}
          </Alert>
        ) : (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <NewPasswordFields
              control={control}
              register={register}
              idPrefix="change-password"
              autoFocus
            />
          </Stack>
        )}
      </DialogContent>
      {!updated && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            startIcon={
              update.isPending ? (
                <CircularProgress aria-hidden size={18} color="inherit" />
              ) : undefined
            }
          >
            Update Password
          </Button>
        </DialogActions>
      )}
    </Box>
  );
}
