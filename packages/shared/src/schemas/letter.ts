import { z } from 'zod';
import { envelope } from './envelope';
import { dollarsSchema, idSchema, safeString } from './primitives';
import { requestListEntrySchema } from './requests';

/*
 * The confirmation letter of a direct request (spec/request-lifecycle.md §2 "Confirmation letter
 * signing", §3 "Confirmation letter: HTML text plus get_request id; the signature is a PNG data
 * URL", §7 get_confirmation_letter and attach_signature_make_confirmation_letter_pdf) and the
 * partner API's send_confirmation_letter, which sets the direct request's rates.
 */

const requestId = idSchema('request_id must be a request id.');

/** spec §3: rate_method 'Hourly' or 'Flat'. */
export const RATE_METHODS = ['Hourly', 'Flat'] as const;
export type RateMethod = (typeof RATE_METHODS)[number];

/** spec §1: "a cash or card payment method". */
export const PAYMENT_METHODS = ['Cash', 'Card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The most minimum hours a letter may ask for. */
export const MAX_MINIMUM_HOURS = 24;

/**
 * A public access link (the public flow, /sign-confirmation-letter/{public_access_link}): whoever
 * holds the link may read and sign the letter of its request (decision 016).
 */
const publicAccessLink = safeString()
  .trim()
  .min(1, 'public_access_link must be a request link.')
  .max(200, 'public_access_link must be a request link.');

const rate = (field: string) => dollarsSchema(`${field} must be an amount in dollars.`);

/** POST /api/company/send_confirmation_letter: the direct request's rates; its letter goes out. */
export const sendConfirmationLetterBodySchema = z
  .object({
    request_id: requestId,
    rate_method: z.enum(RATE_METHODS, { error: "rate_method must be 'Hourly' or 'Flat'." }),
    payment_method: z
      .enum(PAYMENT_METHODS, { error: "payment_method must be 'Cash' or 'Card'." })
      .optional(),
    cash_payment_rate: rate('cash_payment_rate').optional(),
    card_payment_rate: rate('card_payment_rate').optional(),
    minimum_hours: z
      .union(
        [
          z.number(),
          safeString()
            .trim()
            .regex(/^\d+(\.\d)?$/),
        ],
        {
          error: `minimum_hours must be a number of hours up to ${MAX_MINIMUM_HOURS}.`,
        },
      )
      .transform(Number)
      .pipe(
        z
          .number()
          .min(0.5, `minimum_hours must be a number of hours up to ${MAX_MINIMUM_HOURS}.`)
          .max(
            MAX_MINIMUM_HOURS,
            `minimum_hours must be a number of hours up to ${MAX_MINIMUM_HOURS}.`,
          ),
      )
      .optional(),
    cash_min_flat_rate: rate('cash_min_flat_rate').optional(),
    cash_max_flat_rate: rate('cash_max_flat_rate').optional(),
    card_min_flat_rate: rate('card_min_flat_rate').optional(),
    card_max_flat_rate: rate('card_max_flat_rate').optional(),
  })
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body) => {
      if (body[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required with rate_method ${body.rate_method}.`,
        });
      }
    };
    if (body.rate_method === 'Hourly') {
      need('cash_payment_rate');
      need('card_payment_rate');
      need('minimum_hours');
      return;
    }
    need('cash_min_flat_rate');
    need('cash_max_flat_rate');
    need('card_min_flat_rate');
    need('card_max_flat_rate');
    for (const kind of ['cash', 'card'] as const) {
      const min = body[`${kind}_min_flat_rate`];
      const max = body[`${kind}_max_flat_rate`];
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({
          code: 'custom',
          path: [`${kind}_max_flat_rate`],
          message: `${kind}_max_flat_rate must not be below ${kind}_min_flat_rate.`,
        });
      }
    }
  });
export type SendConfirmationLetterBody = z.input<typeof sendConfirmationLetterBodySchema>;

export const sentConfirmationLetterSchema = z
  .object({
    request_id: z.number().int(),
    request_timeline_status: z.number().int(),
    additional_status: z.number().int(),
  })
  .meta({ id: 'SentConfirmationLetter' });
export const sendConfirmationLetterResponseSchema = envelope({
  data: sentConfirmationLetterSchema,
});
export type SendConfirmationLetterResponse = z.infer<typeof sendConfirmationLetterResponseSchema>;

/**
 * POST /api/company/get_confirmation_letter: the request's customer (their token), or whoever
 * holds its public access link (decision 016).
 */
export const getConfirmationLetterBodySchema = z
  .object({
    // spec §7 sends request_id; the public page knows only the link, which names the request too.
    request_id: requestId.optional(),
    public_access_link: publicAccessLink.optional(),
  })
  .refine((body) => body.request_id !== undefined || body.public_access_link !== undefined, {
    message: 'request_id must be a request id.',
    path: ['request_id'],
  });
export type GetConfirmationLetterBody = z.input<typeof getConfirmationLetterBodySchema>;

/** spec §3 "Confirmation letter: HTML text plus get_request id". */
export const getConfirmationLetterResponseSchema = envelope({
  /** The filled letter, sanitised on the server (the browser sanitises it once more). */
  confirmation_letter: z.string(),
  get_request: requestListEntrySchema.shape.request.extend({
    additional_status: z.number().int(),
    confirmation_letter_pdf: z.string().nullable(),
  }),
});
export type GetConfirmationLetterResponse = z.infer<typeof getConfirmationLetterResponseSchema>;

/** A signature's PNG data URL may be at most this long (about 375 KB of image). */
export const MAX_SIGNATURE_DATA_URL_LENGTH = 500_000;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
export const signatureInvalidMessage = 'signature_path must be a PNG image as a data URL.';

/** POST /api/company/attach_signature_make_confirmation_letter_pdf. */
export const attachSignatureBodySchema = z.object({
  request_id: requestId,
  // Cheap checks first (length, prefix, base64 alphabet); the server checks the PNG bytes.
  signature_path: z
    .string({ error: signatureInvalidMessage })
    .max(MAX_SIGNATURE_DATA_URL_LENGTH, 'The signature is too large.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, signatureInvalidMessage),
  public_access_link: publicAccessLink.optional(),
});
export type AttachSignatureBody = z.input<typeof attachSignatureBodySchema>;

export const attachSignatureResponseSchema = envelope({
  data: z.object({
    request_id: z.number().int(),
    additional_status: z.number().int(),
    confirmation_letter_pdf: z.string(),
  }),
});
export type AttachSignatureResponse = z.infer<typeof attachSignatureResponseSchema>;
