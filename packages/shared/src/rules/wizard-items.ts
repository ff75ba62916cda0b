/**
 * Item rules of the request wizard, steps 3 to 5, and of the item editors
 * (spec/request-lifecycle.md §3 "Room" and "Item", §5 "Custom items", "Quantities", "Naming",
 * "Item photos", "Save payloads"; §9).
 *
 * Decisions where the spec is open:
 * - Quantities typed as text keep their first 3 digits (a field of 3 digits ignores the 4th
 *   keystroke, so '1234' reads 123); numbers that arrive as numbers are clamped to 999. A minus
 *   sign, an 'e' and other non-digits are dropped as if the key had been refused; only a decimal
 *   point resets the count, as the spec says.
 * - Extra items (minimum 1) reset to 1 on a decimal point, like the detail editors.
 * - The ' #n' suffix counts the entries that already carry the name (plain or suffixed, compared
 *   trimmed and case-insensitively) and adds one: the first 'Bedroom' is plain, the second
 *   'Bedroom #2', the third 'Bedroom #3'. After a deletion the count can point at a name still in
 *   use; n then grows until the name is free, so two entries never share a name.
 * - The duplicate check of a custom item looks at the search list first (the spec's order): a
 *   catalogue name should be picked from the catalogue, where a repeat is allowed and gets ' #n'.
 * - Photos are images by MIME type `image/*`; the upload call may accept fewer types.
 */
import { CURRENCY, CUSTOM_ITEM_CAP, MAX_ITEM_PHOTOS } from '../constants';
import { MSG } from '../messages';

// ---------------------------------------------------------------------------------------------
// Sizes and kinds

/** spec §3 and §9: item sizes; the code is the index. */
export const ITEM_SIZES = ['Extra Small', 'Small', 'Medium', 'Large', 'Extra Large'] as const;
export type ItemSizeLabel = (typeof ITEM_SIZES)[number];
export const ITEM_SIZE_CODES = ['0', '1', '2', '3', '4'] as const;
export type ItemSizeCode = (typeof ITEM_SIZE_CODES)[number];
/** spec §5: "Size default Extra Small". */
export const DEFAULT_ITEM_SIZE: ItemSizeCode = '0';

export function isItemSizeCode(value: unknown): value is ItemSizeCode {
  return (ITEM_SIZE_CODES as readonly unknown[]).includes(value);
}

/** '2' → 'Medium'; undefined for an unknown code. */
export function itemSizeLabel(code: string): ItemSizeLabel | undefined {
  return isItemSizeCode(code) ? ITEM_SIZES[Number(code)] : undefined;
}

/** spec §3 Item.type: '1' regular, '2' extra (packing and moving material). */
export const ItemType = { regular: '1', extra: '2' } as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

/** spec §3 Item.added_by_type: '1' marks a custom item. */
export const CUSTOM_ITEM_ADDED_BY = '1';
/** spec §3: "Custom items go under the category Common List with currency USD". */
export const COMMON_LIST_CATEGORY = 'Common List';

// ---------------------------------------------------------------------------------------------
// Quantities

/**
 * Where a quantity is typed: the catalogue search list (minimum 0), an item's details editor
 * (minimum 1) or an extra item (minimum 1).
 */
export type QuantityContext = 'search-list' | 'detail' | 'extra-item';

/** spec §5: "In the item list minimum 0, in item details minimum 1, extra items minimum 1". */
export const QUANTITY_MIN: Readonly<Record<QuantityContext, number>> = {
  'search-list': 0,
  detail: 1,
  'extra-item': 1,
};
/** spec §9: "quantity field 3 digits". */
export const QUANTITY_MAX_DIGITS = 3;
/** spec §9: 3 digits and "custom item cap 999". */
export const QUANTITY_MAX = CUSTOM_ITEM_CAP;

/**
 * The quantity a typed or given value stands for, in `context` (spec §5 "Quantities"): whole,
 * not negative, at most 3 digits; a decimal point resets it (to 0 in the search list, 1
 * elsewhere); empty or below the minimum becomes the minimum (an empty or zero entry in the
 * detail editors becomes 1).
 */
export function sanitizeQuantity(input: string | number, context: QuantityContext): number {
  const min = QUANTITY_MIN[context];
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || !Number.isInteger(input)) return min;
    return Math.min(Math.max(input, min), QUANTITY_MAX);
  }
  if (input.includes('.')) return min;
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return min;
  return Math.max(Number(digits.slice(0, QUANTITY_MAX_DIGITS)), min);
}

/** Shown at a quantity field when more than QUANTITY_MAX is typed. */
export const QUANTITY_LIMIT_MESSAGE = `At most ${QUANTITY_MAX} of one item.`;

