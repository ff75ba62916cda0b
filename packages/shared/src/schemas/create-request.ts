import { z } from 'zod';
import { CURRENCY, MAX_ADDRESSES, MAX_FLIGHTS, MAX_ITEM_PHOTOS } from '../constants';
import { MSG } from '../messages';
import { isValidName } from '../rules/names';
import { WIRE_PHONE_PATTERN } from '../rules/phone';
import { isValidEmail } from '../rules/validation';
import { ITEM_SIZE_CODES, ItemType, QUANTITY_MAX } from '../rules/wizard-items';
import { MOVERS_OPTIONS } from '../rules/wizard-movers';
import {
  isSlot,
  isWindowOrdered,
  parseMoveDuration,
  parseSpecDate,
  payloadWindow,
  type PayloadWindowFields,
} from '../rules/wizard-time';
import { envelope, intCode } from './envelope';
import {
  dollarsSchema,
  flightsSchema,
  idSchema,
  itemLines,
  quantitySchema,
  safeString,
  safeText,
} from './primitives';
import { coordinate, flag } from './wire-fields';

/*
 * The create-request calls of spec/request-lifecycle.md §7: generate_request (normal mode), the
 * two direct-link paths (company and sale team) and validate_generated_link. The server adds
 * its own checks (served zips, move type and catalogue ids exist, the date is not past in the
 * service's time zone).
 */

const optionalText = (max: number, opts: { multiline?: boolean } = {}) =>
  safeText(max, opts)
    .nullish()
    .transform((v) => v || null);

const dollars = dollarsSchema;

const flightsMessage = `number_of_flights must be a whole number from 0 to ${MAX_FLIGHTS}.`;
const quantityMessage = `quantity must be a whole number from 0 to ${QUANTITY_MAX}.`;
/** The wizard's photo limit (spec §9), also on the edit screens' item lines. */
export const photosMessage = `At most ${MAX_ITEM_PHOTOS} photos per item are allowed.`;
const dateMessage = 's_date must be a date in MM-DD-YYYY form.';
// Ours: the spec names no texts for the time window.
const slotMessage = (field: string) =>
  `${field} must be a time on the half hour from 00:00 to 23:30, as HH:mm.`;
const windowOrderMessage = "The move time's 'To' must be later than its 'From'.";
const windowMissingMessage = "Please choose the move time: both 'From' and 'To'.";

/**
 * A bound of the time window (spec §9: 30-minute slots until 23:30). '' or absent is allowed:
 * s_time may carry the window instead (a premade label).
 */
const windowBound = (field: string) =>
  optionalText(20).refine((v) => v === null || isSlot(v), slotMessage(field));

/**
 * spec §5 step 0, checked again on the server: both bounds of the window are required and 'From'
 * comes before 'To'. The window is the bounds when both are sent, else s_time's (payloadWindow,
 * which the service stores); an 'HH:mm - HH:mm' s_time is shown as the move time (spec §2), so
 * it is held to the same grid and order whichever field carries the window.
 */
function checkWindow(body: PayloadWindowFields, ctx: z.RefinementCtx): void {
  const { start_window_from: from, start_window_to: to } = body;
  if (from && to && !isWindowOrdered({ from, to })) {
    ctx.addIssue({ code: 'custom', message: windowOrderMessage, path: ['start_window_to'] });
  }
  const text = body.s_time ? parseMoveDuration(body.s_time) : null;
  if (text && !(isSlot(text.from) && isSlot(text.to))) {
    ctx.addIssue({ code: 'custom', message: slotMessage('s_time'), path: ['s_time'] });
  } else if (text && !isWindowOrdered(text)) {
    ctx.addIssue({ code: 'custom', message: windowOrderMessage, path: ['s_time'] });
  }
  // A free-text s_time (an older client's '8:00 AM - 9:00 AM') is kept and shown as it is.
  if (!payloadWindow(body) && !body.s_time?.trim()) {
    ctx.addIssue({ code: 'custom', message: windowMissingMessage, path: ['s_time'] });
  }
}

/** One address_array entry (spec §3 Address (server), §7); zip required on each (§5 step 1). */
export const createRequestAddressSchema = z.object({
  street_address: optionalText(300),
  apartment_number: optionalText(100),
  address_detail: optionalText(1000, { multiline: true }),
  is_storage: flag,
  // spec §5: "An address with empty text is allowed."
  complete_address: safeText(500).optional().default(''),
  zip_code: safeString()
    .trim()
    .regex(/^\d{5}$/, MSG.zipForAddress),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  is_stairs: flag,
  is_elevator: flag,
  is_hardwood_floor: flag,
  number_of_flights: flightsSchema(flightsMessage).optional().default(0),
  parking_and_building_info: optionalText(1000, { multiline: true }),
  latitude: coordinate(90, 'latitude must be between -90 and 90.'),
  longitude: coordinate(180, 'longitude must be between -180 and 180.'),
  address_type: intCode([1, 2], "address_type must be '1' (pick-up) or '2' (drop-off)."),
});
export type CreateRequestAddress = z.output<typeof createRequestAddressSchema>;

/**
 * One items_array line (spec §3 Item, §7): regular ('1') and extra ('2') items together. _id is
 * the catalogue id, empty for a custom item; quantities are whole, 0 to 999 (spec §5); photos
 * are the urls upload_s3_file returned, at most 3 (spec §9): the server refuses any other link
 * with 422 (decision 037).
 */
