import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { getToken, setSession } from '../lib/storage';
import { stubFetch } from '../test/fetch-stub';
import { buildCompanyUser, buildCounts, buildOpenRequest, buildUser } from '../test/fixtures';
import { renderApp } from '../test/render';

/*
 * Decision 022: the customer's and the partner's sessions live side by side, and each side's
 * guard opens only for its own session and role.
 */

const GEO_CONFIG = {
  code: 200,
  data: {
    map_tile_url: null,
    provider: 'offline',
    default_center: { lat: 33.9679, lng: -118.297 },
    default_zoom: 11,
  },
};

function server() {
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
    'POST /api/company/open_requests': {
      code: 200,
      data: [buildOpenRequest()],
      next_before_id: null,
    },
    'GET /api/geo/config': GEO_CONFIG,
    'POST /api/geo/directions': { code: 200, data: { route: null } },
    'POST /api/foreman/jobs': {
      code: 200,
      data: { today_date: '2026-03-15', today: [], upcoming: [], recent: [] },
    },
  });
}

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('partner console guards', () => {
  it.each(['/partner', '/partner/open-requests'])(
    "sends a customer's session from %s to /partner/login, and leaves it signed in",
    async (path) => {
      server();
      setSession('customer-token', buildUser());
      const { router } = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Partner login' }),
      ).toBeInTheDocument();
      await expectPath(router, '/partner/login');
      expect(getToken()).toBe('customer-token');
    },
  );

  it('sends a visitor without a session from /partner to /partner/login', async () => {
    server();
    const { router } = renderApp('/partner');
    await screen.findByRole('heading', { level: 1, name: 'Partner login' });
    await expectPath(router, '/partner/login');
  });

  it("never opens the customer's dashboard with a partner's session", async () => {
    const calls = server().calls;
    setSession('company-token', buildCompanyUser(), 'partner');
    const { router } = renderApp('/dashboard/my-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await expectPath(router, '/login');
    expect(calls.filter((c) => c.path.startsWith('/api/customer'))).toHaveLength(0);
  });

  it("sends a partner's user found in the customer's slot to /login, without a redirect loop", async () => {
    server();
    setSession('company-token', buildCompanyUser());
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await expectPath(router, '/login');
  });

  it.each(['/partner', '/partner/open-requests', '/partner/login'])(
    'sends a foreman from %s to his jobs, with his own nav and token',
    async (path) => {
      const calls = server().calls;
      setSession('foreman-token', buildCompanyUser({ id: 601, user_type: 3 }), 'partner');
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'My jobs' })).toBeInTheDocument();
      await expectPath(router, '/partner/foreman');
      const nav = screen.getByRole('navigation', { name: 'Partner console' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['My jobs']);
      expect(calls.find((c) => c.path === '/api/foreman/jobs')?.headers['x-sh-auth']).toBe(
        'foreman-token',
      );
      expect(calls.some((c) => c.path.startsWith('/api/company'))).toBe(false);
    },
  );

  it("sends a company from the foreman's screens to its own console", async () => {
    server();
    setSession('company-token', buildCompanyUser(), 'partner');
    const { router } = renderApp('/partner/foreman');
    await screen.findByRole('heading', { level: 1, name: 'Open requests' });
    await expectPath(router, '/partner/open-requests');
  });

  it('opens the open requests for a company, with its own token', async () => {
    const calls = server().calls;
    setSession('customer-token', buildUser());
    setSession('company-token', buildCompanyUser(), 'partner');
    const { router } = renderApp('/partner');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open requests' }),
    ).toBeInTheDocument();
    await expectPath(router, '/partner/open-requests');
    const call = calls.find((c) => c.path === '/api/company/open_requests');
    expect(call?.headers['x-sh-auth']).toBe('company-token');
  });

  it('sends a signed-in company from /partner/login on to its console', async () => {
    server();
    setSession('company-token', buildCompanyUser(), 'partner');
    const { router } = renderApp('/partner/login');
    await screen.findByRole('heading', { level: 1, name: 'Open requests' });
    await expectPath(router, '/partner/open-requests');
  });

  it("keeps the customer's dashboard open beside a partner's session", async () => {
    server();
    setSession('customer-token', buildUser());
    setSession('company-token', buildCompanyUser(), 'partner');
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
    await expectPath(router, '/dashboard/my-requests');
  });
});
