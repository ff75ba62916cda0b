import { z } from 'zod';
import { ITEM_SIZE_CODES, ItemType } from '@movehub/shared';

/*
 * The items as the item editors hold them (spec/request-lifecycle.md §3 "Item", "Room"): the
 * wizard keeps them in its draft, the edit screens build them from the request's items. Field
 * names are the spec's. Photos are uploaded as soon as they are chosen, so an item keeps their
 * urls rather than files.
 */

/** spec §2 "How do you want to add items?": by room, or one common list. */
export const AddItemsOption = { byRoom: 'by_room', byCommonList: 'by_common_list' } as const;
export type AddItemsOption = (typeof AddItemsOption)[keyof typeof AddItemsOption];

const text = z.string().catch('');

export const itemPhotoSchema = z.object({ image_url: z.string() });
export type ItemPhoto = z.infer<typeof itemPhotoSchema>;

/** spec §3 Item. `id` is the catalogue id, '' for a custom item. */
export const itemEntrySchema = z.object({
  item_id: z.string(),
  id: z.union([z.number().int(), z.literal('')]),
  name: z.string(),
  /** The quantity. */
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
  /** Extra items: ticked. */
  isSelected: z.boolean().catch(false),
});
export type ItemEntry = z.infer<typeof itemEntrySchema>;

/** spec §3 Room. */
export const roomEntrySchema = z.object({
  /** Locally generated. */
  room_id: z.string(),
  /** The room type's id. */
  id: z.number().int(),
  room_name: z.string(),
  itemList: z.array(itemEntrySchema).catch([]),
});
export type RoomEntry = z.infer<typeof roomEntrySchema>;
