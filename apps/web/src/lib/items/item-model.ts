import type { ItemSizeCode, ItemType } from '@movehub/shared';

/*
 * The items as the item editors hold them (spec/request-lifecycle.md §3 "Item", "Room"): the
 * wizard keeps them in its draft, the edit screens build them from the request's items. Field
 * names are the spec's. Photos are uploaded as soon as they are chosen, so an item keeps their
 * urls rather than files.
 */

/** spec §2 "How do you want to add items?": by room, or one common list. */
export const AddItemsOption = { byRoom: 'by_room', byCommonList: 'by_common_list' } as const;
export type AddItemsOption = (typeof AddItemsOption)[keyof typeof AddItemsOption];

/** A photo of an item, once uploaded. */
export interface ItemPhoto {
  image_url: string;
}

/** spec §3 Item. `id` is the catalogue id, '' for a custom item. */
export interface ItemEntry {
  item_id: string;
  id: number | '';
  name: string;
  /** The quantity. */
  value: number;
  comments: string;
  images: ItemPhoto[];
  type: ItemType;
  size: ItemSizeCode;
  category_name: string;
  category_id: number | null;
  unit_price: number;
  currency: string;
  desciption: string;
  is_active: boolean;
  added_by_type: string;
  /** Extra items: ticked. */
  isSelected: boolean;
}

/** spec §3 Room. */
export interface RoomEntry {
  /** Locally generated. */
  room_id: string;
  /** The room type's id. */
  id: number;
  room_name: string;
  itemList: ItemEntry[];
}
