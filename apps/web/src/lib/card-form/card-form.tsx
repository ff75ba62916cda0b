import { lazy, Suspense, useId, useRef, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import {
  CARD_EXPIRY_MASK,
  CARD_NUMBER_MASK,
  cardFormSchema,
  type CardForm as CardFormValues,
  type SavedCard,
} from '@movehub/shared';
import { errorMessage } from '../api-client';
import { PageLoader } from '../../ui/page-loader';
import { formatExpiry } from './card-brand';
import {
  CardTokenError,
  createSandboxToken,
  paymentConfigQueryOptions,
  type CardFormOutput,
} from './cards-api';
import { MaskedTextField } from './masked-text-field';
import type { StripeCardFieldsHandle } from './stripe-card-fields';
import { LoadError } from '../../ui/load-error';
import { useAddCard } from './use-card-mutations';

// Stripe's code is fetched only when the server runs the Stripe gateway.
const StripeCardFields = lazy(async () => ({
  default: (await import('./stripe-card-fields')).StripeCardFields,
}));

/** CVV is up to 4 digits (spec/portal.md §5); the schema asks for 3 or 4. */
const CVV_MASK = '0000';

/**
 * In Stripe mode the number, expiry and CVC live in Stripe's Elements, which check them; our
 * schema then only checks the holder and the address, and those three stay empty strings.
 */
const stripeModeSchema = cardFormSchema.extend({
  card_number: z.string(),
  exp_date: z.string(),
  cvv: z.string(),
});

const EMPTY: CardFormValues = {
  card_number: '',
  card_holder_name: '',
  exp_date: '',
  cvv: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
};

/** The fields in the order they appear on screen (and are focused when invalid). */
const FIELD_ORDER = [
  'card_number',
  'exp_date',
  'cvv',
  'card_holder_name',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
] as const satisfies readonly (keyof CardFormValues)[];

type TextFieldName = Exclude<keyof CardFormValues, 'card_number' | 'exp_date' | 'cvv'>;

const ADDRESS_FIELDS: { name: TextFieldName; label: string; autoComplete: string }[] = [
  { name: 'address_1', label: 'Address 1', autoComplete: 'billing address-line1' },
  { name: 'address_2', label: 'Address 2 (optional)', autoComplete: 'billing address-line2' },
];
const PLACE_FIELDS: { name: TextFieldName; label: string; autoComplete: string }[] = [
  { name: 'city', label: 'City', autoComplete: 'billing address-level2' },
  { name: 'state', label: 'State', autoComplete: 'billing address-level1' },
  { name: 'zip', label: 'Zip', autoComplete: 'billing postal-code' },
];

export interface CardFormProps {
  /**
   * A card that is already verified: the form shows it locked, with only its last digits. The
   * form also locks itself after its own successful add; render it with a new `key` to start
   * over with an empty form (after a delete).
   */
  savedCard?: SavedCard | null;
  /** Called with the card the server saved (the card list query is refetched as well). */
  onSaved?: (card: SavedCard) => void;
  /** The form's heading; null leaves the heading to the screen. */
  title?: string | null;
  /** Moves focus into the card number (the form replacing a deleted card). */
  autoFocus?: boolean;
}

/**
 * The card form of spec/portal.md §2-§5, used by My Cards, the wizard's step 6 and the payment
 * screens: the card is tokenised in the browser (Stripe Elements, or the sandbox tokeniser when
 * the server runs offline), the token goes to add_card, and on success the form locks and shows
 * Verified.
 */
export function CardForm(props: CardFormProps) {
  const config = useQuery(paymentConfigQueryOptions());

  if (config.isPending) return <PageLoader label="Loading the card form" />;
  if (config.isError) {
    return <LoadError message={config.error.message} onRetry={config.refetch} />;
  }
  const { gateway, stripe_publishable_key: key } = config.data;
  if (gateway === 'stripe' && !key) {
    return <Alert severity="error">Card payments are not configured on this server.</Alert>;
  }
  return <CardFormBody {...props} stripeKey={gateway === 'stripe' ? key : null} />;
}

function CardFormBody({
  savedCard = null,
  onSaved,
  title = 'Add Card',
  autoFocus = false,
  stripeKey,
}: CardFormProps & { stripeKey: string | null }) {
  const id = useId();
  const stripeFields = useRef<StripeCardFieldsHandle>(null);
  const submitting = useRef(false);

  const {
    control,
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<CardFormValues, unknown, CardFormOutput>({
    resolver: zodResolver(stripeKey ? stripeModeSchema : cardFormSchema),
    defaultValues: { ...EMPTY, card_holder_name: savedCard?.name ?? '' },
    // react-hook-form focuses fields in registration order, and the masked fields register
    // after the plain ones: the first invalid field on screen is focused below instead.
    shouldFocusError: false,
  });

  const save = useAddCard((card) =>
    stripeKey ? tokeniseWithStripe(stripeFields.current, card) : createSandboxToken(card),
  );

  const verifiedCard = savedCard ?? save.data?.data ?? null;
  const locked = verifiedCard !== null;
  const busy = save.isPending;
  // spec/portal.md §8: an add_card failure shows the server message in a banner.
  const banner =
    save.isError && !(save.error instanceof CardTokenError) ? errorMessage(save.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The Elements are checked alongside the schema so that every message shows at once.
    const elementsValid = stripeKey ? (stripeFields.current?.validate() ?? false) : true;
    void handleSubmit(
      async (values) => {
        if (!elementsValid) {
          stripeFields.current?.focusFirstInvalid();
          return;
        }
        if (submitting.current || locked) return;
        submitting.current = true;
        try {
          const response = await save.mutateAsync(values);
          // The number and the CVV are not kept once the card is verified; the locked form shows
          // only the last digits the server returned.
          setValue('card_number', '');
          setValue('cvv', '');
          onSaved?.(response.data);
        } catch {
          // Shown by the banner or the notice.
        } finally {
          submitting.current = false;
        }
      },
      (invalid) => {
        if (!elementsValid) {
          stripeFields.current?.focusFirstInvalid();
          return;
        }
        const first = FIELD_ORDER.find((name) => invalid[name]);
        if (first) setFocus(first);
      },
    )(event);
  };

  const titleId = `${id}-title`;
  const fieldId = (name: string) => `${id}-${name}`;

  const textField = (name: TextFieldName, label: string, autoComplete: string) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        key={name}
        inputRef={ref}
        id={fieldId(name)}
        label={label}
        autoComplete={autoComplete}
        fullWidth
        disabled={locked}
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
      />
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : 'Card'}
      aria-busy={busy}
    >
      <Stack spacing={2.5}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          {title && (
            <Typography id={titleId} variant="h5" component="h2">
              {title}
            </Typography>
          )}
          {/* A live region that exists before it fills, so the verification is announced. */}
          <Box role="status">
            {locked && (
              <Chip icon={<VerifiedIcon />} label="Verified" color="success" variant="outlined" />
            )}
          </Box>
        </Stack>

        {banner && <Alert severity="error">{banner}</Alert>}

        {locked ? (
          <LockedCardFields card={verifiedCard} fieldId={fieldId} />
        ) : stripeKey ? (
          <Suspense fallback={<PageLoader label="Loading the secure card fields" />}>
            <StripeCardFields ref={stripeFields} publishableKey={stripeKey} autoFocus={autoFocus} />
          </Suspense>
        ) : (
          <>
            <Controller
              name="card_number"
              control={control}
              render={({ field, fieldState }) => (
                <MaskedTextField
                  mask={CARD_NUMBER_MASK}
                  id={fieldId('card_number')}
                  label="Card number"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoFocus={autoFocus}
                  autoComplete="cc-number"
                  placeholder="#### #### #### ####"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
              <Controller
                name="exp_date"
                control={control}
                render={({ field, fieldState }) => (
                  <MaskedTextField
                    mask={CARD_EXPIRY_MASK}
                    id={fieldId('exp_date')}
                    label="Expiry (MM/YY)"
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                name="cvv"
                control={control}
                render={({ field, fieldState }) => (
                  <MaskedTextField
                    mask={CVV_MASK}
                    id={fieldId('cvv')}
                    label="CVV"
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoComplete="cc-csc"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
          </>
        )}

        {textField('card_holder_name', 'Card holder name', 'cc-name')}
        {ADDRESS_FIELDS.map(({ name, label, autoComplete }) =>
          textField(name, label, autoComplete),
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          {PLACE_FIELDS.map(({ name, label, autoComplete }) =>
            textField(name, label, autoComplete),
          )}
        </Stack>

        {!locked && (
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            startIcon={
              busy ? <CircularProgress aria-hidden size={20} color="inherit" /> : undefined
            }
          >
            {busy ? 'Verifying card…' : 'Add Card'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The verified card in the form's place: the fields keep their names but are disabled, and show
 * only what the server returned (last digits and expiry), never what was typed.
 */
function LockedCardFields({
  card,
  fieldId,
}: {
  card: SavedCard;
  fieldId: (name: string) => string;
}) {
  const locked = (name: string, label: string, value: string) => (
    <TextField id={fieldId(name)} name={name} label={label} value={value} disabled fullWidth />
  );
  return (
    <>
      {locked('card_number', 'Card number', `•••• •••• •••• ${card.last4}`)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        {locked('exp_date', 'Expiry (MM/YY)', formatExpiry(card))}
        {locked('cvv', 'CVV', '•••')}
      </Stack>
    </>
  );
}

async function tokeniseWithStripe(
  fields: StripeCardFieldsHandle | null,
  card: CardFormOutput,
): Promise<string> {
  if (!fields) throw new CardTokenError('The secure card fields are not ready yet.');
  return fields.createToken({
    name: card.card_holder_name,
    address_line1: card.address_1,
    address_line2: card.address_2 || undefined,
    address_city: card.city,
    address_state: card.state,
    address_zip: card.zip,
  });
}
