import { useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { NewPasswordForm } from '@movehub/shared';
import { PasswordStrengthMeter } from './password-strength-meter';
import { FormTextField } from './form-text-field';

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
      <FormTextField
        {...passwordField}
        inputRef={passwordRef}
        id={`${idPrefix}-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        fullWidth
        fieldError={errors.password}
      />
      <PasswordStrengthMeter password={password} />
      <FormTextField
        {...confirmField}
        inputRef={confirmRef}
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        fullWidth
        fieldError={errors.confirm_password}
      />
    </>
  );
}
