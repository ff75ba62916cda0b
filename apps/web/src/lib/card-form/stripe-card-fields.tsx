import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
// The /pure entry loads Stripe.js only when loadStripe is called: the sandbox (the default,
// offline) never reaches out to js.stripe.com, and this module is itself loaded lazily.
import { loadStripe } from '@stripe/stripe-js/pure';
import type {
  CreateTokenCardData,
  Stripe,
  StripeCardCvcElement,
  StripeCardExpiryElement,
  StripeCardNumberElement,
  StripeElementChangeEvent,
  StripeElementStyle,
} from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { MSG } from '@movehub/shared';
import { PageLoader } from '../../ui/page-loader';
import { CardTokenError } from './cards-api';

/** The three fields the provider's Elements take over from our own inputs, by their spec names. */
type CardField = 'card_number' | 'exp_date' | 'cvv';

const FIELDS: { field: CardField; label: string; format: string }[] = [
  { field: 'card_number', label: 'Card number', format: MSG.cardNumberFormat },
  { field: 'exp_date', label: 'Expiry (MM/YY)', format: MSG.cardExpiryFormat },
  { field: 'cvv', label: 'CVV', format: MSG.cardCvvFormat },
];

export interface StripeCardFieldsHandle {
  /** Checks that the three Elements are filled in, showing the messages next to them. */
  validate(): boolean;
  /** Moves focus to the first Element that is not filled in correctly. */
  focusFirstInvalid(): void;
  /**
   * stripe.createToken with the card number Element (Stripe reads the expiry and CVC Elements of
   * the same group) and the holder and address; throws a CardTokenError with Stripe's message.
   */
  createToken(details: CreateTokenCardData): Promise<string>;
}

interface Mounted {
  stripe: Stripe;
  card_number: StripeCardNumberElement;
  exp_date: StripeCardExpiryElement;
  cvv: StripeCardCvcElement;
}

interface FieldState {
  empty: boolean;
  complete: boolean;
  error?: string;
}

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per publishable key for the page's lifetime, as Stripe recommends. */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load (offline) may be retried by the next form.
    stripe.catch(() => stripes.delete(publishableKey));
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardFieldsProps {
  publishableKey: string;
  autoFocus?: boolean;
  ref?: Ref<StripeCardFieldsHandle>;
}

/**
 * Stripe mode of the card form: the card number, expiry and CVC are Stripe Elements (iframes
 * served by Stripe), so the raw card number never passes through our inputs, our code or our
 * server; only the token Stripe makes from them does.
 */
