import { ItemType, toSpecDate, addLocalDays } from '@movehub/shared';
import { stubFetch, type StubHandler, type StubReply } from '../../test/fetch-stub';
import { cardsReply } from '../../lib/card-form/card-test-helpers';
import {
  emptyAddress,
  emptyDraft,
  Screen,
  type WizardAddress,
  type WizardDraft,
  type WizardItem,
} from './draft';

/** Test data of the last wizard steps (not imported by the app): a draft ready to be sent. */

export function buildAddress(index: number, overrides: Partial<WizardAddress> = {}): WizardAddress {
  return { ...emptyAddress(index), isEmpty: false, ...overrides };
}

export function buildItem(overrides: Partial<WizardItem> = {}): WizardItem {
  return {
    item_id: `item-${overrides.name ?? 'x'}`,
    id: 11,
    name: 'Sofa',
    value: 1,
    comments: '',
    images: [],
    type: ItemType.regular,
    size: '3',
    category_name: 'Living Room',
    category_id: 2,
    unit_price: 0,
    currency: 'USD',
    desciption: '',
    is_active: true,
    added_by_type: '',
    isSelected: false,
    ...overrides,
  };
}

/** The move date: tomorrow, as MM-DD-YYYY (the server refuses a past day). */
export const MOVE_DATE = toSpecDate(addLocalDays(new Date(), 1));

/**
 * A three-address move of a '2 bed room apt.' by room (a living room with a sofa, a custom lamp
 * with two photos and an item left at 0), a box of packing material ticked and one not.
 */
export function buildDraft(overrides: Partial<WizardDraft> = {}): WizardDraft {
  return {
    ...emptyDraft(),
    screen: Screen.summary,
    date: MOVE_DATE,
    timeRange: {
      move_duration: '08:00 - 09:00',
      start_window_from: '08:00',
      start_window_to: '09:00',
    },
    moveType: { id: 3, name: '2 bed room apt.' },
    addItemsOptionType: 'by_room',
    addressList: [
      buildAddress(0, {
        address: '100 Main St, Los Angeles, CA 90012, USA',
        street_number: '100',
        route: 'Main St',
        zip_code: '90012',
        city: 'Los Angeles',
        state: 'California',
        state_code: 'CA',
        country: 'USA',
        lat: 34.05,
        lng: -118.24,
        unitNumber: '4B',
        addressDetails: 'Gate code 1234',
        liftType: 'stairs',
        flights: 2,
        isHardwoodFloor: true,
        parkingInfo: 'Loading zone in front',
      }),
      buildAddress(1, {
        address: '200 Ocean Ave, Santa Monica, CA 90401, USA',
        zip_code: '90401',
        city: 'Santa Monica',
        state: 'CA',
        country: 'United States',
        lat: 34.01,
        lng: -118.49,
        liftType: 'elevator',
        flights: 3,
        isStorage: true,
      }),
      buildAddress(2, {
        address: 'Storage Unit, Los Angeles, CA 90001',
        zip_code: '90001',
        city: 'Los Angeles',
        state_code: 'CA',
        country: 'US',
        lat: 33.97,
        lng: -118.25,
        liftType: 'stairs',
        flights: 0,
      }),
    ],
    rooms: [
      {
        room_id: 'room-1',
        id: 2,
        room_name: 'Living Room',
        itemList: [
          buildItem({ name: 'Sofa', value: 2, comments: 'Leather, handle with care' }),
          buildItem({
            id: '',
            name: 'Floor lamp',
            value: 1,
            size: '1',
            category_name: 'Common List',
            added_by_type: '1',
            images: [
              { image_url: '/uploads/item/lamp-1.jpg' },
              { image_url: '/uploads/item/lamp-2.jpg' },
            ],
          }),
          buildItem({ id: 12, name: 'Armchair', value: 0, size: '2' }),
        ],
      },
    ],
    extraItemsList: [
      buildItem({
        id: 90,
        name: 'Moving box (large)',
        type: ItemType.extra,
        category_name: 'Packing Materials',
        unit_price: 4.5,
        size: '0',
        value: 10,
        isSelected: true,
      }),
      buildItem({
        id: 91,
        name: 'Bubble wrap roll',
        type: ItemType.extra,
        category_name: 'Packing Materials',
        unit_price: 12,
        size: '0',
        value: 0,
        isSelected: false,
      }),
    ],
    ...overrides,
    requestKeyValue: {
      ...emptyDraft().requestKeyValue,
      comments: 'Piano on the second floor',
      customer_price: '1500',
      ...overrides.requestKeyValue,
    },
  };
}

// --- the server the last steps talk to ---------------------------------------------------------

/** The estimate grows with the movers, so a recalculation shows. */
const estimateReply = (body: unknown): StubReply => {
  const movers = Number((body as { movers: number }).movers);
  return {
    code: 200,
    data: { Estimated_Price_Start: 400 * movers, Estimated_Price_End: 500 * movers + 67 },
  };
};

export const CREATED: StubReply = {
  code: 200,
  message: 'Request sent to moving companies.',
  data: { Request_ID: { id: 41, public_access_link: 'pub-41' }, phone: null },
};

export function stubWizardServer(handlers: Record<string, StubHandler> = {}) {
  const stub = stubFetch({
    'POST /api/customer/calculate_estimated_price': estimateReply,
    'POST /api/customer/checking_card_exist': cardsReply([]),
    'POST /api/customer/generate_request': CREATED,
    'POST /api/company/generate_request_by_customer': CREATED,
    'POST /api/sale_team/generate_request_by_customer': CREATED,
    ...handlers,
  });
  const callsTo = (path: string) => stub.calls.filter((call) => call.path === path);
  return { ...stub, callsTo };
}
