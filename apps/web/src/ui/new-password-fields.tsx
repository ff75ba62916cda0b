import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import type { NewPasswordForm } from '@movehub/shared';
import { PasswordStrengthMeter } from './password-strength-meter';

interface NewPasswordFieldsProps {
  control: Control<NewPasswordForm>;
  register: UseFormRegister<NewPasswordForm>;
  /** Prefix of the inputs' ids: `${idPrefix}-password` and `${idPrefix}-confirm-password`. */
  idPrefix: string;
  autoFocus?: boolean;
}

/**
 * spec/portal.md §5: a new password with its strength meter, then its confirmation (password,
 * confirm_password). Rendered as siblings so that they take the spacing of the caller's Stack.
 */
export function NewPasswordFields({
  control,
  register,
  idPrefix,
  autoFocus = false,
}: NewPasswordFieldsProps) {
  const password = useWatch({ control, name: 'password' });
  const { errors } = useFormState({ control });
  const { ref: passwordRef, ...passwordField } = register('password');
  const { ref: confirmRef, ...confirmField } = register('confirm_password');

  return (
    <>
      <TextField
        {...passwordField}
        inputRef={passwordRef}
        id={`${idPrefix}-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <PasswordStrengthMeter password={password} />
      <TextField
        {...confirmField}
        inputRef={confirmRef}
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        fullWidth
        error={Boolean(errors.confirm_password)}
        helperText={errors.confirm_password?.message}
      />
    </>
  );
}
