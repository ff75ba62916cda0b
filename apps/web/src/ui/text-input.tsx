import type { ChangeEvent, FocusEvent, HTMLInputTypeAttribute, ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { textAreaInput } from './text-area';

/**
 * An outlined text field that looks and reads as MUI's TextField (label, helper text, error),
 * without TextField's select mode: TextField imports Select, Menu, Popover and Modal, about
 * 12 kB gzipped that the login screen and the wizard's first step would load for nothing
 * (decision 029), nor a request's detail. A choice among a few values is
 * ui/native-select-input; a choice from a menu uses TextField's select mode.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  inputRef,
  shrink,
  min,
  maxLength,
  size,
  multiline = false,
  minRows = 1,
  ...input
}: {
  id: string;
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Keeps the label above the field, as a date field's always-shown mask needs. */
  shrink?: boolean;
  /** A date field's earliest day. */
  min?: string | number;
  maxLength?: number;
  /** A text area of at least `minRows` lines, growing with its text. */
  multiline?: boolean;
  minRows?: number;
  size?: 'small' | 'medium';
  name?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** Shown to select and copy, not to change (a link to pass on). */
  readOnly?: boolean;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
}) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      fullWidth
      size={size}
      error={error}
      required={input.required}
      disabled={input.disabled}
    >
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        {...(multiline ? textAreaInput(minRows) : {})}
        id={id}
        label={label}
        notched={shrink}
        inputRef={inputRef}
        // No type="text" on a text area (InputBase gives every input one).
        inputProps={{
          'aria-describedby': helperId,
          min,
          maxLength,
          ...(multiline && { type: undefined }),
        }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
