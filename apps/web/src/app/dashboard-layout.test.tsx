import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER, MSG } from '@movehub/shared';
import { getStoredUser, getToken, setSession } from '../lib/storage';
import { stubFetch } from '../test/fetch-stub';
import { buildCounts, buildUser } from '../test/fixtures';
import { renderApp } from '../test/render';

function renderDashboard() {
  setSession(
    'token-abc',
    buildUser({ first_name: 'Dana', last_name: 'Mover', customer_rating: 4 }),
  );
  const server = stubFetch({
    'GET /api/customer/profile_customer': {
      code: 200,
      profile: buildUser({ first_name: 'Dana', last_name: 'Mover-Smith' }),
      customer_rating: 4.3,
    },
    'POST /api/customer/get_customer_request': {
      code: 200,
      data: [],
      request_count: buildCounts(),
      next_before_id: null,
    },
    'POST /app_api/log_out': { code: 200, message: MSG.loggedOut },
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
  return { ...server, ...renderApp('/dashboard/my-requests') };
}

describe('dashboard layout', () => {
  it('shows the sidebar with the refreshed profile, its rating, New and the five links', async () => {
    renderDashboard();
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const sidebar = within(nav);

    expect(await sidebar.findByText('Dana Mover-Smith')).toBeInTheDocument();
    expect(getStoredUser()?.last_name).toBe('Mover-Smith');
    expect(sidebar.getByRole('img', { name: 'Rating: 4.3 out of 5 stars' })).toBeInTheDocument();
    expect(sidebar.getByRole('link', { name: 'New' })).toHaveAttribute('href', '/create-request');
    const links = ['My Requests', 'Chat', 'My Cards', 'Refferral Program', 'About Us'].map((name) =>
      sidebar.getByRole('link', { name }).getAttribute('href'),
    );
    expect(links).toEqual([
      '/dashboard/my-requests',
      '/dashboard/chats',
      '/dashboard/my-cards',
      '/dashboard/refferral-program',
      '/dashboard/about-us',
    ]);
  });

  it('collapses and expands the sidebar from the header button', async () => {
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide navigation' }));
    expect(screen.getByRole('button', { name: 'Show navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Show navigation' }));
    expect(screen.getByRole('button', { name: 'Hide navigation' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('hides the docked sidebar on the tracking page and shows it again on the way out', async () => {
    // The tracking page's own calls are not the layout's concern here: their failure alerts.
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { router } = renderDashboard();
    const user = userEvent.setup();
    const toggle = () => screen.getByRole('button', { name: /navigation$/ });
    await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    await act(() => router.navigate('/dashboard/my-requests/tracking-location/42'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ORDER # 42' })).toBeVisible();
    expect(toggle()).toHaveAccessibleName('Show navigation');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    // The header button still shows it there.
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle());

    await act(() => router.navigate('/dashboard/my-requests'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Requests' })).toBeVisible();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    alert.mockRestore();
  });

  it('turns the sidebar into a drawer opened from the header on a narrow screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderDashboard();
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show navigation' }));
    // The drawer is a modal dialog over the page, named for screen readers.
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    const nav = within(drawer).getByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('link', { name: 'Chat' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument(),
    );
  });

  it('offers Edit Profile, Change Password, About Us and Logout in the profile dropdown', async () => {
    renderDashboard();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit Profile', 'Change Password', 'About Us', 'Logout']);
  });

  it('opens Edit Profile from the dropdown, and Change Password as a modal', async () => {
    const { router } = renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Profile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/edit-profile');
  });

  it('shows the notification bell in the header', async () => {
    renderDashboard();
    const header = await screen.findByRole('banner');
    expect(
      await within(header).findByRole('button', { name: 'Notifications' }),
    ).toBeInTheDocument();
  });

  it('asks to confirm the logout, and No keeps the session', async () => {
    const { calls } = renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.logoutConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToken()).toBe('token-abc');
    expect(calls.some((call) => call.path === '/app_api/log_out')).toBe(false);
  });

  it('Yes calls log_out with the token, clears the session and goes to /login', async () => {
    const { calls, router } = renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const logout = calls.find((call) => call.path === '/app_api/log_out');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers[AUTH_HEADER]).toBe('token-abc');
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });
});
