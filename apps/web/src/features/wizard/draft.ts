import {
  addressLabel,
  addressPlaceholder,
  DEFAULT_FLIGHTS,
  type AddressLabel,
} from '@movehub/shared';
import {
  AddItemsOption,
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

/** One address card (spec §3 "Wizard draft" addressList). */
export interface WizardAddress {
  label: AddressLabel;
  type: 'pick-up' | 'drop-off';
  /** A local id, stable while the address card lives. */
  id: string;
  zip_code: string;
  address: string;
  street_number: string;
  route: string;
  city: string;
  /** The state's name or short code as geocoding gave it; state_code is the short code. */
  state: string;
  state_code: string;
  country: string;
  formated_address: string;
  lat: number | null;
  lng: number | null;
  unitNumber: string;
  addressDetails: string;
  isStorage: boolean;
  liftType: 'elevator' | 'stairs';
  flights: number;
  isHardwoodFloor: boolean;
  parkingInfo: string;
  placeholder: string;
  /** No address chosen yet (an empty card). */
  isEmpty: boolean;
  /** Chosen, but geocoding gave no zip code (step 1 then asks for one). */
  isZipEmpty: boolean;
  /** Ours (issue 31): placed at its zip code's centre, not at the street (offline). */
  isApproximate?: boolean;
}

/** The draft's items and rooms are the item editors' (lib/items), shared with the edit screens. */
export { AddItemsOption };
export type WizardItem = ItemEntry;
export type WizardRoom = RoomEntry;
export type WizardPhoto = ItemPhoto;

export interface RequestKeyValue {
  comments: string;
  /** The last estimate shown, 'start - end' in dollars; '' before one is calculated. */
  estimated_price: string;
  customer_price: string;
  movers: number | null;
  customer_phone_number: string;
  customer_email: string;
  customer_first_name: string;
  customer_last_name: string;
}

export interface TimeRange {
  /** 'from - to', e.g. '08:00 - 09:00'. */
  move_duration: string;
  start_window_from: string;
  start_window_to: string;
}

export interface WizardDraft {
  screen: number;
  addressList: WizardAddress[];
  requestKeyValue: RequestKeyValue;
  /** The move date as MM-DD-YYYY, or '' before one is chosen. */
  date: string;
  timeRange: TimeRange;
  moveType: { id: number; name: string } | null;
  addItemsOptionType: AddItemsOption | null;
  rooms: RoomEntry[];
  commonList: ItemEntry[];
  extraItemsList: ItemEntry[];
  /**
   * The last 'Request Move' sent (ours, decision 007): its Idempotency-Key and the body it went
   * with. A retry of the same body (after a lost answer, a reload, a second tab) reuses the key,
   * so the server answers with the first request; a changed body is a new submit with a new key.
   */
  submission?: { key: string; body: string } | null;
}

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

/**
 * The stored draft, or null when none is stored or it cannot be read. Its reader, which repairs
 * what an older version left, is loaded only when a draft is there: a first visit has none, and
 * loads no schema (decision 034).
 */
export async function restoreDraft(key: string): Promise<WizardDraft | null> {
  if (!readString(key)) return null;
  const { readStoredDraft } = await import('./stored-draft');
  // Read once the reader is here: a request sent meanwhile (the saved request a sign-up brings
  // back to the wizard) has cleared the draft, which must not come back.
  const raw = readString(key);
  return raw ? readStoredDraft(raw) : null;
}

/** spec §4: saved on every change except at step 8. */
export function saveDraft(key: string, draft: WizardDraft): void {
  if (draft.screen === Screen.congratulations) return;
  writeString(key, JSON.stringify(draft));
}

export function clearDraft(key: string): void {
  removeKey(key);
}