/** True when the typed text stands for more than QUANTITY_MAX (a 4th digit was typed). */
export function quantityOverLimit(input: string): boolean {
  if (input.includes('.')) return false;
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.length > QUANTITY_MAX_DIGITS || Number(digits) > QUANTITY_MAX;
}

/** The server-side check: a whole number from the context's minimum to 999. */
export function isValidQuantity(value: unknown, context: QuantityContext): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= QUANTITY_MIN[context] &&
    value <= QUANTITY_MAX
  );
}

/** spec §5: "Add-to-move takes only items with quantity above 0" (also the item-edit save). */
export function itemsForSubmit<T extends { value: number | string }>(list: readonly T[]): T[] {
  return list.filter((item) => Number(item.value) > 0);
}

// ---------------------------------------------------------------------------------------------
// Custom items

/** spec §5: the 'Add custom item' option needs more than 2 typed characters. */
export const CUSTOM_ITEM_MIN_CHARS = 3;

export function canAddCustomItem(typed: string): boolean {
  return typed.trim().length >= CUSTOM_ITEM_MIN_CHARS;
}

/** spec §5: duplicate names compare trimmed and case-insensitively. */
export function sameItemName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The spec message that refuses a custom item whose name is already in the search list or in the
 * selected list, or null when it may be added.
 */
export function customItemDuplicateError(
  typed: string,
  searchList: readonly { name: string }[],
  selectedList: readonly { name: string }[],
): string | null {
  if (searchList.some((item) => sameItemName(item.name, typed))) return MSG.duplicateInSearch;
  if (selectedList.some((item) => sameItemName(item.name, typed))) return MSG.duplicateInSelected;
  return null;
}

/**
 * The fixed fields of a new custom item (spec §3 and §5): trimmed name, no catalogue id, category
 * Common List, currency USD, added_by_type '1', a regular item of size Extra Small.
 */
export function customItemFields(typed: string) {
  return {
    id: '',
    name: typed.trim(),
    category_name: COMMON_LIST_CATEGORY,
    currency: CURRENCY,
    added_by_type: CUSTOM_ITEM_ADDED_BY,
    type: ItemType.regular,
    size: DEFAULT_ITEM_SIZE,
  } as const;
}

// ---------------------------------------------------------------------------------------------
// Naming

const normalizeName = (name: string) => name.trim().toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * spec §5: "repeated catalogue room or item names get a ' #n' suffix (n is the count)". The name
 * for one more entry called `base` among `existingNames`.
 */
export function nextRepeatedName(base: string, existingNames: readonly string[]): string {
  const name = base.trim();
  const repeat = new RegExp(`^${escapeRegExp(normalizeName(name))} #\\d+$`);
  const taken = new Set(existingNames.map(normalizeName));
  const count = existingNames.filter((existing) => {
    const norm = normalizeName(existing);
    return norm === normalizeName(name) || repeat.test(norm);
  }).length;
  let n = count + 1;
  const candidate = () => (n === 1 ? name : `${name} #${n}`);
  while (taken.has(normalizeName(candidate()))) n++;
  return candidate();
}

/** spec §5: "Room name required" (on rename too); the dropdown adds nothing when none is chosen. */
export function isRoomNameValid(name: string | null | undefined): boolean {
  return (name ?? '').trim().length > 0;
}

/** The room_name of one more room of this type: 'Bedroom', 'Bedroom #2', … */
export function nextRoomName(
  roomTypeName: string,
  existingRooms: readonly { room_name: string }[],
): string {
  return nextRepeatedName(
    roomTypeName,
    existingRooms.map((room) => room.room_name),
  );
}

/** The name of one more catalogue item in a room or the common list: 'Chair', 'Chair #2', … */
export function nextItemName(itemName: string, existingItems: readonly { name: string }[]): string {
  return nextRepeatedName(
    itemName,
    existingItems.map((item) => item.name),
  );
}

// ---------------------------------------------------------------------------------------------
// Photos

/** spec §5 "Item photos: ... images only": by MIME type. */
export function isImageFile(file: { type: string }): boolean {
  return /^image\/[\w.+-]+$/i.test(file.type.trim());
}

export function canAddItemPhoto(currentCount: number): boolean {
  return currentCount < MAX_ITEM_PHOTOS;
}

/**
 * Splits chosen files into those the item takes (images, up to 3 photos in all, in the order
 * chosen) and those it refuses, so that the screen can say why.
 */
export function takeItemPhotos<T extends { type: string }>(
  currentCount: number,
  files: readonly T[],
): { accepted: T[]; notImages: T[]; overLimit: T[] } {
  const accepted: T[] = [];
  const notImages: T[] = [];
  const overLimit: T[] = [];
  for (const file of files) {
    if (!isImageFile(file)) notImages.push(file);
    else if (canAddItemPhoto(currentCount + accepted.length)) accepted.push(file);
    else overLimit.push(file);
  }
  return { accepted, notImages, overLimit };
}
