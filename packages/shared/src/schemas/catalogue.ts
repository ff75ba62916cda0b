import { z } from 'zod';
import { CURRENCY, CUSTOM_ITEM_CAP, MAX_ADDRESSES, MAX_FLIGHTS } from '../constants';
import { MSG } from '../messages';
import { isValidEmail } from '../rules/validation';
import { ITEM_SIZE_CODES, ItemType } from '../rules/wizard-items';
import { MOVERS_OPTIONS } from '../rules/wizard-movers';
import { envelope, intCode } from './envelope';
import {
  flightsSchema,
  idSchema,
  itemLines,
  quantitySchema,
  safeString,
  safeText,
} from './primitives';
import { coordinate, flag, stringCode } from './wire-fields';

/*
 * The wizard's catalogue calls (spec/request-lifecycle.md §7): move types, room types, catalogue
 * items, the service area, the wait-list and the price estimate. None needs a token: a visitor
 * fills the wizard before signing in.
 */

/** Spec §5 "A new address must pass the service-area check": a US zip, five digits. */
export const ZIP_CODE_PATTERN = /^\d{5}$/;
export const zipCodeSchema = safeString().trim().regex(ZIP_CODE_PATTERN, MSG.zipRequired);

// ---------------------------------------------------------------------------------------------
// Move types and room types

/** GET /api/customer/get_move_type: one move size. */
export const moveTypeSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'MoveType' });
export type MoveType = z.infer<typeof moveTypeSchema>;
export const getMoveTypeResponseSchema = envelope({
  data: z.object({ moveTypeItems: z.array(moveTypeSchema) }),
});

/** A room type (or extra-item group): id and name. */
export const itemCategorySchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'ItemCategory' });
export type ItemCategory = z.infer<typeof itemCategorySchema>;

/** POST /api/customer/get_item_categories_by_type: type '1' gives the room types. */
export const getItemCategoriesByTypeBodySchema = z.object({
  type: stringCode(['1', '2'], "type must be '1' or '2'."),
});
export const getItemCategoriesByTypeResponseSchema = envelope({
  data: z.object({ items: z.array(itemCategorySchema) }),
});

// ---------------------------------------------------------------------------------------------
// Catalogue items

/** spec §3 Item, the catalogue's fields (the spec spells `desciption`); unit_price in dollars. */
export const catalogueItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum([ItemType.regular, ItemType.extra]),
    size: z.enum(ITEM_SIZE_CODES),
    category_name: z.string(),
    category_id: z.number().int(),
    unit_price: z.number(),
    currency: z.literal(CURRENCY),
    desciption: z.string(),
    is_active: z.boolean(),
  })
  .meta({ id: 'CatalogueItem' });
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueItemsResponseSchema = envelope({
  data: z.object({ items: z.array(catalogueItemSchema) }),
});

/**
 * POST /api/customer/get_item: type '1' the regular items (the search of the common list),
 * type '2' the extra items; company_direct_link is sent in direct-link mode.
 */
export const getItemBodySchema = z.object({
  type: stringCode([ItemType.regular, ItemType.extra], "type must be '1' or '2'."),
  company_direct_link: safeText(200).optional(),
});

/**
 * POST /api/customer/get_item_by_category_id: the items of one category; type '' (or '1') for
 * regular items, '2' for extra items (spec §7).
 */
export const getItemByCategoryIdBodySchema = z.object({
  type: stringCode(['', ItemType.regular, ItemType.extra], "type must be '', '1' or '2'.")
    .optional()
    .default(''),
  category_id: idSchema('category_id must be a category id.'),
});

// ---------------------------------------------------------------------------------------------
// Service area and wait-list

/** POST /api/customer/check_service_area: code 200 means the zip is served. */
export const checkServiceAreaBodySchema = z.object({ zip_code: zipCodeSchema });

/**
 * GET /api/customer/service_area?zip_code=…: the same question as check_service_area, answered
 * 200 either way with `served`, so that the wizard's expected "not yet" (the wait-list path) is
 * not an HTTP error. check_service_area keeps the spec's contract (code 200 means served).
 */
export const serviceAreaQuerySchema = z.object({ zip_code: zipCodeSchema });
export const serviceAreaResponseSchema = envelope({
  data: z.object({ zip_code: z.string(), served: z.boolean() }),
});

/** POST /api/customer/add_wishlist_area: the wait-list of an unserved zip. */
export const addWishlistAreaBodySchema = z.object({
  email: safeString()
    .trim()
    .max(254, MSG.profileEmailInvalid)
    .refine(isValidEmail, MSG.profileEmailInvalid),
  zip_code: zipCodeSchema,
});

// ---------------------------------------------------------------------------------------------
// Price estimate

const quantityMessage = `quantity must be a whole number from 0 to ${CUSTOM_ITEM_CAP}.`;
const flightsMessage = `number_of_flights must be a whole number from 0 to ${MAX_FLIGHTS}.`;

/** One line of items_id_array (spec §7): the estimate reads type, size and quantity. */
export const estimateItemSchema = z.object({
  _id: z
    .union([z.number(), safeText(20)])
    .optional()
    .nullable(),
  name: safeText(200).optional().default(''),
  type: stringCode([ItemType.regular, ItemType.extra], "type must be '1' or '2'."),
  unit_price: z
    .union([z.number(), safeText(20)])
    .optional()
    .nullable(),
  size: stringCode(ITEM_SIZE_CODES, "size must be '0' to '4'.").optional().default('0'),
  quantity: quantitySchema(quantityMessage),
});

/**
 * One entry of address_array: the estimate reads the coordinates, stairs and flights; the other
 * address fields of the create-request payload may come along and are ignored.
 */
export const estimateAddressSchema = z.looseObject({
  latitude: coordinate(90, 'latitude must be between -90 and 90.'),
  longitude: coordinate(180, 'longitude must be between -180 and 180.'),
  is_stairs: flag,
  number_of_flights: flightsSchema(flightsMessage).optional(),
});

/** POST /api/customer/calculate_estimated_price. */
export const calculateEstimatedPriceBodySchema = z.object({
  items_id_array: itemLines(estimateItemSchema),
  address_array: z
    .array(estimateAddressSchema)
    .min(2, 'Pick-up and drop-off addresses are required.')
    .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses are allowed.`),
  move_type: idSchema(MSG.selectMoveSize),
  movers: intCode(MOVERS_OPTIONS, 'movers must be 2, 3 or 4.'),
});
export type CalculateEstimatedPriceBody = z.input<typeof calculateEstimatedPriceBodySchema>;

export const estimatedPriceSchema = z
  .object({ Estimated_Price_Start: z.number(), Estimated_Price_End: z.number() })
  .meta({ id: 'EstimatedPrice' });
export const calculateEstimatedPriceResponseSchema = envelope({ data: estimatedPriceSchema });
