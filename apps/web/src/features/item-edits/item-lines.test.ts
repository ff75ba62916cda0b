import { describe, expect, it } from 'vitest';
import { editExtraItemBodySchema, editItemsBodySchema, ItemType } from '@movehub/shared';
import {
  commonListLines,
  extraItemLines,
  itemsDiffer,
  itemsEditorMode,
  roomLines,
  toItemEntry,
  toRooms,
} from './item-lines';
import { serverItem } from './test-items';

const ROOM_TYPES = [
  { id: 1, name: 'Living Room' },
  { id: 2, name: 'Bedroom' },
];

describe('the request items in the editors', () => {
  it('maps a server item to an editor item: catalogue id, quantity, comments, photos and size', () => {
    expect(
      toItemEntry(
        serverItem({
          id: 7,
          item_id: 33,
          name: 'Dresser',
          quantity: 2,
          additional_info: 'Heavy',
          size: '4',
          category_name: 'Bedroom',
          unit_price: 60,
          request_item_image_models: [{ image_url: '/uploads/a.jpg' }],
        }),
      ),
    ).toEqual({
      item_id: 'request-item-7',
      id: 33,
      name: 'Dresser',
      value: 2,
      comments: 'Heavy',
      images: [{ image_url: '/uploads/a.jpg' }],
      type: ItemType.regular,
      size: '4',
      category_name: 'Bedroom',
      category_id: null,
      unit_price: 60,
      currency: 'USD',
      desciption: '',
      is_active: true,
      added_by_type: '',
      isSelected: false,
    });
  });

  it("keeps a custom item custom (no catalogue id, added_by_type '1') and ticks an extra item above 0", () => {
    expect(toItemEntry(serverItem({ item_id: null, added_by_type: '1', size: 'x' }))).toMatchObject(
      { id: '', added_by_type: '1', size: '0' },
    );
    expect(toItemEntry(serverItem({ type: ItemType.extra, quantity: 3 }))).toMatchObject({
      type: ItemType.extra,
      isSelected: true,
      value: 3,
    });
    expect(toItemEntry(serverItem({ type: ItemType.extra, quantity: 0 })).isSelected).toBe(false);
  });

  it('asks how to add items without items, opens the common list when all are Common List, else the rooms', () => {
    expect(itemsEditorMode([])).toBe('choose');
    expect(
      itemsEditorMode([
        serverItem({ category_name: 'Common List' }),
        serverItem({ category_name: 'Common List' }),
      ]),
    ).toBe('common-list');
    expect(
      itemsEditorMode([
        serverItem({ category_name: 'Common List' }),
        serverItem({ category_name: 'Bedroom' }),
      ]),
    ).toBe('by-room');
  });

  it('makes one room per category in order, with the room type when the category is one', () => {
    const items = [
      serverItem({ id: 1, category_name: 'Bedroom' }),
      serverItem({ id: 2, category_name: 'Living Room' }),
      serverItem({ id: 3, category_name: 'Bedroom' }),
      serverItem({ id: 4, category_name: 'Common List', item_id: null, added_by_type: '1' }),
    ].map(toItemEntry);
    expect(
      toRooms(items, ROOM_TYPES).map((room) => [
        room.room_name,
        room.id,
        room.itemList.map((item) => item.item_id),
      ]),
    ).toEqual([
      ['Bedroom', 2, ['request-item-1', 'request-item-3']],
      ['Living Room', 1, ['request-item-2']],
      ['Common List', 0, ['request-item-4']],
    ]);
  });

  it('says the list differs on count, quantity, name, comments or images, not on an equal copy', () => {
    const loaded = [serverItem({ id: 1 }), serverItem({ id: 2, name: 'Chair' })].map(toItemEntry);
    const copy = loaded.map((item) => ({ ...item }));
    const first = loaded[0]!;
    expect(itemsDiffer(loaded, copy)).toBe(false);
    expect(itemsDiffer(loaded, copy.slice(1))).toBe(true);
    for (const change of [
      { value: 5 },
      { name: 'Sofa #2' },
      { comments: 'Fragile' },
      { images: [{ image_url: '/uploads/b.jpg' }] },
    ]) {
      expect(itemsDiffer(loaded, [{ ...first, ...change }, copy[1]!])).toBe(true);
    }
  });

  it('sends only the items above 0 as outgoing edit lines the shared schema takes', () => {
    const list = [
      toItemEntry(serverItem({ id: 1, category_name: 'Common List', quantity: 2 })),
      toItemEntry(serverItem({ id: 2, category_name: 'Common List', quantity: 0 })),
      toItemEntry(
        serverItem({
          id: 3,
          item_id: null,
          added_by_type: '1',
          name: 'Piano',
          category_name: 'Common List',
          request_item_image_models: [{ image_url: '/uploads/p.jpg' }],
        }),
      ),
    ];
    const lines = commonListLines(list);
    expect(lines).toEqual([
      expect.objectContaining({ _id: 11, quantity: 2, change_by: '1', type: '1' }),
      expect.objectContaining({
        _id: '',
        name: 'Piano',
        added_by_type: '1',
        category_name: 'Common List',
        items_image_array: [{ _pic: '/uploads/p.jpg' }],
      }),
    ]);
    expect(editItemsBodySchema.safeParse({ request_id: 5, items_array: lines }).success).toBe(true);
  });

  it("gives a room's item without a category the room's name, and leaves out the zeros", () => {
    const rooms = toRooms(
      [
        toItemEntry(serverItem({ id: 1, category_name: 'Bedroom', quantity: 0 })),
        toItemEntry(serverItem({ id: 2, category_name: 'Bedroom' })),
      ],
      ROOM_TYPES,
    );
    rooms[0]!.itemList[1]!.category_name = '';
    expect(roomLines(rooms)).toEqual([
      expect.objectContaining({ category_name: 'Bedroom', quantity: 1 }),
    ]);
  });

  it('sends every extra item, an unticked one with quantity 0', () => {
    const rows = [
      { ...toItemEntry(serverItem({ id: 1, type: ItemType.extra, quantity: 4 })) },
      {
        ...toItemEntry(serverItem({ id: 2, item_id: 12, type: ItemType.extra, quantity: 2 })),
        isSelected: false,
      },
    ];
    const lines = extraItemLines(rows);
    expect(lines.map((line) => [line._id, line.quantity, line.type])).toEqual([
      [11, 4, '2'],
      [12, 0, '2'],
    ]);
    expect(editExtraItemBodySchema.safeParse({ request_id: 5, items_array: lines }).success).toBe(
      true,
    );
  });
});
