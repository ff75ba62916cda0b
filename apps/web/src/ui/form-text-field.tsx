import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError } from 'react-hook-form';

export type FormTextFieldProps = Omit<TextFieldProps, 'error'> & {
  /** The field's error in its react-hook-form form: the red state, and its message below. */
  fieldError?: FieldError;
};

/**
 * A text field of a react-hook-form form: its error state and message come from the field's
 * error, so that no form words them by hand (a helper text of its own shows while it has none).
 */
export function FormTextField({ fieldError, helperText, ...props }: FormTextFieldProps) {
  return (
    <TextField
      {...props}
      error={Boolean(fieldError)}
      helperText={fieldError?.message ?? helperText}
    />
  );
}
