import { z } from 'zod';
import { MAX_ADDRESSES, MAX_MONEY_DOLLARS } from '../constants';
import { CHANGE_STATUSES, CHANGE_TYPES, EDIT_CHANGE_TYPES } from '../rules/changes';
import { MOVERS_OPTIONS } from '../rules/wizard-movers';
import { isSlot, isWindowOrdered, parseSpecDate, payloadWindow } from '../rules/wizard-time';
import { envelope, intCode } from './envelope';
import { idSchema, itemLines, safeString, safeText } from './primitives';
import {
  editExtraItemLineSchema,
  editItemLineSchema,
  requestAddressFieldsSchema,
} from './request-edits';

/*
 * Change proposals and change confirmations (spec/request-lifecycle.md §2 "Change confirmation",
 * §3 the *_change fields, §4 "Change confirmations", §7 the change_*_confirmation calls, §9
 * "Payment-required threshold for change confirmations: status 3").
 *
 * The company of a request proposes a change of one of four kinds with its price (the difference
 * it makes to the final amount, in dollars, negative for a saving); the request keeps its values
 * and shows the proposed ones beside them until the customer accepts ('1') or rejects ('0').
 * The address and item lines are the edit screens' own schemas (request-edits.ts), so a proposed
 * line obeys the wizard's rules (3 photos, quantities, names).
 */

const requestId = idSchema('request_id must be a request id.');
const addressId = idSchema('address_id must be an address id.');

const priceMessage = 'price must be an amount in dollars (negative for a saving).';

/**
 * A change's price: dollars with at most 2 decimals, negative when the change saves the customer
 * money, within the money columns' range. Sent as a number or a numeric string.
 */
