import { ItemType, type ServerItem } from '@movehub/shared';

/** A request's item as customer_request_detail answers it (test data, not imported by the app). */
export function serverItem(overrides: Partial<ServerItem> = {}): ServerItem {
  return {
    id: 1,
    item_id: 11,
    name: 'Sofa',
    quantity: 1,
    value: 1,
    category_name: 'Living Room',
    additional_info: null,
    type: ItemType.regular,
    unit_price: 0,
    size: '3',
    added_by_type: null,
    request_item_image_models: [],
    ...overrides,
  };
}
