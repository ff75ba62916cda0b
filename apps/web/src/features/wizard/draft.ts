import { z } from 'zod';
import {
  ADDRESS_LABELS,
  addressLabel,
  addressPlaceholder,
  DEFAULT_FLIGHTS,
  type AddressLabel,
} from '@movehub/shared';
import {
  AddItemsOption,
  itemEntrySchema,
  roomEntrySchema,
  type ItemEntry,
  type ItemPhoto,
  type RoomEntry,
} from '../../lib/items/item-model';
import { localId } from '../../lib/local-id';
import { WIZARD_DRAFT_KEY } from '../../lib/saved-request';
import { readString, removeKey, writeString } from '../../lib/storage';

/*
 * The wizard's draft (spec/request-lifecycle.md §3 "Wizard draft"): everything a visitor has
 * entered, saved to local storage on every change except at step 8 and restored on load, so a
 * reload, a sign-up or a closed tab loses nothing. Field names are the spec's.
 *
 * Photos are uploaded (upload_s3_file, no token) as soon as they are chosen, so the draft keeps
 * their urls rather than files, which local storage cannot hold.
 */

/** The wizard's numbered steps (spec §2). */
export const Screen = {
  map: 0,
  details: 1,
  itemsOption: 2,
  rooms: 3,
  commonList: 4,
  extraItems: 5,
  card: 6,
  summary: 7,
  congratulations: 8,
} as const;
export type Screen = (typeof Screen)[keyof typeof Screen];

const text = z.string().catch('');
const bool = z.boolean().catch(false);

export const wizardAddressSchema = z.object({
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
});
export type WizardAddress = z.infer<typeof wizardAddressSchema>;

/** The draft's items and rooms are the item editors' (lib/items), shared with the edit screens. */
export { AddItemsOption };
export type WizardItem = ItemEntry;
export type WizardRoom = RoomEntry;
export type WizardPhoto = ItemPhoto;

export const requestKeyValueSchema = z.object({
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
export type RequestKeyValue = z.infer<typeof requestKeyValueSchema>;

export const timeRangeSchema = z.object({
  /** 'from - to', e.g. '08:00 - 09:00'. */
  move_duration: text,
  start_window_from: text,
  start_window_to: text,
});
export type TimeRange = z.infer<typeof timeRangeSchema>;

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
export type WizardDraft = z.infer<typeof wizardDraftSchema>;

/** An empty address card at `index` (A is the pick-up, the others drop-offs). */
export function emptyAddress(index: number): WizardAddress {
  return {
    label: addressLabel(index) as AddressLabel,
    type: index === 0 ? 'pick-up' : 'drop-off',
    id: localId('address'),
    zip_code: '',
    address: '',
    street_number: '',
    route: '',
    city: '',
    state: '',
    state_code: '',
    country: '',
    formated_address: '',
    lat: null,
    lng: null,
    unitNumber: '',
    addressDetails: '',
    isStorage: false,
    liftType: 'elevator',
    flights: DEFAULT_FLIGHTS,
    isHardwoodFloor: false,
    parkingInfo: '',
    placeholder: addressPlaceholder(index),
    isEmpty: true,
    isZipEmpty: false,
  };
}

/** Labels, types and placeholders follow the position, after an address is removed. */
export function relabelAddresses(list: readonly WizardAddress[]): WizardAddress[] {
  return list.map((address, index) => ({
    ...address,
    label: addressLabel(index) as AddressLabel,
    type: index === 0 ? 'pick-up' : 'drop-off',
    placeholder: addressPlaceholder(index),
  }));
}

export function emptyDraft(): WizardDraft {
  return {
    screen: Screen.map,
    addressList: [emptyAddress(0), emptyAddress(1)],
    requestKeyValue: {
      comments: '',
      estimated_price: '',
      customer_price: '',
      movers: null,
      customer_phone_number: '',
      customer_email: '',
      customer_first_name: '',
      customer_last_name: '',
    },
    date: '',
    timeRange: { move_duration: '', start_window_from: '', start_window_to: '' },
    moveType: null,
    addItemsOptionType: null,
    rooms: [],
    commonList: [],
    extraItemsList: [],
  };
}

/** One draft per mode: a direct link's draft does not leak into the marketplace wizard. */
export function draftStorageKey(directLink?: string): string {
  return directLink ? `${WIZARD_DRAFT_KEY}:${directLink}` : WIZARD_DRAFT_KEY;
}

/** The stored draft, or an empty one when none is stored or it cannot be read. */
export function loadDraft(key: string): WizardDraft {
  const raw = readString(key);
  if (!raw) return emptyDraft();
  try {
    const parsed = wizardDraftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.addressList.length < 2) return emptyDraft();
    // The congratulations step is never restored: its draft was cleared.
    if (parsed.data.screen === Screen.congratulations) return emptyDraft();
    return parsed.data;
  } catch {
    return emptyDraft();
  }
}

/** spec §4: saved on every change except at step 8. */
export function saveDraft(key: string, draft: WizardDraft): void {
  if (draft.screen === Screen.congratulations) return;
  writeString(key, JSON.stringify(draft));
}

export function clearDraft(key: string): void {
  removeKey(key);
}
