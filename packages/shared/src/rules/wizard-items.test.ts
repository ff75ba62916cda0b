import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  QUANTITY_LIMIT_MESSAGE,
  quantityOverLimit,
  canAddCustomItem,
  canAddItemPhoto,
  customItemDuplicateError,
  customItemFields,
  DEFAULT_ITEM_SIZE,
  isImageFile,
  isItemSizeCode,
  isRoomNameValid,
  isValidQuantity,
  ITEM_SIZE_CODES,
  ITEM_SIZES,
  itemSizeLabel,
  itemsForSubmit,
  nextItemName,
  nextRepeatedName,
  nextRoomName,
  QUANTITY_MAX,
  sanitizeQuantity,
  takeItemPhotos,
} from './wizard-items';

describe('item sizes', () => {
  it('are Extra Small to Extra Large with codes 0 to 4, default Extra Small', () => {
    expect(ITEM_SIZES).toEqual(['Extra Small', 'Small', 'Medium', 'Large', 'Extra Large']);
    expect(ITEM_SIZE_CODES).toEqual(['0', '1', '2', '3', '4']);
    expect(itemSizeLabel(DEFAULT_ITEM_SIZE)).toBe('Extra Small');
    expect(itemSizeLabel('2')).toBe('Medium');
    expect(itemSizeLabel('4')).toBe('Extra Large');
  });

  it('know no other codes', () => {
    expect(itemSizeLabel('5')).toBeUndefined();
    expect(itemSizeLabel('')).toBeUndefined();
    expect(isItemSizeCode(2)).toBe(false);
    expect(isItemSizeCode('3')).toBe(true);
  });
});

describe('quantities', () => {
  it('keep whole numbers as typed', () => {
    expect(sanitizeQuantity('7', 'search-list')).toBe(7);
    expect(sanitizeQuantity('12', 'detail')).toBe(12);
    expect(sanitizeQuantity('999', 'extra-item')).toBe(999);
  });

  it('take at most 3 digits', () => {
    expect(sanitizeQuantity('1234', 'search-list')).toBe(123);
    expect(sanitizeQuantity('99999', 'detail')).toBe(999);
    expect(sanitizeQuantity('0012', 'detail')).toBe(12);
    expect(sanitizeQuantity(1500, 'detail')).toBe(QUANTITY_MAX);
    expect(QUANTITY_MAX).toBe(999);
  });

  it('reset on a decimal point: 0 in the search list, 1 in details and extra items', () => {
    expect(sanitizeQuantity('2.5', 'search-list')).toBe(0);
    expect(sanitizeQuantity('3.', 'search-list')).toBe(0);
    expect(sanitizeQuantity('2.5', 'detail')).toBe(1);
    expect(sanitizeQuantity('.', 'detail')).toBe(1);
    expect(sanitizeQuantity('4.0', 'extra-item')).toBe(1);
    expect(sanitizeQuantity(2.5, 'search-list')).toBe(0);
    expect(sanitizeQuantity(2.5, 'detail')).toBe(1);
  });

  it('turn empty or zero into 1 in the detail editor and keep 0 in the search list', () => {
    expect(sanitizeQuantity('', 'detail')).toBe(1);
    expect(sanitizeQuantity('0', 'detail')).toBe(1);
    expect(sanitizeQuantity('000', 'detail')).toBe(1);
    expect(sanitizeQuantity(0, 'detail')).toBe(1);
    expect(sanitizeQuantity('', 'search-list')).toBe(0);
    expect(sanitizeQuantity('0', 'search-list')).toBe(0);
    expect(sanitizeQuantity('', 'extra-item')).toBe(1);
    expect(sanitizeQuantity('0', 'extra-item')).toBe(1);
  });

  it('never go negative', () => {
    expect(sanitizeQuantity('-5', 'search-list')).toBe(5); // the minus key is refused
    expect(sanitizeQuantity('-', 'search-list')).toBe(0);
    expect(sanitizeQuantity('-', 'detail')).toBe(1);
    expect(sanitizeQuantity(-5, 'search-list')).toBe(0);
    expect(sanitizeQuantity(-5, 'detail')).toBe(1);
  });

  it('ignore other characters', () => {
    expect(sanitizeQuantity('1e3', 'search-list')).toBe(13);
    expect(sanitizeQuantity(' 4 ', 'detail')).toBe(4);
    expect(sanitizeQuantity('abc', 'detail')).toBe(1);
    expect(sanitizeQuantity(Number.NaN, 'detail')).toBe(1);
    expect(sanitizeQuantity(Number.POSITIVE_INFINITY, 'search-list')).toBe(0);
  });

  it('are checked on the server as whole numbers from the minimum to 999', () => {
    expect(isValidQuantity(0, 'search-list')).toBe(true);
    expect(isValidQuantity(0, 'detail')).toBe(false);
    expect(isValidQuantity(0, 'extra-item')).toBe(false);
    expect(isValidQuantity(999, 'detail')).toBe(true);
    for (const bad of [-1, 1000, 1.5, '3', null, Number.NaN])
      expect(isValidQuantity(bad, 'search-list'), String(bad)).toBe(false);
  });
});

