import { ItemType, type CatalogueItem } from '@movehub/shared';

/** Catalogue test data of the item steps (not imported by the app), shaped as the server sends it. */

let nextId = 500;

export function buildCatalogueItem(overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  nextId += 1;
  return {
    id: nextId,
    name: 'Dresser',
    type: ItemType.regular,
    size: '3',
    category_name: 'Bedroom',
    category_id: 2,
    unit_price: 60,
    currency: 'USD',
    desciption: '',
    is_active: true,
    ...overrides,
  };
}

export const MOVE_TYPES = [
  { id: 1, name: 'Studio' },
  { id: 2, name: '1 bed room apt.' },
  { id: 3, name: '2 bed room apt.' },
  { id: 4, name: '3 bed room apt.' },
];

export const ROOM_TYPES = [
  { id: 1, name: 'Living Room' },
  { id: 2, name: 'Bedroom' },
];

export const BEDROOM_ITEMS: CatalogueItem[] = [
  buildCatalogueItem({ id: 21, name: 'Queen bed frame', size: '3' }),
  buildCatalogueItem({ id: 22, name: 'Nightstand', size: '1' }),
  buildCatalogueItem({ id: 23, name: 'Dresser', size: '3' }),
];

export const LIVING_ROOM_ITEMS: CatalogueItem[] = [
  buildCatalogueItem({
    id: 11,
    name: 'Sofa 3-seat',
    size: '3',
    category_name: 'Living Room',
    category_id: 1,
  }),
  buildCatalogueItem({
    id: 12,
    name: 'Armchair',
    size: '2',
    category_name: 'Living Room',
    category_id: 1,
  }),
];

export const COMMON_ITEMS: CatalogueItem[] = [
  buildCatalogueItem({
    id: 31,
    name: 'Box (small)',
    size: '0',
    category_name: 'Common List',
    category_id: 9,
  }),
  buildCatalogueItem({
    id: 32,
    name: 'Box (large)',
    size: '1',
    category_name: 'Common List',
    category_id: 9,
  }),
  buildCatalogueItem({
    id: 33,
    name: 'Chair',
    size: '1',
    category_name: 'Common List',
    category_id: 9,
  }),
  buildCatalogueItem({
    id: 34,
    name: 'Television',
    size: '2',
    category_name: 'Common List',
    category_id: 9,
  }),
];

export const PACKING_MATERIALS: CatalogueItem[] = [
  buildCatalogueItem({
    id: 41,
    name: 'Small box',
    type: ItemType.extra,
    size: '0',
    category_name: 'Packing Materials',
    category_id: 20,
    unit_price: 3,
    desciption: 'A 1.5 cu ft box for heavy things such as books, tools and canned food.',
  }),
  buildCatalogueItem({
    id: 42,
    name: 'Bubble wrap roll',
    type: ItemType.extra,
    size: '0',
    category_name: 'Packing Materials',
    category_id: 20,
    unit_price: 20,
    desciption: 'A 12 in by 100 ft roll to cushion fragile and breakable items.',
  }),
];
