import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { setSession } from '../lib/storage';
import { stubFetch } from '../test/fetch-stub';
import { buildCounts, buildRequestEntry, buildUser } from '../test/fixtures';
import { renderApp } from '../test/render';

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
  });
}

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guards', () => {
  it.each([
    '/dashboard',
    '/dashboard/my-requests',
    '/dashboard/chats',
    '/dashboard/my-requests/42',
  ])('sends a visitor without a token from %s to /login', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await expectPath(router, '/login');
  });

  it('sends a signed-in user from /dashboard to /dashboard/my-requests', async () => {
    signIn();
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    await expectPath(router, '/dashboard/my-requests');
  });

  it.each([
    '/login',
    '/register',
    '/register/DANA5',
    '/forget-password',
    '/set-forget-password/reset-token',
  ])('sends a signed-in user from the public-only %s to the dashboard', async (path) => {
    signIn();
    const { router } = renderApp(path);
    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
    await expectPath(router, '/dashboard/my-requests');
  });

  it('leaves a sign-in made on a public page to that page, and follows one made in another tab', async () => {
    const server = signIn();
    window.localStorage.clear();
    const { router } = renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();

    // This tab: the sign-up page stores the session and goes to /create-request by itself.
    act(() => setSession('token-new', buildUser()));
    expect(router.state.location.pathname).toBe('/register');

    // Another tab: only the storage event tells.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'token-new' }));
    });
    await expectPath(router, '/dashboard/my-requests');
    expect(server.calls.length).toBeGreaterThan(0);
  });

  it('redirects / to /create-request', async () => {
    const { router } = renderApp('/');
    await expectPath(router, '/create-request');
  });

  it('lets a visitor without a token fill the wizard at /create-request', async () => {
    stubFetch({
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
    const { router } = renderApp('/create-request');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'When and where are you moving?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-request');
  });

  it('lets a visitor without a token open a direct link, and says when it is invalid', async () => {
    stubFetch({
      'POST /api/company/validate_generated_link': {
        code: 404,
        message: MSG.directLinkInvalid,
      },
    });
    const { router } = renderApp('/create-request/acme-link');
    expect(await screen.findByText(MSG.directLinkInvalid)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-request/acme-link');
  });

  it('lets a visitor without a token open the letter-signing page', async () => {
    stubFetch({
      'POST /api/company/get_confirmation_letter': { code: 404, message: 'Request not found.' },
    });
    const path = '/sign-confirmation-letter/12';
    const { router } = renderApp(path);
    // The page itself answers (here: the letter is not found), and the visitor is not sent to /login.
    expect(await screen.findByText('Error Message: Request not found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('lets a visitor without a token open a public request link', async () => {
    stubFetch({
      'POST /app_api/request_detail_by_request_link': {
        code: 200,
        request: {
          request: buildRequestEntry({ request: { id: 77 } }).request,
          request_address: [],
          company_profile: null,
          company_phone: null,
        },
        token: null,
        claim: null,
      },
    });
    const { router } = renderApp('/view-request/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request #77' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/view-request/abc');
  });

  it('shows the 404 page with Go Back for a path outside the map', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('shows the 404 page inside the dashboard for a signed-in user on an unknown dashboard path', async () => {
    signIn();
    renderApp('/dashboard/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
