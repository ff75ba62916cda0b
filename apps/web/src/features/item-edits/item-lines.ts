import {
  COMMON_LIST_CATEGORY,
  CURRENCY,
  isItemSizeCode,
  ItemType,
  sameItemName,
  type EditExtraItemBody,
  type EditItemsBody,
  type ServerItem,
} from '@movehub/shared';
import type { ItemEntry, RoomEntry } from '../../lib/items/item-model';

/*
 * The request's items as the item editors hold them, and back (spec/request-lifecycle.md §2
 * "Item and extra-item editing", §3 "Server request item", "Outgoing item line (edits)", §4 "Item
 * editing", §5 "Save payloads"). Pure, so that the rules are tested without a screen.
 */

export type EditLine = EditItemsBody['items_array'][number];

/** Which editor the edit-items screen opens (spec §2). */
export type ItemsEditorMode = 'choose' | 'common-list' | 'by-room';

/**
 * spec §2: 'How do you want to add items?' unless items exist; the common-list editor when all
 * of them are in the category Common List, else the by-room editor.
 */
export function itemsEditorMode(items: readonly Pick<ServerItem, 'category_name'>[]) {
  if (items.length === 0) return 'choose' satisfies ItemsEditorMode;
  return items.every((item) => item.category_name === COMMON_LIST_CATEGORY)
    ? ('common-list' satisfies ItemsEditorMode)
    : ('by-room' satisfies ItemsEditorMode);
}

/** One item of the request as an editor entry; an extra item is ticked when its quantity is above 0. */
export function toItemEntry(item: ServerItem): ItemEntry {
  const extra = item.type === ItemType.extra;
  return {
    item_id: `request-item-${item.id}`,
    id: item.item_id ?? '',
    name: item.name,
    value: Math.max(0, item.quantity),
    comments: item.additional_info ?? '',
    images: item.request_item_image_models.map((photo) => ({ image_url: photo.image_url })),
    type: extra ? ItemType.extra : ItemType.regular,
    size: isItemSizeCode(item.size) ? item.size : '0',
    category_name: item.category_name,
    category_id: null,
    unit_price: item.unit_price,
    currency: CURRENCY,
    desciption: '',
    is_active: true,
    added_by_type: item.added_by_type ?? '',
    isSelected: extra && item.quantity > 0,
  };
}

/** The name of a room made of a category's items; an item without one goes to 'Other'. */
const roomNameOf = (item: Pick<ItemEntry, 'category_name'>) => item.category_name || 'Other';

/**
 * The by-room editor's rooms: one per category, in the order the items come, with the room
 * type's id when the category is a room type (its catalogue is then the room's search), else 0
 * (the whole catalogue).
 */
export function toRooms(
  items: readonly ItemEntry[],
  roomTypes: readonly { id: number; name: string }[],
): RoomEntry[] {
  const rooms: RoomEntry[] = [];
  for (const item of items) {
    const name = roomNameOf(item);
    let room = rooms.find((entry) => entry.room_name === name);
    if (!room) {
      const type = roomTypes.find((entry) => sameItemName(entry.name, name));
      room = {
        room_id: `request-room-${rooms.length + 1}`,
        id: type?.id ?? 0,
        room_name: name,
        itemList: [],
      };
      rooms.push(room);
    }
    room.itemList.push(item);
  }
  return rooms;
}

/** What the Update rule compares of an item (spec §4: quantity, name, comments, images). */
const signature = (item: ItemEntry) =>
  JSON.stringify([item.name, item.value, item.comments, item.images.map((p) => p.image_url)]);

/**
 * spec §4 "Item editing": the list differs from the loaded copy in its count or in an item's
 * quantity, name, comments or images.
 */
export function itemsDiffer(loaded: readonly ItemEntry[], current: readonly ItemEntry[]): boolean {
  if (loaded.length !== current.length) return true;
  return loaded.some((item, index) => signature(item) !== signature(current[index]!));
}

/** spec §3 "Outgoing item line (edits)"; `category` stands in when the item has none. */
export function toEditLine(item: ItemEntry, type: ItemType, category = ''): EditLine {
  return {
    _id: item.id,
    category_name: item.category_name || category,
    change_by: '1',
    name: item.name,
    type,
    size: item.size,
    added_by_type: item.added_by_type,
    unit_price: item.unit_price,
    currency: item.currency,
    quantity: item.value,
    additional_info: item.comments,
    items_image_array: item.images.map((photo) => ({ _pic: photo.image_url })),
  };
}

/** spec §5 "Save payloads": only the items with a quantity above 0 are sent for item edits. */
export function commonListLines(list: readonly ItemEntry[]): EditLine[] {
  return list
    .filter((item) => item.value > 0)
    .map((item) => toEditLine(item, ItemType.regular, COMMON_LIST_CATEGORY));
}

/**
 * The rooms' items with a quantity above 0, each under its room's name: the screen builds its
 * rooms from the items' categories, so a renamed room or a second 'Bedroom #2' stays as it was.
 */
export function roomLines(rooms: readonly RoomEntry[]): EditLine[] {
  return rooms.flatMap((room) =>
    room.itemList
      .filter((item) => item.value > 0)
      .map((item) => ({
        ...toEditLine(item, ItemType.regular),
        category_name: room.room_name || item.category_name,
      })),
  );
}

export type ExtraLine = EditExtraItemBody['items_array'][number];

/**
 * spec §5 "Save payloads": for extra items all are sent, an unticked one with quantity 0 (spec §4:
 * unticked has quantity 0).
 */
export function extraItemLines(rows: readonly ItemEntry[]): ExtraLine[] {
  return rows.map((row) =>
    toEditLine({ ...row, value: row.isSelected ? row.value : 0 }, ItemType.extra),
  );
}
