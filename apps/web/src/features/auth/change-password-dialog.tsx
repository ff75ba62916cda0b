import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import {
  MSG,
  PASSWORD_SUCCESS_CLOSE_MS,
  updatePasswordFormSchema,
  type UpdatePasswordForm,
} from '@movehub/shared';
import { profileQueryOptions } from '../../lib/profile-query';
import { useStoredUser } from '../../lib/storage';
import { FormDialog } from '../../ui/form-dialog';
import { FormTextField } from '../../ui/form-text-field';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useUpdatePassword } from './use-auth-mutations';

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * spec/portal.md §2 Change Password modal: new password and confirmation (update_password); on
 * success it shows 'Password updated successfully' and closes after 1 second. An account that
 * has a password gives the current one first (docs/decisions/036); one made by Google or
 * Facebook sets its first password without it.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const storedUser = useStoredUser();
  // The dashboard has the profile already; the stored user answers while it loads. Unknown (a
  // session stored by an older version): asked for, as the server will for a password account.
  const profile = useQuery(profileQueryOptions());
  const hasPassword = (profile.data?.profile ?? storedUser)?.has_password !== false;
  // Mounted only while open, so that every opening starts from an empty form.
  return open ? <ChangePasswordForm onClose={onClose} asksCurrent={hasPassword} /> : null;
}

function ChangePasswordForm({
  onClose,
  asksCurrent,
}: {
  onClose: () => void;
  asksCurrent: boolean;
}) {
  const [updated, setUpdated] = useState(false);
  const { register, control, handleSubmit, formState } = useForm<UpdatePasswordForm>({
    resolver: zodResolver(updatePasswordFormSchema(asksCurrent)),
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });
  // spec §8: a refusal (a wrong current password included) is the red toast of any failed call;
  // the form stays as typed.
  const update = useUpdatePassword();
  const { ref: currentRef, ...currentField } = register('current_password');

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
      onSubmit={handleSubmit(({ current_password, ...fields }) =>
        update.mutate(asksCurrent ? { current_password, ...fields } : fields, {
          onSuccess: () => setUpdated(true),
        }),
      )}
      hideActions={updated}
    >
      {updated ? (
        <Alert severity="success" role="status">
          {MSG.passwordUpdated}
        </Alert>
      ) : (
        <>
          {asksCurrent && (
            <FormTextField
              {...currentField}
              inputRef={currentRef}
              id="change-password-current-password"
              label="Current password"
              type="password"
              autoComplete="current-password"
              autoFocus
              fullWidth
              fieldError={formState.errors.current_password}
            />
          )}
          <NewPasswordFields
            control={control}
            register={register}
            idPrefix="change-password"
            autoFocus={!asksCurrent}
          />
        </>
      )}
    </FormDialog>
  );
}
