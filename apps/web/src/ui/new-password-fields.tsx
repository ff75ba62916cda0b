import {
  useFormState,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import type { NewPasswordForm } from '@movehub/shared';
import { PasswordStrengthMeter } from './password-strength-meter';
import { FormTextField } from './form-text-field';

interface NewPasswordFieldsProps<Form extends NewPasswordForm> {
  control: Control<Form>;
  register: UseFormRegister<Form>;
  /** Prefix of the inputs' ids: `${idPrefix}-password` and `${idPrefix}-confirm-password`. */
  idPrefix: string;
  autoFocus?: boolean;
}

/**
 * spec/portal.md §5: a new password with its strength meter, then its confirmation (password,
 * confirm_password). Rendered as siblings so that they take the spacing of the caller's Stack.
 * The form may have more fields than these two (the Change Password modal's current password).
 */
export function NewPasswordFields<Form extends NewPasswordForm>({
  control,
  register,
  idPrefix,
  autoFocus = false,
}: NewPasswordFieldsProps<Form>) {
  // Every such form has the two fields; TypeScript cannot tell it of a form type still open.
  const passwordName = 'password' as Path<Form>;
  const confirmName = 'confirm_password' as Path<Form>;
  const password = useWatch({ control, name: passwordName }) as string;
  const errors = useFormState({ control }).errors as FieldErrors<NewPasswordForm>;
  const { ref: passwordRef, ...passwordField } = register(passwordName);
  const { ref: confirmRef, ...confirmField } = register(confirmName);

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
