import type { ForemanJob, ForemanJobDetail, ServerAddress } from '@movehub/shared';
import { buildCompanyUser } from '../../test/fixtures';

/* Test data of the foreman's screens, shaped as the API answers them. */

export const buildForemanUser = () =>
  buildCompanyUser({
    id: 601,
    user_type: 3,
    first_name: 'Carlos',
    last_name: 'Ramirez',
    room_id: 'room-foreman-601',
  });

export function buildForemanJob(overrides: Partial<ForemanJob> = {}): ForemanJob {
  return {
    id: 701,
    request_timeline_status: 4,
    request_status: 0,
    s_date: '03-15-2026',
    move_date: '2026-03-15',
    s_time: null,
    start_window_from: '08:00',
    start_window_to: '09:00',
    move_type: '1 Bedroom',
    movers: 2,
    request_address: [
      {
        id: 1,
        address_type: 1,
        complete_address: '350 S Grand Ave, Los Angeles, CA 90071',
        latitude: 34.0522,
        longitude: -118.2437,
      },
      {
        id: 2,
        address_type: 2,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90402',
        latitude: null,
        longitude: null,
      },
    ],
    item_count: 3,
    packing_count: 0,
    customer_first_name: 'Robin',
    ...overrides,
  };
}

const address = (overrides: Partial<ServerAddress>): ServerAddress => ({
  id: 1,
  address_type: 1,
  complete_address: '350 S Grand Ave, Los Angeles, CA 90071',
  street_address: null,
  zip_code: '90071',
  apartment_number: null,
  address_detail: null,
  city: 'Los Angeles',
  state: 'CA',
  country: 'US',
  is_storage: false,
  is_stairs: false,
  is_elevator: true,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: null,
  latitude: 34.0522,
  longitude: -118.2437,
  ...overrides,
});

export function buildForemanJobDetail(overrides: Partial<ForemanJobDetail> = {}): ForemanJobDetail {
  return {
    id: 701,
    request_timeline_status: 4,
    request_status: 0,
    s_date: '03-15-2026',
    move_date: '2026-03-15',
    s_time: null,
    start_window_from: '08:00',
    start_window_to: '09:00',
    move_type: '1 Bedroom',
    movers: 2,
    // The day before the move: its start window is open (decision 042).
    today_date: '2026-03-14',
    final_comment: 'The piano is on the second floor.',
    request_address: [
      address({}),
      address({
        id: 2,
        address_type: 2,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90402',
        zip_code: '90402',
        latitude: null,
        longitude: null,
      }),
    ],
    request_item: [
      {
        id: 11,
        item_id: 3,
        name: 'Sofa',
        quantity: 2,
        value: 2,
        category_name: 'Living room',
        additional_info: 'Leather',
        type: '1',
        unit_price: 40,
        size: '3',
        added_by_type: null,
        request_item_image_models: [{ image_url: '5afa5afa5afa5afa5afa5afa5afa5afa.jpg' }],
      },
    ],
    extra_request_items: [
      {
        id: 12,
        item_id: null,
        name: 'Piano',
        quantity: 1,
        value: 1,
        category_name: '',
        additional_info: null,
        type: '2',
        unit_price: 150,
        size: '4',
        added_by_type: '1',
        request_item_image_models: [],
      },
    ],
    customer: {
      first_name: 'Robin',
      last_name: 'Hart',
      phone: '+13105550101',
      room_id: 'room-customer-1',
    },
    company_name: 'Swift Movers',
    trucks: [{ name: '26 ft box truck' }],
    started_at: null,
    completed_at: null,
    request_timeline: [],
    chat: null,
    ...overrides,
  };
}
