import { z } from 'zod';
import { MSG } from '../messages';
import { digitsOnly, isExpired, luhnValid, parseExpiry } from '../rules/card';
import { envelope } from './envelope';
import { safeString } from './primitives';

/** spec/portal.md §3 Saved card: id, name, last4, exp_month, exp_year, brand. */
export const savedCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    brand: z.string(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof savedCardSchema>;

/** POST /api/customer/checking_card_exist (auth): the saved cards in retrive_stripe_card.data. */
export const checkingCardExistResponseSchema = envelope({
  retrive_stripe_card: z.object({ data: z.array(savedCardSchema) }),
});

/** POST /api/customer/add_card (auth): a token made in the browser by the card provider. */
export const addCardBodySchema = z.object({
  token: safeString().trim().min(1, 'token is required.').max(255),
});
export const addCardResponseSchema = envelope({ data: savedCardSchema });

const required = safeString().trim().min(1, MSG.cardRequired);

/**
 * The card form (spec/portal.md §3 and §5): the fields the browser tokenises. They never reach
 * our server in Stripe mode; in the sandbox they go to the sandbox tokeniser only.
 */
export const cardFormSchema = z.object({
  card_number: safeString()
    .refine((v) => /^\d{4} \d{4} \d{4} \d{4}$/.test(v.trim()), MSG.cardNumberFormat)
    .refine((v) => luhnValid(v), MSG.cardNumberInvalid),
  card_holder_name: required.max(100),
  exp_date: safeString()
    .refine((v) => parseExpiry(v) !== null, MSG.cardExpiryFormat)
    .refine((v) => {
      const expiry = parseExpiry(v);
      return expiry === null || !isExpired(expiry);
    }, MSG.cardExpiryPast),
  cvv: safeString().regex(/^\d{3,4}$/, MSG.cardCvvFormat),
  address_1: required.max(200),
  address_2: safeString().trim().max(200).optional().default(''),
  city: required.max(100),
  state: required.max(100),
  zip: required.max(12),
});
export type CardForm = z.input<typeof cardFormSchema>;

/**
 * POST /app_api/sandbox/tokens: the offline gateway's tokeniser, standing in for the provider's
 * browser SDK. The same checks as the form, on the server (the browser is not trusted).
 */
export const sandboxTokenBodySchema = cardFormSchema;
export const sandboxTokenResponseSchema = envelope({
  token: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number(),
    exp_year: z.number(),
  }),
});

/** GET /app_api/payment_config: which gateway the browser tokenises against. */
export const paymentConfigResponseSchema = envelope({
  gateway: z.enum(['stripe', 'sandbox']),
  stripe_publishable_key: z.string().nullable(),
});

/** The digits of a typed card number, for the tokeniser. */
export const cardDigits = digitsOnly;
