import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  addAddressBodySchema,
  editExtraItemBodySchema,
  editItemsBodySchema,
} from './request-edits';

const address = {
  request_id: 7,
  complete_address: '1 Colorado Blvd, Pasadena, CA 91101, USA',
  zip_code: '91101',
  latitude: 34.1456,
  longitude: -118.1489,
};
const line = { name: 'Sofa', quantity: 2, type: '1' };

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('the address of add_address and edit_address', () => {
  it("answers the edit screen's texts: zip required, a latitude required", () => {
    for (const zip of [undefined, null, '', '  ']) {
      expect(firstMessage(addAddressBodySchema.safeParse({ ...address, zip_code: zip }))).toBe(
        MSG.zipRequired,
      );
    }
    expect(firstMessage(addAddressBodySchema.safeParse({ ...address, latitude: undefined }))).toBe(
      MSG.addressInvalid,
    );
  });

  it('leaves the type to the server when none is sent, and reads flags and numbers leniently', () => {
    const parsed = addAddressBodySchema.parse({
      ...address,
      zip_code: 91101,
      is_stairs: '1',
      number_of_flights: '2',
    });
    expect(parsed).toMatchObject({
      address_type: null,
      zip_code: '91101',
      is_stairs: true,
      number_of_flights: 2,
    });
  });
});

describe('the item lines of edit_items and edit_extra_item', () => {
  it('keeps only the lines above 0 and reads photos as urls or {_pic}', () => {
    const parsed = editItemsBodySchema.parse({
      request_id: 7,
      items_array: [
        { ...line, items_image_array: ['/uploads/a.jpg', { _pic: '/uploads/b.jpg' }] },
        { ...line, name: 'Lamp', quantity: 0 },
      ],
    });
    expect(parsed.items_array).toHaveLength(1);
    expect(parsed.items_array[0]?.items_image_array).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
  });

  it('holds each call to its type, with the type as the default', () => {
    expect(
      editItemsBodySchema.safeParse({ request_id: 7, items_array: [{ ...line, type: '2' }] })
        .success,
    ).toBe(false);
    const extras = editExtraItemBodySchema.parse({
      request_id: 7,
      items_array: [{ name: 'Tape', quantity: 1 }],
    });
    expect(extras.items_array[0]?.type).toBe('2');
  });

  it("refuses the wizard's bad lines: 4 photos, decimal or negative quantities", () => {
    const bad = [
      { ...line, items_image_array: ['/1', '/2', '/3', '/4'] },
      { ...line, quantity: 1.5 },
      { ...line, quantity: -1 },
      { ...line, quantity: 1000 },
    ];
    for (const l of bad) {
      expect(editItemsBodySchema.safeParse({ request_id: 7, items_array: [l] }).success).toBe(
        false,
      );
    }
  });
});
