import type {
  OpenRequest,
  RequestCount,
  RequestDetail,
  RequestListEntry,
  SessionUser,
} from '@movehub/shared';

/** Test data factories with overrides (the seeded demo customer by default). */
export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    user_type: 1,
    first_name: 'Dana',
    last_name: 'Mover',
    email: 'demo@movehub.test',
    phone: null,
    profile_picture: null,
    customer_rating: 4.5,
    room_id: 'room-1',
    login_by: 'app',
    has_password: true,
    how_found_us: 'facebook',
    invite_friend_code: 'DANA5',
    ...overrides,
  };
}

export function buildRequestEntry(
  overrides: { request?: Partial<RequestListEntry['request']> } & Partial<
    Omit<RequestListEntry, 'request'>
  > = {},
): RequestListEntry {
  const { request, ...rest } = overrides;
  const id = request?.id ?? 101;
  return {
    request: {
      id,
      request_timeline_status: 0,
      request_status: 0,
      s_date: '03-15-2026',
      s_time: '8AM - 12PM Morning',
      start_window_from: null,
      start_window_to: null,
      recommend_amount: 500,
      customer_budget: 450,
      final_amount: null,
      final_comment: null,
      discount: 0,
      request_type: 0,
      public_access_link: `link-${id}`,
      movers: 2,
      ...request,
    },
    request_address: [
      {
        id: 1,
        complete_address: '100 Main St, Los Angeles, CA',
        zip_code: '90001',
        apartment_number: null,
        is_storage: false,
        address_type: 1,
      },
      {
        id: 2,
        complete_address: '200 Oak Ave, Pasadena, CA',
        zip_code: '91101',
        apartment_number: null,
        is_storage: false,
        address_type: 2,
      },
    ],
    request_bid: [],
    company_profile: null,
    company_chat_obj: null,
    foreman_chat_obj: null,
    get_feedback: null,
    status: 1,
    additional_status: 0,
    ...rest,
  };
}

export function buildCounts(overrides: Partial<RequestCount> = {}): RequestCount {
  return { active_request_count: 0, done_request_count: 0, cancle_request_count: 0, ...overrides };
}

type RequestDetailOverrides = { request?: Partial<RequestDetail['request']> } & Partial<
  Omit<RequestDetail, 'request'>
>;

/** A request detail as customer_request_detail answers it (a normal request awaiting bids). */
export function buildRequestDetail(overrides: RequestDetailOverrides = {}): RequestDetail {
  const { request, ...rest } = overrides;
  const entry = buildRequestEntry({ request });
  const detail = {
    request: {
      ...entry.request,
      s_time_change: null,
      move_type: '2 bed room apt.',
      move_type_id: 3,
      net_distance: 12.4,
      final_amount_change: null,
      s_date_change: null,
      item_price_change: null,
      extra_item_price_change: null,
      total_discount: null,
      payment_method: null,
      schedule_time: null,
      rate_method: null,
      cash_payment_rate: null,
      card_payment_rate: null,
      minimum_hours: null,
      cash_min_flat_rate: null,
      cash_max_flat_rate: null,
      card_min_flat_rate: null,
      card_max_flat_rate: null,
      customer_first_name: 'Dana',
      customer_last_name: 'Mover',
      customer_email: 'demo@movehub.test',
      customer_phone_number: '+12135550100',
      ...request,
    },
    request_address: entry.request_address.map((address) => ({
      ...address,
      street_address: null,
      address_detail: null,
      city: null,
      state: null,
      country: 'USA',
      is_stairs: false,
      is_elevator: true,
      is_hardwood_floor: false,
      number_of_flights: 0,
      parking_and_building_info: null,
      latitude: null,
      longitude: null,
    })),
    request_item: [],
    extra_request_items: [],
    request_timeline: [],
    request_timeline_next_before_id: null,
    request_bid: [],
    bid_Accepted_company: null,
    get_foreman_of_company: null,
    truck_array: [],
    get_feedback: null,
    comments_array: [],
    comments_next_before_id: null,
    chat_data_comapny: null,
    chat_data_foreman: null,
    additional_status: 0,
    status: 1,
    delete_address_array: [],
    edit_address_array: [],
    new_address_array: [],
    change_item: [],
    change_item_extra: [],
    company_rating: null,
    customer_rating: null,
    cancellation_refund: null,
    cancellation: null,
    confirmation_letter_pdf: null,
    receipts: [],
    calendar_available: false,
    ...rest,
  } satisfies Omit<RequestDetail, 'token'>;
  // `token` (spec §3, null on this call) joins the shared schema with the detail API; the cast
  // lets the fixture fit the schema with or without it.
  return { token: null, ...detail } as RequestDetail;
}

/** A demo company's partner session user (user_type 2). */
export function buildCompanyUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return buildUser({
    id: 501,
    user_type: 2,
    first_name: 'Swift',
    last_name: 'Movers',
    email: 'swift@movehub.test',
    customer_rating: 0,
    room_id: 'room-company-501',
    invite_friend_code: null,
    how_found_us: null,
    ...overrides,
  });
}

/** An open request as /api/company/open_requests answers it (no customer contact). */
export function buildOpenRequest(overrides: Partial<OpenRequest> = {}): OpenRequest {
  const id = overrides.id ?? 301;
  return {
    id,
    request_timeline_status: 0,
    s_date: '03-15-2026',
    s_time: '8AM - 12PM Morning',
    start_window_from: null,
    start_window_to: null,
    move_type: '1 Bedroom',
    movers: 2,
    net_distance: 12.4,
    distance_from_base: 6.2,
    recommend_amount: 520,
    customer_budget: 450,
    final_comment: 'Fragile mirror.',
    request_address: [
      {
        id: id * 10 + 1,
        address_type: 1,
        complete_address: '350 S Grand Ave, Los Angeles, CA 90071',
        street_address: '350 S Grand Ave',
        zip_code: '90071',
        city: 'Los Angeles',
        state: 'CA',
        country: 'USA',
        apartment_number: null,
        address_detail: null,
        is_storage: false,
        is_stairs: true,
        is_elevator: false,
        is_hardwood_floor: false,
        number_of_flights: 2,
        parking_and_building_info: null,
        latitude: 34.0522,
        longitude: -118.2537,
      },
      {
        id: id * 10 + 2,
        address_type: 2,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90401',
        street_address: '100 Ocean Ave',
        zip_code: '90401',
        city: 'Santa Monica',
        state: 'CA',
        country: 'USA',
        apartment_number: '4B',
        address_detail: null,
        is_storage: false,
        is_stairs: false,
        is_elevator: true,
        is_hardwood_floor: false,
        number_of_flights: 0,
        parking_and_building_info: null,
        latitude: 34.0195,
        longitude: -118.4912,
      },
    ],
    request_item: [
      {
        name: 'Sofa',
        quantity: 1,
        category_name: 'Living room',
        type: 'common',
        size: 'large',
        unit_price: 0,
        additional_info: null,
        image_urls: ['/uploads/bedbedbedbedbedbedbedbedbedbed01.jpg'],
      },
    ],
    extra_request_items: [
      {
        name: 'Moving box',
        quantity: 10,
        category_name: 'Packing',
        type: 'extra',
        size: 'small',
        unit_price: 3,
        additional_info: null,
        image_urls: [],
      },
    ],
    bid_count: 2,
    my_bid: null,
    comments_array: [],
    comments_next_before_id: null,
    ...overrides,
  };
}
