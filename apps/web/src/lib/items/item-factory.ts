import {
  customItemFields,
  ItemType,
  itemsForSubmit,
  nextItemName,
  sanitizeQuantity,
  type CatalogueItem,
} from '@movehub/shared';
import { localId } from '../local-id';
import type { ItemEntry } from './item-model';

/*
 * Catalogue items become the draft's items (spec/request-lifecycle.md §3 "Item"). The rules
 * themselves (names, quantities, custom fields) live in @movehub/shared; this only maps fields.
 */

/** A catalogue item as one entry of a room or the common list, under `name`, `value` times. */
export function catalogueItemEntry(item: CatalogueItem, name: string, value: number): ItemEntry {
  return {
    item_id: localId('item'),
    id: item.id,
    name,
    value,
    comments: '',
    // spec §5 "Naming": a repeated catalogue item starts without the photos of the first one.
    images: [],
    type: item.type,
    size: item.size,
    category_name: item.category_name,
    category_id: item.category_id,
    unit_price: item.unit_price,
    currency: item.currency,
    desciption: item.desciption,
    is_active: item.is_active,
    added_by_type: '',
    isSelected: false,
  };
}

/** One catalogue item picked in the search list with the quantity typed next to it. */
export interface CataloguePick {
  item: CatalogueItem;
  value: number;
}

/**
 * spec §5 "Add-to-move takes only items with quantity above 0"; each pick becomes a new entry,
 * a repeated name getting ' #n' among the entries already there and those added before it.
 */
export function addCatalogueItems(
  selected: readonly ItemEntry[],
  picks: readonly CataloguePick[],
): ItemEntry[] {
  const added: ItemEntry[] = [];
  for (const pick of itemsForSubmit(picks)) {
    const name = nextItemName(pick.item.name, [...selected, ...added]);
    added.push(catalogueItemEntry(pick.item, name, pick.value));
  }
  return added;
}

/** spec §3 and §5: a custom item under Common List, USD, Extra Small, quantity 1. */
export function customItemEntry(typed: string): ItemEntry {
  const fields = customItemFields(typed);
  return {
    item_id: localId('item'),
    id: fields.id,
    name: fields.name,
    value: 1,
    comments: '',
    images: [],
    type: fields.type,
    size: fields.size,
    category_name: fields.category_name,
    category_id: null,
    unit_price: 0,
    currency: fields.currency,
    desciption: '',
    is_active: true,
    added_by_type: fields.added_by_type,
    isSelected: false,
  };
}

/**
 * The extra items of step 5 as the draft keeps them: every packing material of the catalogue,
 * with what was chosen before (spec §4 "Item editing": unticked has quantity 0).
 */
export function mergeExtraItems(
  catalogue: readonly CatalogueItem[],
  chosen: readonly ItemEntry[],
): ItemEntry[] {
  return catalogue.map((item) => {
    const previous = chosen.find((entry) => entry.id === item.id);
    const base = catalogueItemEntry(item, item.name, 0);
    if (!previous) return { ...base, type: ItemType.extra };
    const selected = previous.isSelected && previous.value > 0;
    return {
      ...base,
      item_id: previous.item_id,
      type: ItemType.extra,
      isSelected: selected,
      value: selected ? sanitizeQuantity(previous.value, 'extra-item') : 0,
    };
  });
}
