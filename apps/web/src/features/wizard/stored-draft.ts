import { z } from 'zod';
import { ADDRESS_LABELS, DEFAULT_FLIGHTS, ITEM_SIZE_CODES, ItemType } from '@movehub/shared';
import type { ItemEntry, RoomEntry } from '../../lib/items/item-model';
import { Screen, type WizardAddress, type WizardDraft } from './draft';

/*
 * The reader of a stored draft (features/wizard/draft.ts restoreDraft): what local storage holds
 * may come from an older version of the wizard or be cut short, so each field falls back to its
 * empty value instead of losing the whole draft. Loaded only when a draft is stored.
 */

const text = z.string().catch('');
const bool = z.boolean().catch(false);

const itemPhotoSchema = z.object({ image_url: z.string() });

const itemEntrySchema = z.object({
  item_id: z.string(),
  id: z.union([z.number().int(), z.literal('')]),
  name: z.string(),
  value: z.number().int().min(0).catch(1),
  comments: text,
  images: z.array(itemPhotoSchema).catch([]),
  type: z.enum([ItemType.regular, ItemType.extra]).catch(ItemType.regular),
  size: z.enum(ITEM_SIZE_CODES).catch('0'),
  category_name: text,
  category_id: z.number().int().nullable().catch(null),
  unit_price: z.number().catch(0),
  currency: z.string().catch('USD'),
  desciption: text,
  is_active: z.boolean().catch(true),
  added_by_type: text,
  isSelected: z.boolean().catch(false),
}) satisfies z.ZodType<ItemEntry>;

const roomEntrySchema = z.object({
  room_id: z.string(),
  id: z.number().int(),
  room_name: z.string(),
  itemList: z.array(itemEntrySchema).catch([]),
}) satisfies z.ZodType<RoomEntry>;

const wizardAddressSchema = z.object({
  label: z.enum(ADDRESS_LABELS),
  type: z.enum(['pick-up', 'drop-off']),
  /** A local id, stable while the address card lives. */
  id: z.string(),
  zip_code: text,
  address: text,
  street_number: text,
  route: text,
  city: text,
  /** The state's name or short code as geocoding gave it; state_code is the short code. */
  state: text,
  state_code: text,
  country: text,
  formated_address: text,
  lat: z.number().nullable().catch(null),
  lng: z.number().nullable().catch(null),
  unitNumber: text,
  addressDetails: text,
  isStorage: bool,
  liftType: z.enum(['elevator', 'stairs']).catch('elevator'),
  flights: z.number().int().min(0).catch(DEFAULT_FLIGHTS),
  isHardwoodFloor: bool,
  parkingInfo: text,
  placeholder: text,
  /** No address chosen yet (an empty card). */
  isEmpty: z.boolean().catch(true),
  /** Chosen, but geocoding gave no zip code (step 1 then asks for one). */
  isZipEmpty: bool,
  /** Placed at its zip code's centre (issue 31). */
  isApproximate: z.boolean().optional().catch(undefined),
}) satisfies z.ZodType<WizardAddress>;

const requestKeyValueSchema = z.object({
  comments: text,
  /** The last estimate shown, 'start - end' in dollars; '' before one is calculated. */
  estimated_price: text,
  customer_price: text,
  movers: z.number().int().nullable().catch(null),
  customer_phone_number: text,
  customer_email: text,
  customer_first_name: text,
  customer_last_name: text,
});

const timeRangeSchema = z.object({
  /** 'from - to', e.g. '08:00 - 09:00'. */
  move_duration: text,
  start_window_from: text,
  start_window_to: text,
});

export const wizardDraftSchema = z.object({
  screen: z.number().int().min(0).max(8).catch(0),
  addressList: z.array(wizardAddressSchema).max(ADDRESS_LABELS.length),
  requestKeyValue: requestKeyValueSchema,
  /** The move date as MM-DD-YYYY, or '' before one is chosen. */
  date: text,
  timeRange: timeRangeSchema,
  moveType: z.object({ id: z.number().int(), name: z.string() }).nullable().catch(null),
  addItemsOptionType: z.enum(['by_room', 'by_common_list']).nullable().catch(null),
  rooms: z.array(roomEntrySchema).catch([]),
  commonList: z.array(itemEntrySchema).catch([]),
  extraItemsList: z.array(itemEntrySchema).catch([]),
  /**
   * The last 'Request Move' sent (ours, decision 007): its Idempotency-Key and the body it went
   * with. A retry of the same body (after a lost answer, a reload, a second tab) reuses the key,
   * so the server answers with the first request; a changed body is a new submit with a new key.
   */
  submission: z.object({ key: z.string(), body: z.string() }).nullable().optional().catch(null),
});

/** The draft `raw` holds, repaired field by field; null when it cannot be read as one. */
export function readStoredDraft(raw: string): WizardDraft | null {
  try {
    const parsed = (wizardDraftSchema satisfies z.ZodType<WizardDraft>).safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.addressList.length < 2) return null;
    // The congratulations step is never restored: its draft was cleared.
    if (parsed.data.screen === Screen.congratulations) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
