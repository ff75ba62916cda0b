import {
  CURRENCY,
  DEFAULT_ITEM_SIZE,
  isItemSizeCode,
  ItemType,
  type CatalogueItem,
} from '@movehub/shared';
import { centsToDollars } from '../../lib/wire';
import type { CatalogueItemRow } from './catalogue.service';

/** spec/request-lifecycle.md §3 Item, as the catalogue calls send it (`desciption` as spelt). */
export function toCatalogueItem({ item, categoryName }: CatalogueItemRow): CatalogueItem {
  return {
    id: item.id,
    name: item.name,
    type: item.type === ItemType.extra ? ItemType.extra : ItemType.regular,
    size: isItemSizeCode(item.size) ? item.size : DEFAULT_ITEM_SIZE,
    category_name: categoryName,
    category_id: item.categoryId,
    unit_price: centsToDollars(item.unitPriceCents) ?? 0,
    currency: CURRENCY,
    desciption: item.description,
    is_active: item.isActive,
  };
}
