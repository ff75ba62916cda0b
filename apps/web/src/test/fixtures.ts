import type { RequestCount, RequestDetail, RequestListEntry, SessionUser } from '@movehub/shared';

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
      customer_phone_number: '(213) 555-0100',
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
    request_bid: [],
    bid_Accepted_company: null,
    get_foreman_of_company: null,
    truck_array: [],
    get_feedback: null,
    comments_array: [],
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
    confirmation_letter_pdf: null,
    receipts: [],
    calendar_available: false,
    ...rest,
  } satisfies Omit<RequestDetail, 'token'>;
  // `token` (spec §3, null on this call) joins the shared schema with the detail API; the cast
  // lets the fixture fit the schema with or without it.
  return { token: null, ...detail } as RequestDetail;
}
