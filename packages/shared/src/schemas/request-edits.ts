import { z } from 'zod';
import { MSG } from '../messages';
import { ItemType } from '../rules/wizard-items';
import { MAX_ITEM_PHOTOS } from '../constants';
import {
  createRequestAddressSchema,
  createRequestItemSchema,
  photosMessage,
} from './create-request';
import { zipCodeSchema } from './catalogue';
import { envelope, intCode } from './envelope';
import { idSchema, itemLines, safeText } from './primitives';
import { serverAddressSchema, serverItemSchema } from './request-detail';
import { coordinate, stringCode } from './wire-fields';

/*
 * The customer's edits of a request (spec/request-lifecycle.md §2 "Item and extra-item editing",
 * "Address add and edit", §5 "Address add/edit", "Save payloads", §7): add_address,
 * edit_address, delete_address, edit_items and edit_extra_item, on /api/customer for marketplace
 * requests and /app_api for direct ones. The address and item lines are the wizard's own
 * schemas (create-request.ts) with the edit screens' messages; the server adds what needs the
 * database (the request is the caller's, its status allows editing, zips are served, catalogue
 * ids exist, the request's totals stay within the wizard's caps).
 */

const requestId = idSchema('request_id must be a request id.');
const addressId = idSchema('address_id must be an address id.');

/** Our texts: the spec names none for these answers. */
export const EDIT_MESSAGES = {
  addressAdded: 'Address added successfully.',
  addressUpdated: 'Address updated successfully.',
  addressDeleted: 'Address deleted successfully.',
  itemsUpdated: 'Items updated successfully.',
  extraItemsUpdated: 'Extra items updated successfully.',
} as const;

/**
 * spec §5 "Address add/edit": the zip is required ('Please enter your zip code.'), also when it
 * is missing altogether, so that the form's text comes back rather than a generic one.
 */
const requiredZip = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  zipCodeSchema,
);

/** spec §5: "a latitude from the map picker required ('Please enter a valid address.')". */
const pickedCoordinate = (max: number, rangeMessage: string) =>
  coordinate(max, rangeMessage).refine((v) => v !== null, MSG.addressInvalid);

/**
 * The server address fields (spec §3 Address (server)) as the wizard sends them, with the edit
 * screens' rules. address_type may be left out: a new address is then a drop-off, an edited one
 * keeps its type.
 */
export const requestAddressFieldsSchema = createRequestAddressSchema.extend({
  zip_code: requiredZip,
  latitude: pickedCoordinate(90, 'latitude must be between -90 and 90.'),
  longitude: pickedCoordinate(180, 'longitude must be between -180 and 180.'),
  address_type: intCode([1, 2], "address_type must be '1' (pick-up) or '2' (drop-off).")
    .optional()
    .transform((v) => v ?? null),
});
export type RequestAddressFields = z.output<typeof requestAddressFieldsSchema>;

/** POST /api/customer/add_address and /app_api/add_address: request_id plus address fields. */
export const addAddressBodySchema = requestAddressFieldsSchema.extend({ request_id: requestId });
export type AddAddressBody = z.input<typeof addAddressBodySchema>;

/** POST /api/customer/edit_address and /app_api/edit_address: the address's fields, replaced. */
export const editAddressBodySchema = requestAddressFieldsSchema.extend({
  request_id: requestId,
  address_id: addressId,
});
export type EditAddressBody = z.input<typeof editAddressBodySchema>;

/** POST /api/customer/delete_address and /app_api/delete_address. */
export const deleteAddressBodySchema = z.object({ request_id: requestId, address_id: addressId });
export type DeleteAddressBody = z.input<typeof deleteAddressBodySchema>;

/**
 * A photo of an item line: the url upload_s3_file returned, sent as the string itself or as the
 * edit screens' `{_pic}` (spec §3 Outgoing item line: "items_image_array (of _pic)"). The server
 * keeps only its own uploads (422 otherwise, decision 037).
 */
const itemPhoto = z
  .union([safeText(2048).min(1), z.object({ _pic: safeText(2048).min(1) })])
  .transform((v) => (typeof v === 'string' ? v : v._pic));

/**
 * spec §3 "Outgoing item line (edits)": the wizard's item line (at most 3 photos, whole
 * quantities 0 to 999, a name, bounded text) with change_by ('1', the customer) and the type the
 * call edits (regular for edit_items, extra for edit_extra_item).
 */
const editItemLine = (type: ItemType, message: string) =>
  createRequestItemSchema.extend({
    change_by: stringCode(['1'], "change_by must be '1'.").optional(),
    type: stringCode([type], message).optional().default(type),
    items_image_array: z
      .array(itemPhoto)
      .max(MAX_ITEM_PHOTOS, photosMessage)
      .optional()
      .default([]),
  });

export const editItemLineSchema = editItemLine(
  ItemType.regular,
  "edit_items takes regular items (type '1'); extra items are sent with edit_extra_item.",
);
export const editExtraItemLineSchema = editItemLine(
  ItemType.extra,
  "edit_extra_item takes extra items (type '2'); regular items are sent with edit_items.",
);
export type EditItemLine = z.output<typeof editItemLineSchema>;

/**
 * POST /api/customer/edit_items and /app_api/edit_items: the request's regular items, replaced.
 * spec §5 "Save payloads": only lines with a quantity above 0 are kept.
 */
export const editItemsBodySchema = z.object({
  request_id: requestId,
  items_array: itemLines(editItemLineSchema).transform((lines) =>
    lines.filter((line) => line.quantity > 0),
  ),
});
export type EditItemsBody = z.input<typeof editItemsBodySchema>;

/**
 * POST /api/customer/edit_extra_item and /app_api/edit_extra_item: every extra item is sent,
 * unticked ones with quantity 0 (spec §4 "Item editing"); the request keeps those above 0.
 */
export const editExtraItemBodySchema = z.object({
  request_id: requestId,
  items_array: itemLines(editExtraItemLineSchema).transform((lines) =>
    lines.filter((line) => line.quantity > 0),
  ),
});
export type EditExtraItemBody = z.input<typeof editExtraItemBodySchema>;

/**
 * Every edit answers with what the request now holds: its addresses, items and extra items in
 * the detail's shapes (spec §3), the route distance (net_distance, miles) and the estimate
 * (recommend_amount, dollars), which are recalculated as at creation before payment.
 */
export const requestEditResponseSchema = envelope({
  data: z
    .object({
      request_id: z.number().int(),
      request_address: z.array(serverAddressSchema),
      request_item: z.array(serverItemSchema),
      extra_request_items: z.array(serverItemSchema),
      net_distance: z.number(),
      /** Ours (issue 31): net_distance runs from or to a zip code's centre. */
      net_distance_approximate: z.boolean().optional(),
      recommend_amount: z.number().nullable(),
      /**
       * True when the edit was not applied but sent to the company to price (a paid direct
       * request): the request holds what it held, and the customer accepts the
       * priced change on the change-request screen.
       */
      awaiting_price: z.boolean(),
    })
    .meta({ id: 'RequestEditResult' }),
});
export type RequestEditResponse = z.infer<typeof requestEditResponseSchema>;