describe('items for submit', () => {
  it('keep only quantities above 0', () => {
    const list = [
      { name: 'Sofa', value: 2 },
      { name: 'Chair', value: 0 },
      { name: 'Lamp', value: '1' },
      { name: 'Desk', value: '0' },
      { name: 'Rug', value: '' },
    ];
    expect(itemsForSubmit(list).map((i) => i.name)).toEqual(['Sofa', 'Lamp']);
    expect(itemsForSubmit([])).toEqual([]);
  });
});

describe('custom items', () => {
  it("offer 'Add custom item' only after more than 2 characters", () => {
    expect(canAddCustomItem('ab')).toBe(false);
    expect(canAddCustomItem('  ab  ')).toBe(false);
    expect(canAddCustomItem('abc')).toBe(true);
    expect(canAddCustomItem(' abc')).toBe(true);
    expect(canAddCustomItem('')).toBe(false);
  });

  const search = [{ name: 'Sofa' }, { name: 'Dining Table' }];
  const selected = [{ name: 'Grandfather Clock' }, { name: 'Sofa' }];

  it('refuse a name of the search list, trimmed and case-insensitively', () => {
    expect(customItemDuplicateError('  dining TABLE ', search, [])).toBe(
      'Item with exact same name is already exist in search list. Please select from the search list.',
    );
    expect(customItemDuplicateError('sofa', search, selected)).toBe(MSG.duplicateInSearch);
  });

  it('refuse a name of the selected list', () => {
    expect(customItemDuplicateError('GRANDFATHER clock ', search, selected)).toBe(
      'Item with exact same name is already exist in selected items list.',
    );
  });

  it('accept a new name, including one that only contains a listed one', () => {
    expect(customItemDuplicateError('Piano', search, selected)).toBeNull();
    expect(customItemDuplicateError('Sofa bed', search, selected)).toBeNull();
  });

  it('go under Common List in USD, trimmed, Extra Small, added by the customer', () => {
    expect(customItemFields('  Piano bench ')).toEqual({
      id: '',
      name: 'Piano bench',
      category_name: 'Common List',
      currency: 'USD',
      added_by_type: '1',
      type: '1',
      size: '0',
    });
  });
});

