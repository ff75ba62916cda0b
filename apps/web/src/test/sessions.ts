import type { SessionUser } from '@movehub/shared';
import { setSession } from '../lib/storage';
import type { RecordedCall, StubHandler } from './fetch-stub';
import { buildCounts, buildUser } from './fixtures';

/*
 * Signing in as the app does (the session in storage, where the guards read it) and the calls
 * the real layouts make around a screen, so that a test renders a screen at its real URL through
 * `renderApp` with only its own calls to add.
 */

/** A customer signed in (the token and the user in the customer's slot). */
export function signInCustomer(user: SessionUser = buildUser(), token = 'token-abc'): SessionUser {
  setSession(token, user);
  return user;
}

/**
 * The dashboard layout's own calls (app/layouts/dashboard-layout.tsx): the sidebar's profile
 * refresh (answered with `user`, which it stores), the bell's notifications and the chat link's
 * unread dot. A screen's own stubs go after these and may replace them.
 */
export function dashboardStubs(user: SessionUser = buildUser()): Record<string, StubHandler> {
  return {
    'GET /api/customer/profile_customer': {
      code: 200,
      profile: user,
      customer_rating: user.customer_rating,
    },
    'GET /app_api/get_notification': {
      code: 200,
      data: [],
      notification_count: 0,
      next_before_id: null,
    },
    'POST /app_api/channels': {
      code: 200,
      request_data: [],
      request_data_foreman: [],
      next_before_id: null,
      profile: {
        room_id: user.room_id,
        first_name: user.first_name,
        last_name: user.last_name,
        profile_picture: user.profile_picture,
      },
    },
  };
}

/** The paths the dashboard layout calls by itself. */
const DASHBOARD_LAYOUT_PATHS = new Set(
  Object.keys(dashboardStubs()).map((key) => key.slice(key.indexOf(' ') + 1)),
);

/**
 * The calls a screen made, without the dashboard layout's own (the profile refresh, the
 * notifications, the chat list). A screen that makes one of those calls itself reads `calls`.
 */
export function screenCalls(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => !DASHBOARD_LAYOUT_PATHS.has(call.path));
}

/**
 * Where a customer lands once signed in (/dashboard, which is My Requests): the dashboard
 * layout's calls and an empty list of requests.
 */
export function customerHomeStubs(user: SessionUser = buildUser()): Record<string, StubHandler> {
  return {
    ...dashboardStubs(user),
    'POST /api/customer/get_customer_request': {
      code: 200,
      data: [],
      request_count: buildCounts(),
      next_before_id: null,
    },
  };
}

/** The map's configuration (lib/maps), offline: no tiles are fetched. */
export const GEO_CONFIG_STUB: StubHandler = {
  code: 200,
  data: {
    map_tile_url: null,
    provider: 'offline',
    default_center: { lat: 33.9679, lng: -118.297 },
    default_zoom: 11,
  },
};

/** Where a company lands in the console (/partner, which is Open requests): none open. */
export function companyHomeStubs(): Record<string, StubHandler> {
  return {
    'POST /api/company/open_requests': { code: 200, data: [], next_before_id: null },
    'GET /api/geo/config': GEO_CONFIG_STUB,
  };
}

/** Where a foreman lands (/partner/foreman, his jobs): none today, upcoming or recent. */
export function foremanHomeStubs(): Record<string, StubHandler> {
  return {
    'POST /api/foreman/jobs': {
      code: 200,
      data: { today_date: '2026-03-15', today: [], upcoming: [], recent: [] },
    },
  };
}
