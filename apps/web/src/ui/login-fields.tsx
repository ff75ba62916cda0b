import type { FieldError, RegisterOptions, UseFormRegisterReturn } from 'react-hook-form';
import { loginEmailProblem, loginPasswordProblem } from '@movehub/shared';
import { TextInput } from './text-input';

/** The shared login rules (rules/validation.ts) as react-hook-form rules. */
export const LOGIN_EMAIL_RULES = {
  validate: (email: string) => loginEmailProblem(email) ?? true,
} satisfies RegisterOptions<{ email: string }, 'email'>;
export const LOGIN_PASSWORD_RULES = {
  validate: (password: string) => loginPasswordProblem(password) ?? true,
} satisfies RegisterOptions<{ password: string }, 'password'>;

/**
 * The email and password of a sign-in form, the customer's and the partner's: the fields as
 * registered with the form, and their errors.
 */
export function LoginFields({
  idPrefix,
  email,
  password,
  errors,
}: {
  idPrefix: string;
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  errors: { email?: FieldError; password?: FieldError };
}) {
  const { ref: emailRef, ...emailField } = email;
  const { ref: passwordRef, ...passwordField } = password;
  return (
    <>
      <TextInput
        {...emailField}
        inputRef={emailRef}
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <TextInput
        {...passwordField}
        inputRef={passwordRef}
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
    </>
  );
}