describe('repeated names', () => {
  it("keep the first plain and number the next ones ' #n'", () => {
    const rooms: { room_name: string }[] = [];
    for (let i = 0; i < 4; i++) rooms.push({ room_name: nextRoomName('Bedroom', rooms) });
    expect(rooms.map((r) => r.room_name)).toEqual([
      'Bedroom',
      'Bedroom #2',
      'Bedroom #3',
      'Bedroom #4',
    ]);
  });

  it('count only entries of the same name', () => {
    const rooms = [{ room_name: 'Bedroom' }, { room_name: 'Kitchen' }, { room_name: 'Bedroom #2' }];
    expect(nextRoomName('Kitchen', rooms)).toBe('Kitchen #2');
    expect(nextRoomName('Garage', rooms)).toBe('Garage');
    expect(nextRoomName('Bedroom', rooms)).toBe('Bedroom #3');
  });

  it('compare trimmed and case-insensitively', () => {
    expect(nextRoomName(' Bedroom ', [{ room_name: 'bedroom' }])).toBe('Bedroom #2');
  });

  it('does not count a renamed entry or a longer name', () => {
    const rooms = [
      { room_name: 'Bedroom' },
      { room_name: 'Kids room' },
      { room_name: 'Bedroom 2' },
    ];
    expect(nextRoomName('Bedroom', rooms)).toBe('Bedroom #2');
  });

  it('never reuses a name still in use after a deletion', () => {
    // 'Bedroom #2' was deleted: the count says #3, which is taken, so #4.
    expect(nextRoomName('Bedroom', [{ room_name: 'Bedroom' }, { room_name: 'Bedroom #3' }])).toBe(
      'Bedroom #4',
    );
    // the plain one was deleted: the count says #2, which is taken, so #3.
    expect(nextRoomName('Bedroom', [{ room_name: 'Bedroom #2' }])).toBe('Bedroom #3');
  });

  it('treat names with special characters literally', () => {
    expect(nextRepeatedName('Box (S)', ['Box (S)', 'Box (S) #2'])).toBe('Box (S) #3');
    expect(nextRepeatedName('TV 50"+', ['TV 50"+'])).toBe('TV 50"+ #2');
  });

  it('apply to catalogue items the same way', () => {
    const items = [{ name: 'Chair' }, { name: 'Chair #2' }, { name: 'Table' }];
    expect(nextItemName('Chair', items)).toBe('Chair #3');
    expect(nextItemName('Lamp', items)).toBe('Lamp');
  });

  it('require a room name', () => {
    expect(isRoomNameValid('Bedroom')).toBe(true);
    expect(isRoomNameValid('   ')).toBe(false);
    expect(isRoomNameValid('')).toBe(false);
    expect(isRoomNameValid(null)).toBe(false);
  });
});

describe('item photos', () => {
  const jpg = { name: 'a.jpg', type: 'image/jpeg' };
  const png = { name: 'b.png', type: 'image/png' };
  const heic = { name: 'c.heic', type: 'image/heic' };
  const pdf = { name: 'd.pdf', type: 'application/pdf' };
  const unknown = { name: 'e', type: '' };

  it('are images only', () => {
    for (const ok of [jpg, png, heic, { type: 'image/svg+xml' }])
      expect(isImageFile(ok)).toBe(true);
    for (const bad of [
      pdf,
      unknown,
      { type: 'text/plain' },
      { type: 'image/' },
      { type: 'images/png' },
    ])
      expect(isImageFile(bad), bad.type).toBe(false);
  });

  it('are at most 3 per item', () => {
    expect(canAddItemPhoto(0)).toBe(true);
    expect(canAddItemPhoto(2)).toBe(true);
    expect(canAddItemPhoto(3)).toBe(false);
  });

  it('take the chosen images in order up to 3 and say why others were refused', () => {
    expect(takeItemPhotos(1, [jpg, pdf, png, heic, unknown])).toEqual({
      accepted: [jpg, png],
      notImages: [pdf, unknown],
      overLimit: [heic],
    });
    expect(takeItemPhotos(3, [jpg])).toEqual({ accepted: [], notImages: [], overLimit: [jpg] });
    expect(takeItemPhotos(0, [])).toEqual({ accepted: [], notImages: [], overLimit: [] });
  });
});

describe('the quantity limit message', () => {
  it('tells when a 4th digit was typed, and not otherwise', () => {
    expect(quantityOverLimit('1234')).toBe(true);
    expect(quantityOverLimit('999')).toBe(false);
    expect(quantityOverLimit('0999')).toBe(false);
    expect(quantityOverLimit('1.5')).toBe(false);
    expect(QUANTITY_LIMIT_MESSAGE).toBe('At most 999 of one item.');
  });
});
