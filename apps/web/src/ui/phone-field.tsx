import { forwardRef } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { z } from 'zod';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { MSG, PHONE_MASK, maskedPhoneToWire } from '@movehub/shared';

/** A form whose one field is a required phone: an incomplete mask is 'Please enter a valid phone number.' */
export const requiredPhoneFormSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((value) => maskedPhoneToWire(value) !== null, MSG.phoneInvalid),
});

interface MaskedInputProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

/** The input element of the phone field: react-imask keeps what is typed to (###) ###-####. */
const MaskedPhoneInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedPhoneInput(
  { onChange, name, ...other },
  ref,
) {
  return (
    <IMaskInput
      {...other}
      name={name}
      mask={PHONE_MASK}
      inputRef={ref}
      // The masked text ('(310) 555-0142') is the form value; maskedPhoneToWire makes it '+1…'.
      onAccept={(value: string) => onChange({ target: { name, value } })}
      overwrite
    />
  );
});

export type PhoneFieldProps = Omit<TextFieldProps, 'onChange' | 'value' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * spec/portal.md §5: a phone typed as (###) ###-####. Use it through react-hook-form's
 * Controller; the value is the masked text.
 */
export function PhoneField({ value, onChange, slotProps, ...props }: PhoneFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      type="tel"
      autoComplete="tel-national"
      placeholder="(555) 555-5555"
      slotProps={{
        ...slotProps,
        input: {
          ...(typeof slotProps?.input === 'object' ? slotProps.input : {}),
          // MUI hands the input's props (name, value, onChange, ref) to the masked component.
          inputComponent: MaskedPhoneInput as never,
        },
      }}
    />
  );
}

export type ControlledPhoneFieldProps<T extends FieldValues> = Omit<
  PhoneFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'helperText' | 'inputRef'
> & { control: Control<T>; name: FieldPath<T> };

/** The phone field bound to a react-hook-form field, with its validation message under it. */
export function ControlledPhoneField<T extends FieldValues>({
  control,
  name,
  ...props
}: ControlledPhoneFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PhoneField
          {...props}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
