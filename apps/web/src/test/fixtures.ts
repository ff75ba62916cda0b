import type { RequestCount, RequestListEntry, SessionUser } from '@movehub/shared';

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
