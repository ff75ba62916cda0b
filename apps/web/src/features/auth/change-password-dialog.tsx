import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { MSG, PASSWORD_SUCCESS_CLOSE_MS, newPasswordFormSchema } from '@movehub/shared';
import { FormDialog } from '../../ui/form-dialog';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useUpdatePassword } from './use-auth-mutations';

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * spec/portal.md §2 Change Password modal: new password and confirmation (update_password); on
 * success it shows 'Password updated successfully' and closes after 1 second.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  // Mounted only while open, so that every opening starts from an empty form.
  return open ? <ChangePasswordForm onClose={onClose} /> : null;
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [updated, setUpdated] = useState(false);
  const { register, control, handleSubmit } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });
  // spec §8: a refusal is the red toast of any failed call; the form stays as typed.
  const update = useUpdatePassword();

  useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(onClose, PASSWORD_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [updated, onClose]);

  return (
    <FormDialog
      onClose={onClose}
      title="Change Password"
      titleId="change-password-title"
      pending={update.isPending}
      submitLabel="Update Password"
      onSubmit={handleSubmit((values) =>
        update.mutate(values, { onSuccess: () => setUpdated(true) }),
      )}
      hideActions={updated}
    >
      {updated ? (
        <Alert severity="success" role="status">
          {MSG.passwordUpdated}
        </Alert>
      ) : (
        <NewPasswordFields
          control={control}
          register={register}
          idPrefix="change-password"
          autoFocus
        />
      )}
    </FormDialog>
  );
}