export const createRequestItemSchema = z.object({
  // '' or absent for a custom item; otherwise a catalogue id within the id column's range.
  _id: z
    .union([z.literal(''), z.null(), idSchema('_id must be a catalogue item id.')])
    .optional()
    .transform((v) => (v == null || v === '' ? null : v)),
  category_name: safeText(100).optional().default(''),
  name: safeString().trim().min(1, 'Item name is required.').max(200),
  type: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum([ItemType.regular, ItemType.extra], { error: "type must be '1' or '2'." })),
  size: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(ITEM_SIZE_CODES, { error: "size must be '0' to '4'." }))
    .optional()
    .default('0'),
  unit_price: dollars('unit_price must be a price in dollars.').optional().default(0),
  currency: safeText(10).optional().default(CURRENCY),
  quantity: quantitySchema(quantityMessage),
  additional_info: optionalText(2000, { multiline: true }),
  items_image_array: z
    .array(safeText(2048).min(1))
    .max(MAX_ITEM_PHOTOS, photosMessage)
    .optional()
    .default([]),
  added_by_type: optionalText(10),
});
export type CreateRequestItem = z.output<typeof createRequestItemSchema>;

/** The fields every mode sends (spec §7 "Create-request payload"). */
const commonShape = {
  address_array: z
    .array(createRequestAddressSchema)
    .min(2, 'Pick-up and drop-off addresses are required.')
    .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses are allowed.`),
  starting_lat: coordinate(90, 'starting_lat must be between -90 and 90.'),
  starting_long: coordinate(180, 'starting_long must be between -180 and 180.'),
  schedule_time: optionalText(100),
  move_type: idSchema(MSG.selectMoveSize),
  payment_status: z
    .union([safeText(20), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? null : String(v))),
  final_comment: optionalText(2000, { multiline: true }),
  s_date: safeString()
    .trim()
    .refine((v) => parseSpecDate(v) !== null, dateMessage),
  // The window text: a premade label ('8AM - 12PM Morning') or 'HH:mm - HH:mm'.
  s_time: optionalText(100),
  start_window_from: windowBound('start_window_from'),
  start_window_to: windowBound('start_window_to'),
  movers: intCode(MOVERS_OPTIONS, 'movers must be 2, 3 or 4.'),
  items_array: itemLines(createRequestItemSchema).optional().default([]),
};

/** POST /api/customer/generate_request (token): normal mode; customer price at least 1 (§5). */
export const generateRequestBodySchema = z
  .object({
    request_type: intCode([0], "request_type must be '0'.").optional().default(0),
    customer_budget: dollars('customer_budget must be at least 1.').pipe(
      z.number().min(1, 'customer_budget must be at least 1.'),
    ),
    ...commonShape,
  })
  .superRefine(checkWindow);
export type GenerateRequestBody = z.input<typeof generateRequestBodySchema>;
export type GenerateRequestInput = z.output<typeof generateRequestBodySchema>;

const wirePhone = safeString().trim().regex(WIRE_PHONE_PATTERN, MSG.phoneInvalid);

/**
 * POST /api/company/generate_request_by_customer and /api/sale_team/generate_request_by_customer
 * (no token): direct-link mode, with the contact fields of step 7 and the company's link. The
 * customer price is not asked in this mode. The phone is sent as +1########## under
 * phone_number, customer_phone_number or both.
 */
export const generateDirectRequestBodySchema = z
  .object({
    ...commonShape,
    customer_budget: dollars('customer_budget must be a price in dollars.').nullish(),
    customer_phone_number: wirePhone.nullish(),
    phone_number: wirePhone.nullish(),
    first_name: safeString()
      .trim()
      .max(50, MSG.firstNameInvalid)
      .refine(isValidName, MSG.firstNameInvalid),
    last_name: safeString()
      .trim()
      .max(50, MSG.lastNameInvalid)
      .refine(isValidName, MSG.lastNameInvalid),
    email: safeString()
      .trim()
      .max(254, MSG.profileEmailInvalid)
      .refine(isValidEmail, MSG.profileEmailInvalid),
    direct_access_link: safeString()
      .trim()
      .min(1, MSG.directLinkInvalid)
      .max(200, MSG.directLinkInvalid),
  })
  .refine((b) => Boolean(b.phone_number || b.customer_phone_number), {
    message: MSG.phoneInvalid,
    path: ['phone_number'],
  })
  .superRefine(checkWindow);
export type GenerateDirectRequestBody = z.input<typeof generateDirectRequestBodySchema>;
export type GenerateDirectRequestInput = z.output<typeof generateDirectRequestBodySchema>;

/**
 * The created request (spec §3 "Created request response": phone, Request_ID.public_access_link);
 * the congratulations step of direct-link mode opens /view-request/{public_access_link}.
 */
export const generateRequestResponseSchema = envelope({
  data: z
    .object({
      Request_ID: z.object({ id: z.number().int(), public_access_link: z.string() }),
      phone: z.string().nullable(),
    })
    .meta({ id: 'CreatedRequest' }),
});
export type GenerateRequestResponse = z.infer<typeof generateRequestResponseSchema>;

/** POST /api/company/validate_generated_link (no token). */
export const validateGeneratedLinkBodySchema = z.object({
  generated_link: safeString().trim().min(1, MSG.directLinkInvalid).max(200, MSG.directLinkInvalid),
});

/**
 * The profile behind a direct link: the company (user_type 2) or a member of its sales team
 * (user_type 4, whose requests go through the sale_team path). name and thumbnail are the page
 * title and logo (spec §6).
 */
export const directLinkProfileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    thumbnail: z.string().nullable(),
    profile_picture: z.string().nullable(),
    user_type: z.number().int(),
  })
  .meta({ id: 'DirectLinkProfile' });
export type DirectLinkProfile = z.infer<typeof directLinkProfileSchema>;

export const validateGeneratedLinkResponseSchema = envelope({
  data: z.literal(true),
  profile: directLinkProfileSchema,
});
