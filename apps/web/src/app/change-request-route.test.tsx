import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../lib/storage';
import { stubFetch } from '../test/fetch-stub';
import { buildCounts, buildRequestDetail, buildUser } from '../test/fixtures';
import { renderApp } from '../test/render';

/** Signed in, with the dashboard's own calls and a request's detail answered. */
function signIn() {
  setSession('token-abc', buildUser());
  return stubFetch({
    'GET /api/customer/profile_customer': { code: 200, profile: buildUser(), customer_rating: 4.5 },
    'POST /api/customer/get_customer_request': {
      code: 200,
      data: [],
      request_count: buildCounts(),
      next_before_id: null,
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
      profile: { room_id: 'room-1', first_name: 'Dana', last_name: 'Mover', profile_picture: null },
    },
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({ request: { id: 42 } }),
    },
    'GET /api/geo/config': {
      code: 200,
      data: {
        map_tile_url: null,
        provider: 'offline',
        default_center: { lat: 33.9679, lng: -118.297 },
        default_zoom: 11,
      },
    },
  });
}

describe('the change confirmation route', () => {
  it.each(['request', 'address', 'items', 'extra-items'])(
    "opens 'Request DETAIL' for type %s",
    async (type) => {
      signIn();
      renderApp(`/dashboard/my-requests/change-request/${type}/42`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
      ).toBeInTheDocument();
    },
  );

  it('shows the 404 page for any other type', async () => {
    signIn();
    renderApp('/dashboard/my-requests/change-request/price/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Request DETAIL' })).not.toBeInTheDocument();
  });
});