export function StripeCardFields({
  publishableKey,
  autoFocus = false,
  ref,
}: StripeCardFieldsProps) {
  const id = useId();
  const theme = useTheme();
  const containers = useRef<Record<CardField, HTMLDivElement | null>>({
    card_number: null,
    exp_date: null,
    cvv: null,
  });
  const mounted = useRef<Mounted | null>(null);
  const states = useRef<Record<CardField, FieldState>>({
    card_number: { empty: true, complete: false },
    exp_date: { empty: true, complete: false },
    cvv: { empty: true, complete: false },
  });
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [messages, setMessages] = useState<Partial<Record<CardField, string>>>({});

  // Elements are styled from inside their iframe: hand them the theme's font and colours.
  const textColor = theme.palette.text.primary;
  const errorColor = theme.palette.error.main;
  const fontFamily = theme.typography.fontFamily;

  useEffect(() => {
    let cancelled = false;
    const style: StripeElementStyle = {
      base: {
        color: textColor,
        fontFamily,
        fontSize: '16px',
        '::placeholder': { color: 'rgba(0, 0, 0, 0.6)' },
      },
      invalid: { color: errorColor },
    };

    const track = (field: CardField) => (event: StripeElementChangeEvent) => {
      states.current[field] = {
        empty: event.empty,
        complete: event.complete,
        error: event.error?.message,
      };
      setMessages((current) => ({ ...current, [field]: event.error?.message }));
    };

    getStripe(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        const targets = containers.current;
        if (!stripe || !targets.card_number || !targets.exp_date || !targets.cvv) {
          setStatus('failed');
          return;
        }
        const elements = stripe.elements();
        const number = elements.create('cardNumber', { style, showIcon: true });
        const expiry = elements.create('cardExpiry', { style });
        const cvc = elements.create('cardCvc', { style });
        number.mount(targets.card_number);
        expiry.mount(targets.exp_date);
        cvc.mount(targets.cvv);
        number.on('change', track('card_number'));
        expiry.on('change', track('exp_date'));
        cvc.on('change', track('cvv'));
        if (autoFocus) number.on('ready', () => number.focus());
        mounted.current = { stripe, card_number: number, exp_date: expiry, cvv: cvc };
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });

    return () => {
      cancelled = true;
      const current = mounted.current;
      mounted.current = null;
      if (current) {
        current.card_number.destroy();
        current.exp_date.destroy();
        current.cvv.destroy();
      }
    };
  }, [publishableKey, autoFocus, textColor, errorColor, fontFamily]);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const next: Partial<Record<CardField, string>> = {};
        for (const { field, format } of FIELDS) {
          const state = states.current[field];
          if (state.empty) next[field] = MSG.cardRequired;
          else if (!state.complete) next[field] = state.error ?? format;
        }
        setMessages(next);
        return mounted.current !== null && Object.keys(next).length === 0;
      },
      focusFirstInvalid() {
        const current = mounted.current;
        const first = FIELDS.find(({ field }) => !states.current[field].complete);
        if (current && first) current[first.field].focus();
      },
      async createToken(details) {
        const current = mounted.current;
        if (!current) throw new CardTokenError(MSG.cardProcessingError);
        let result: Awaited<ReturnType<Stripe['createToken']>>;
        try {
          result = await current.stripe.createToken(current.card_number, details);
        } catch {
          throw new CardTokenError(MSG.cardProcessingError);
        }
        if (result.error) throw new CardTokenError(result.error.message ?? MSG.cardProcessingError);
        return result.token.id;
      },
    }),
    [],
  );

  return (
    <Stack spacing={2.5}>
      {status === 'loading' && <PageLoader label="Loading the secure card fields" />}
      {status === 'failed' && (
        <Alert severity="error">
          The secure card fields could not be loaded. Check your connection and reload the page.
        </Alert>
      )}
      <Box
        sx={{
          display: status === 'ready' ? 'grid' : 'none',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' },
        }}
      >
        {FIELDS.map(({ field, label }) => {
          const message = messages[field];
          const labelId = `${id}-${field}-label`;
          const helperId = `${id}-${field}-helper`;
          return (
            <Box
              key={field}
              role="group"
              aria-labelledby={labelId}
              aria-describedby={message ? helperId : undefined}
            >
              <Typography
                id={labelId}
                component="span"
                variant="body2"
                sx={{ display: 'block', mb: 0.5, color: message ? 'error.main' : 'text.secondary' }}
              >
                {label}
              </Typography>
              <Box
                // Stripe mounts its iframe here and toggles StripeElement--focus / --invalid on it.
                ref={(element: HTMLDivElement | null) => {
                  containers.current[field] = element;
                }}
                data-field={field}
                sx={{
                  px: 1.75,
                  py: 2,
                  border: 1,
                  borderColor: message ? 'error.main' : 'rgba(0, 0, 0, 0.42)',
                  borderRadius: 1,
                  '&.StripeElement--focus': {
                    borderColor: 'primary.main',
                    boxShadow: `0 0 0 1px ${theme.palette.primary.main}, 0 0 0 4px ${alpha(theme.palette.primary.main, 0.2)}`,
                  },
                }}
              />
              {message && (
                <FormHelperText id={helperId} error sx={{ mx: 1.75 }}>
                  {message}
                </FormHelperText>
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
