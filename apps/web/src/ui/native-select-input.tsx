import type { ChangeEvent, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * An outlined field over the browser's own select, as MUI's TextField draws it with
 * `select` and `native`, without importing the menu select TextField also carries (Select,
 * Menu, Popover, Modal; decision 030). A phone shows its own picker for it; the options are
 * `<option>` children.
 */
export function NativeSelectInput({
  id,
  label,
  helperText,
  error = false,
  children,
  ...select
}: {
  id: string;
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  children: ReactNode;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth
      error={error}
      required={select.required}
      disabled={select.disabled}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        {...select}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id, 'aria-describedby': helperId }}
      >
        {children}
      </NativeSelect>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
