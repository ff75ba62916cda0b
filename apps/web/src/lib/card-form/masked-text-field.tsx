import { forwardRef } from 'react';
import { IMaskInput } from 'react-imask';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

interface MaskedInputProps {
  name: string;
  mask: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

/** The input element: react-imask keeps what is typed to the mask ('0' is one digit). */
const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput(
  { onChange, name, mask, ...other },
  ref,
) {
  return (
    <IMaskInput
      {...other}
      name={name}
      mask={mask}
      inputRef={ref}
      // The masked text ('4242 4242 4242 4242', '12/34') is the form value, as the schema wants.
      onAccept={(value: string) => onChange({ target: { name, value } })}
      overwrite
    />
  );
});

export type MaskedTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  /** A react-imask pattern: '0000 0000 0000 0000', '00/00', '0000'. */
  mask: string;
  value: string;
  onChange: (value: string) => void;
};

/**
 * A text field whose input follows a digit mask; used through react-hook-form's Controller.
 * (The same technique as ui/phone-field; it moves to ui/ when a second feature needs a mask.)
 */
export function MaskedTextField({
  mask,
  value,
  onChange,
  slotProps,
  ...props
}: MaskedTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...(typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {}),
          mask,
        },
        input: {
          ...(typeof slotProps?.input === 'object' ? slotProps.input : {}),
          // MUI hands the input's props (name, value, onChange, ref) to the masked component.
          inputComponent: MaskedInput as never,
        },
      }}
    />
  );
}