export const signedDollarsSchema = (message: string) =>
  z
    .union(
      [
        z.number(),
        safeString()
          .trim()
          .regex(/^-?\d+(\.\d{1,2})?$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(
      z.number({ error: message }).min(-MAX_MONEY_DOLLARS, message).max(MAX_MONEY_DOLLARS, message),
    );

const price = signedDollarsSchema(priceMessage);
/** A per-address price (spec §3: "price (on new, edited and deleted address entries)"). */
const entryPrice = signedDollarsSchema(priceMessage).optional();

const dateMessage = 's_date must be a date in MM-DD-YYYY form.';
const slotMessage = (field: string) =>
  `${field} must be a time on the half hour from 00:00 to 23:30, as HH:mm.`;
const windowOrderMessage = "The move time's 'To' must be later than its 'From'.";
const nothingMessage = 'Please propose at least one change.';

const optionalSlot = (field: string) =>
  safeText(20)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isSlot(v), slotMessage(field));

/** type request: a new date, time window and/or crew, with the price of the change. */
const requestChangeSchema = z
  .object({
    request_id: requestId,
    type: z.literal('request'),
    s_date: safeString()
      .trim()
      .refine((v) => parseSpecDate(v) !== null, dateMessage)
      .nullish()
      .transform((v) => v || null),
    s_time: safeText(100)
      .nullish()
      .transform((v) => v?.trim() || null),
    start_window_from: optionalSlot('start_window_from'),
    start_window_to: optionalSlot('start_window_to'),
    movers: intCode(MOVERS_OPTIONS, 'movers must be 2, 3 or 4.')
      .nullish()
      .transform((v) => v ?? null),
    price,
  })
  .superRefine((body, ctx) => {
    const { start_window_from: from, start_window_to: to } = body;
    if (Boolean(from) !== Boolean(to)) {
      ctx.addIssue({
        code: 'custom',
        message: "Please choose the move time: both 'From' and 'To'.",
        path: [from ? 'start_window_to' : 'start_window_from'],
      });
      return;
    }
    // The window is the bounds when both are sent, else s_time's ('HH:mm - HH:mm' or a premade
    // label), as at creation; a free text that names no window is refused.
    const window = payloadWindow(body);
    if (body.s_time && !window) {
      ctx.addIssue({ code: 'custom', message: slotMessage('s_time'), path: ['s_time'] });
    } else if (window && !(isSlot(window.from) && isSlot(window.to))) {
      ctx.addIssue({ code: 'custom', message: slotMessage('s_time'), path: ['s_time'] });
    } else if (window && !isWindowOrdered(window)) {
      ctx.addIssue({ code: 'custom', message: windowOrderMessage, path: ['start_window_to'] });
    }
    if (!body.s_date && !body.s_time && !from && body.movers === null && body.price === 0) {
      ctx.addIssue({ code: 'custom', message: nothingMessage, path: ['type'] });
    }
  });

const newAddressEntry = requestAddressFieldsSchema.extend({ price: entryPrice });
const editAddressEntry = requestAddressFieldsSchema.extend({
  address_id: addressId,
  price: entryPrice,
});
const deleteAddressEntry = z.object({ address_id: addressId, price: entryPrice });

const addressList = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry)
    .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses are allowed.`)
    .optional()
    .default([]);

/**
 * type address: addresses to add, edit (by address_id, fields replaced) and delete. The entries'
 * prices, when given, add up to the change's price.
 */
const addressChangeSchema = z
  .object({
    request_id: requestId,
    type: z.literal('address'),
    new_address_array: addressList(newAddressEntry),
    edit_address_array: addressList(editAddressEntry),
    delete_address_array: addressList(deleteAddressEntry),
    price,
  })
  .superRefine((body, ctx) => {
    const entries = [
      ...body.new_address_array,
      ...body.edit_address_array,
      ...body.delete_address_array,
    ];
    if (entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: nothingMessage, path: ['new_address_array'] });
      return;
    }
    const ids = [...body.edit_address_array, ...body.delete_address_array].map((e) => e.address_id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({
        code: 'custom',
        message: 'An address may be edited or deleted once in a change.',
        path: ['edit_address_array'],
      });
    }
    const priced = entries.filter((e) => e.price !== undefined);
    const sumCents = priced.reduce((sum, e) => sum + Math.round((e.price ?? 0) * 100), 0);
    if (priced.length > 0 && sumCents !== Math.round(body.price * 100)) {
      ctx.addIssue({
        code: 'custom',
        message: "The addresses' prices must add up to the change's price.",
        path: ['price'],
      });
    }
  });

/** type items: the request's regular items as they would be (lines with a quantity above 0). */
const itemsChangeSchema = z.object({
  request_id: requestId,
  type: z.literal('items'),
  items_array: itemLines(editItemLineSchema).transform((lines) =>
    lines.filter((line) => line.quantity > 0),
  ),
  price,
});

/** type extra-items: every extra item, unticked ones with quantity 0 (kept: those above 0). */
const extraItemsChangeSchema = z.object({
  request_id: requestId,
  type: z.literal('extra-items'),
  items_array: itemLines(editExtraItemLineSchema).transform((lines) =>
    lines.filter((line) => line.quantity > 0),
  ),
  price,
});

/** POST /api/company/propose_change. */
export const proposeChangeBodySchema = z.discriminatedUnion(
  'type',
  [requestChangeSchema, addressChangeSchema, itemsChangeSchema, extraItemsChangeSchema],
  { error: "type must be 'request', 'address', 'items' or 'extra-items'." },
);
export type ProposeChangeBody = z.input<typeof proposeChangeBodySchema>;
export type ProposeChangeInput = z.output<typeof proposeChangeBodySchema>;
export type RequestChangeInput = z.output<typeof requestChangeSchema>;
export type AddressChangeInput = z.output<typeof addressChangeSchema>;

/**
 * POST /api/company/price_change (ours, partner API): the request's company prices the change its
 * customer asked for (an edit of a paid direct request); it then waits for the customer's answer.
 * change_id is the one changes_awaiting_price listed: a further edit by the customer replaces the
 * change with a new id, so a price is never given to edits the company has not read.
 */
export const priceChangeBodySchema = z.object({
  request_id: requestId,
  type: z.enum(EDIT_CHANGE_TYPES, { error: "type must be 'address', 'items' or 'extra-items'." }),
  change_id: idSchema('change_id must be the id changes_awaiting_price listed.'),
  price,
});
export type PriceChangeBody = z.input<typeof priceChangeBodySchema>;

/** A proposal as its company and its customer see it (ours). */
export const changeProposalSchema = z
  .object({
    change_id: z.number().int(),
    request_id: z.number().int(),
    type: z.enum(CHANGE_TYPES),
    status: z.enum(CHANGE_STATUSES),
    /** The difference to the final amount in dollars: charged when above 0, refunded below. */
    price: z.number(),
    proposed_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'ChangeProposal' });
export type ChangeProposal = z.infer<typeof changeProposalSchema>;

export const proposeChangeResponseSchema = envelope({ data: changeProposalSchema });

/** POST /api/company/changes_awaiting_price (ours, partner API): optionally one request's. */
export const changesAwaitingPriceBodySchema = z.object({ request_id: requestId.optional() });

/**
 * The customer's changes that wait for the company's price, each with what the customer asks in
 * propose_change's fields (new_address_array, edit_address_array, delete_address_array with
 * address_id; or items_array), without a price.
 */
export const changesAwaitingPriceResponseSchema = envelope({
  data: z.array(
    changeProposalSchema.extend({
      asked: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type ProposeChangeResponse = z.infer<typeof proposeChangeResponseSchema>;

/**
 * POST /api/customer/change_price_date_time_movers_confirmation, change_address_confirmation,
 * change_item_confirmation, change_extra_item_confirmation: status '1' accepts, '0' rejects;
 * price is the change's price as the screen showed it ('' or absent for none), which must be
 * the proposal's, so that a stale screen never accepts another amount.
 */
export const changeConfirmationBodySchema = z.object({
  request_id: requestId,
  status: intCode([0, 1], "status must be '1' (accept) or '0' (reject)."),
  price: z
    .union([z.literal(''), z.null(), signedDollarsSchema(priceMessage)])
    .optional()
    .transform((v) => (v === '' || v == null ? 0 : v)),
});
export type ChangeConfirmationBody = z.input<typeof changeConfirmationBodySchema>;

/** What a confirmation answers: the proposal as decided and the request's money after it. */
export const changeConfirmationResponseSchema = envelope({
  data: changeProposalSchema.extend({
    request_timeline_status: z.number().int(),
    final_amount: z.number().nullable(),
    /** Dollars charged into escrow (above 0) or refunded from it (below 0); 0 when none moved. */
    amount_moved: z.number(),
  }),
});
export type ChangeConfirmationResponse = z.infer<typeof changeConfirmationResponseSchema>;
