import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  PAYMENT_METHODS,
  RATE_METHODS,
  sendConfirmationLetterBodySchema,
  type SendConfirmationLetterBody,
} from '@movehub/shared';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { useSendConfirmationLetter } from './use-job-mutations';

/** The form's fields: the wire's names, every value as typed. */
const RATE_FIELDS = {
  Hourly: [
    ['cash_payment_rate', 'Cash rate per hour (USD)'],
    ['card_payment_rate', 'Card rate per hour (USD)'],
    ['minimum_hours', 'Minimum hours'],
  ],
  Flat: [
    ['cash_min_flat_rate', 'Cash flat rate from (USD)'],
    ['cash_max_flat_rate', 'Cash flat rate up to (USD)'],
    ['card_min_flat_rate', 'Card flat rate from (USD)'],
    ['card_max_flat_rate', 'Card flat rate up to (USD)'],
  ],
} as const;
type RateField = (typeof RATE_FIELDS)[keyof typeof RATE_FIELDS][number][0];
type LetterForm = { rate_method: (typeof RATE_METHODS)[number]; payment_method: string } & Record<
  RateField,
  string
>;

/** What the form sends: the chosen method's rates only, blanks left out (they are optional). */
function toBody(requestId: number, values: LetterForm): SendConfirmationLetterBody {
  const body: Record<string, unknown> = { request_id: requestId, rate_method: values.rate_method };
  if (values.payment_method) body.payment_method = values.payment_method;
  for (const [field] of RATE_FIELDS[values.rate_method]) {
    if (values[field].trim()) body[field] = values[field].trim();
  }
  return body as SendConfirmationLetterBody;
}

const EMPTY: LetterForm = {
  rate_method: 'Hourly',
  payment_method: '',
  cash_payment_rate: '',
  card_payment_rate: '',
  minimum_hours: '',
  cash_min_flat_rate: '',
  cash_max_flat_rate: '',
  card_min_flat_rate: '',
  card_max_flat_rate: '',
};

/**
 * Send the confirmation letter of a direct request (decision 016): its rates, hourly or flat, as
 * send_confirmation_letter takes them, validated by that call's own schema (each missing rate is
 * named at its field). The customer is asked to sign; the job moves to Paid, awaiting signature.
 */
export function LetterDialog({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const send = useDialogMutation(useSendConfirmationLetter(), { onDone: onClose });
  const schema = useMemo(
    () =>
      z.preprocess(
        (values: LetterForm) => toBody(requestId, values),
        sendConfirmationLetterBodySchema,
      ),
    [requestId],
  );
  const {
    control,
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LetterForm, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const method = useWatch({ control, name: 'rate_method' });

  const fieldError = (field: string) =>
    (errors as Record<string, { message?: string } | undefined>)[field]?.message;
  const titleId = `letter-title-${requestId}`;
  const { ref: paymentRef, ...paymentField } = register('payment_method');

  return (
    <FormDialog
      onClose={onClose}
      title="Send confirmation letter"
      titleId={titleId}
      failure={send.failure}
      pending={send.pending}
      submitLabel="Send letter"
      // The wire takes the schema's input (the rates as typed); its output is the server's parse.
      onSubmit={handleSubmit(() => send.submit(toBody(requestId, getValues())))}
      maxWidth="sm"
    >
      <Controller
        control={control}
        name="rate_method"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={`${titleId}-rate`}>Rate method</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-rate`}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
            >
              {RATE_METHODS.map((m) => (
                <FormControlLabel key={m} value={m} control={<Radio />} label={m} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <TextField
        {...paymentField}
        inputRef={paymentRef}
        id={`${titleId}-payment`}
        select
        label="Payment method"
        defaultValue=""
        fullWidth
        error={Boolean(errors.payment_method)}
        helperText={errors.payment_method?.message ?? 'Optional: how the customer pays you.'}
      >
        <MenuItem value="">Not set</MenuItem>
        {PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {m}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {RATE_FIELDS[method].map(([field, label]) => (
          <TextField
            key={field}
            {...register(field)}
            id={`${titleId}-${field}`}
            label={label}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={Boolean(fieldError(field))}
            helperText={fieldError(field)}
          />
        ))}
      </Box>
    </FormDialog>
  );
}
