import { describe, expect, it } from 'vitest';
import { ItemType } from '@movehub/shared';
import { addCatalogueItems, customItemEntry, mergeExtraItems } from './item-factory';
import { COMMON_ITEMS, PACKING_MATERIALS } from './test-catalogue';

const [smallBox, , chair] = [COMMON_ITEMS[0]!, COMMON_ITEMS[1]!, COMMON_ITEMS[2]!];

describe('item factory', () => {
  it("adds only the picks above 0 and counts the ones added in the same go for ' #n'", () => {
    const added = addCatalogueItems(
      [customItemEntry('chair')],
      [
        { item: chair, value: 1 },
        { item: smallBox, value: 0 },
        { item: chair, value: 3 },
      ],
    );
    expect(added.map((item) => [item.name, item.value, item.id])).toEqual([
      ['Chair #2', 1, 33],
      ['Chair #3', 3, 33],
    ]);
    expect(new Set(added.map((item) => item.item_id)).size).toBe(2);
  });

  it('keeps every packing material as an extra item, unticked ones at 0', () => {
    const [first, second] = PACKING_MATERIALS as [
      (typeof PACKING_MATERIALS)[0],
      (typeof PACKING_MATERIALS)[0],
    ];
    const chosen = mergeExtraItems(PACKING_MATERIALS, []).map((item) =>
      // A ticked entry at 0 reads as unticked.
      item.id === second.id
        ? { ...item, isSelected: true, value: 5 }
        : { ...item, isSelected: true },
    );
    const merged = mergeExtraItems(PACKING_MATERIALS, chosen);
    expect(merged.map((item) => [item.id, item.type, item.isSelected, item.value])).toEqual([
      [first.id, ItemType.extra, false, 0],
      [second.id, ItemType.extra, true, 5],
    ]);
    expect(merged[1]?.item_id).toBe(chosen[1]?.item_id);
  });
});
