import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG, isValidEmail, isValidName, maskedPhoneToWire } from '@movehub/shared';
import { ControlledPhoneField } from '../../../ui/phone-field';

/**
 * The contact fields of step 7 in direct-link mode under the create-request payload's names
 * (spec §7); the draft keeps them as customer_first_name, customer_last_name and customer_email.
 */
export interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  /** As typed: '(310) 555-0142'. */
  customer_phone_number: string;
}

/**
 * spec/request-lifecycle.md §5 "Direct-link mode": each field's message, verbatim; the phone is
 * required in the (###) ###-#### form, an incomplete mask included.
 */
export const contactSchema = z.object({
  first_name: z.string().refine((v) => isValidName(v.trim()), MSG.firstNameInvalid),
  last_name: z.string().refine((v) => isValidName(v.trim()), MSG.lastNameInvalid),
  email: z.string().refine(isValidEmail, MSG.profileEmailInvalid),
  customer_phone_number: z.string().refine((v) => maskedPhoneToWire(v) !== null, MSG.phoneInvalid),
});

/** The four contact inputs; rendered inside the step 7 form (a FormProvider). */
export function ContactFields() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ContactValues>();

  const text = (
    name: Exclude<keyof ContactValues, 'customer_phone_number'>,
    label: string,
    autoComplete: string,
    type = 'text',
  ) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        id={`summary-${name}`}
        label={label}
        type={type}
        autoComplete={autoComplete}
        fullWidth
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
      />
    );
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        {text('first_name', 'First Name', 'given-name')}
        {text('last_name', 'Last Name', 'family-name')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        {text('email', 'Email', 'email', 'email')}
        <ControlledPhoneField
          control={control}
          name="customer_phone_number"
          id="summary-customer_phone_number"
          label="Phone"
          fullWidth
        />
      </Stack>
    </Stack>
  );
}
