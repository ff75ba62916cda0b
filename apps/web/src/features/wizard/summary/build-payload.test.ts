import { describe, expect, it } from 'vitest';
import {
  calculateEstimatedPriceBodySchema,
  generateDirectRequestBodySchema,
  generateRequestBodySchema,
} from '@movehub/shared';
import { buildDirectRequestPayload, buildEstimateBody, buildRequestPayload } from './build-payload';
import { emptyAddress } from '../draft';
import { buildDraft, MOVE_DATE } from '../test-draft';

const CONTACT = {
  customer_first_name: ' Ana ',
  customer_last_name: 'Lopez',
  customer_email: 'ana@example.com',
  customer_phone_number: '(310) 555-0142',
};

describe('buildRequestPayload (normal mode)', () => {
  it('parses with the generate_request schema the server validates with', () => {
    const parsed = generateRequestBodySchema.safeParse(buildRequestPayload(buildDraft()));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('sends request_type 0, the price, date MM-DD-YYYY, the window and the payment status', () => {
    const payload = buildRequestPayload(buildDraft());
    expect(payload).toMatchObject({
      request_type: '0',
      customer_budget: '1500',
      s_date: MOVE_DATE,
      s_time: '08:00 - 09:00',
      schedule_time: '08:00 - 09:00',
      start_window_from: '08:00',
      start_window_to: '09:00',
      move_type: 3,
      payment_status: '0',
      final_comment: 'Piano on the second floor',
      starting_lat: 34.05,
      starting_long: -118.24,
    });
  });

  it('sends a premade window under its label', () => {
    const draft = buildDraft({
      timeRange: {
        move_duration: '08:00 - 12:00',
        start_window_from: '08:00',
        start_window_to: '12:00',
      },
    });
    expect(buildRequestPayload(draft).s_time).toBe('8AM - 12PM Morning');
  });

  it('defaults movers from the move size and keeps a chosen count', () => {
    expect(buildRequestPayload(buildDraft()).movers).toBe(3);
    expect(buildRequestPayload(buildDraft({ moveType: { id: 1, name: 'Studio' } })).movers).toBe(2);
    const chosen = buildDraft({ requestKeyValue: { ...buildDraft().requestKeyValue, movers: 4 } });
    expect(buildRequestPayload(chosen).movers).toBe(4);
  });

  it('turns each address into the wire fields, A the pick-up and the others drop-offs', () => {
    const [a, b, c] = buildRequestPayload(buildDraft()).address_array;
    expect(a).toEqual({
      street_address: '100 Main St',
      apartment_number: '4B',
      address_detail: 'Gate code 1234',
      is_storage: false,
      complete_address: '100 Main St, Los Angeles, CA 90012, USA',
      zip_code: '90012',
      city: 'Los Angeles',
      state: 'CA',
      country: 'USA',
      is_stairs: true,
      is_elevator: false,
      is_hardwood_floor: true,
      number_of_flights: 2,
      parking_and_building_info: 'Loading zone in front',
      latitude: 34.05,
      longitude: -118.24,
      address_type: '1',
    });
    // No street parts: the address text; an elevator counts no flights, whatever was typed.
    expect(b).toMatchObject({
      street_address: '200 Ocean Ave, Santa Monica, CA 90401, USA',
      is_storage: true,
      is_elevator: true,
      is_stairs: false,
      number_of_flights: 0,
      address_type: '2',
    });
    expect(c).toMatchObject({ is_stairs: true, number_of_flights: 0, address_type: '2' });
  });

  it('sends the country as USA, whatever geocoding called it (spec §7)', () => {
    const draft = buildDraft();
    draft.addressList = draft.addressList.map((a, i) => ({
      ...a,
      country: ['United States', 'US', 'Pakistan'][i] ?? a.country,
    }));
    const countries = buildRequestPayload(draft).address_array.map((a) => a.country);
    expect(countries).toEqual(['USA', 'USA', 'USA']);
  });

  it('leaves out an address card that was never filled', () => {
    const draft = buildDraft();
    draft.addressList = [...draft.addressList, emptyAddress(3)];
    expect(buildRequestPayload(draft).address_array).toHaveLength(3);
  });

  it('sends the items with a quantity and the ticked extra items as type 2', () => {
    const items = buildRequestPayload(buildDraft()).items_array ?? [];
    expect(items.map((i) => [i.name, i.type, i.quantity])).toEqual([
      ['Sofa', '1', 2],
      ['Floor lamp', '1', 1],
      ['Moving box (large)', '2', 10],
    ]);
    expect(items[0]).toEqual({
      _id: 11,
      category_name: 'Living Room',
      name: 'Sofa',
      type: '1',
      size: '3',
      unit_price: 0,
      currency: 'USD',
      quantity: 2,
      additional_info: 'Leather, handle with care',
      items_image_array: [],
      added_by_type: '',
    });
    // A custom item in a room: no catalogue id, the room's name, its photos' urls.
    expect(items[1]).toMatchObject({
      _id: '',
      category_name: 'Living Room',
      added_by_type: '1',
      items_image_array: ['/uploads/item/lamp-1.jpg', '/uploads/item/lamp-2.jpg'],
    });
    expect(items[2]).toMatchObject({
      _id: 90,
      unit_price: 4.5,
      category_name: 'Packing Materials',
    });
  });

  it('sends the common list when that was the chosen way of adding items', () => {
    const draft = buildDraft({
      addItemsOptionType: 'by_common_list',
      commonList: buildDraft().rooms[0]?.itemList.map((item) => ({ ...item, category_name: '' })),
    });
    const items = buildRequestPayload(draft).items_array ?? [];
    expect(items.filter((i) => i.type === '1').map((i) => [i.name, i.category_name])).toEqual([
      ['Sofa', 'Common List'],
      ['Floor lamp', 'Common List'],
    ]);
  });

  it('is refused by the schema without a price of at least 1', () => {
    const draft = buildDraft({
      requestKeyValue: { ...buildDraft().requestKeyValue, customer_price: '0' },
    });
    expect(generateRequestBodySchema.safeParse(buildRequestPayload(draft)).success).toBe(false);
  });
});

describe('buildDirectRequestPayload (direct-link mode)', () => {
  const draft = buildDraft({ requestKeyValue: { ...buildDraft().requestKeyValue, ...CONTACT } });

  it('parses with the direct schema the server validates with', () => {
    const parsed = generateDirectRequestBodySchema.safeParse(
      buildDirectRequestPayload(draft, 'swift-la'),
    );
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('drops request_type and the price, and adds the contact, the +1 phone and the link', () => {
    const payload = buildDirectRequestPayload(draft, 'swift-la');
    expect(payload).not.toHaveProperty('request_type');
    expect(payload).not.toHaveProperty('customer_budget');
    expect(payload).toMatchObject({
      first_name: 'Ana',
      last_name: 'Lopez',
      email: 'ana@example.com',
      customer_phone_number: '+13105550142',
      phone_number: '+13105550142',
      direct_access_link: 'swift-la',
      start_window_from: '08:00',
      start_window_to: '09:00',
      movers: 3,
    });
  });
});

describe('buildEstimateBody', () => {
  it('parses with the estimate schema and carries the same items, addresses and movers', () => {
    const body = buildEstimateBody(buildDraft());
    expect(calculateEstimatedPriceBodySchema.safeParse(body).success).toBe(true);
    expect(body.items_id_array).toEqual([
      { _id: 11, name: 'Sofa', type: '1', unit_price: 0, size: '3', quantity: 2 },
      { _id: '', name: 'Floor lamp', type: '1', unit_price: 0, size: '1', quantity: 1 },
      { _id: 90, name: 'Moving box (large)', type: '2', unit_price: 4.5, size: '0', quantity: 10 },
    ]);
    expect(body.address_array).toHaveLength(3);
    expect(body).toMatchObject({ move_type: 3, movers: 3 });
  });
});
