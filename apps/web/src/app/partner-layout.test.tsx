import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_HEADER, MSG, type OpenRequest } from '@movehub/shared';
import { SocketConnectorContext } from '../lib/realtime';
import { getToken, setSession } from '../lib/storage';
import { fakeConnector } from '../test/fake-socket';
import { stubFetch } from '../test/fetch-stub';
import { buildCompanyUser, buildOpenRequest, buildUser } from '../test/fixtures';
import { renderApp } from '../test/render';

/*
 * The console's frame (decision 022): its socket connects with the partner session as a
 * company, a notification refreshes what the console lists, and Sign out ends the partner
 * session alone.
 */

function renderConsole(open: { current: OpenRequest[] }) {
  setSession('customer-token', buildUser());
  setSession('company-token', buildCompanyUser(), 'partner');
  const atLogOut = { socketClosed: null as boolean | null };
  const server = stubFetch({
    'POST /api/company/open_requests': () => ({
      code: 200,
      data: open.current,
      next_before_id: null,
    }),
    'POST /api/company/profile': {
      code: 200,
      data: {
        id: 501,
        name: 'Swift Movers LA',
        about: null,
        profile_picture: null,
        phone: null,
        email: 'swift@movehub.test',
        address: null,
        truck_count: 0,
        zip_codes: [],
        trucks: [],
        foremen: [],
      },
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
    'POST /app_api/log_out': () => {
      atLogOut.socketClosed = connector.latest.closedByClient;
      return { code: 200, message: MSG.loggedOut };
    },
  });
  const connector = fakeConnector();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SocketConnectorContext.Provider value={connector.connect}>
      {children}
    </SocketConnectorContext.Provider>
  );
  const view = renderApp('/partner/open-requests', { wrapper });
  return { ...view, ...server, connector, atLogOut };
}

describe('PartnerLayout', () => {
  it("connects the partner's socket as a company and refreshes the open requests on a notification", async () => {
    const open = { current: [buildOpenRequest({ id: 301 })] };
    const { connector, calls } = renderConsole(open);
    await screen.findByRole('article', { name: /^Request #301\b/ });
    const nav = screen.getByRole('navigation', { name: 'Partner console' });
    expect(within(nav).getByRole('link', { name: 'My jobs' })).toHaveAttribute(
      'href',
      '/partner/jobs',
    );

    const socket = await connector.opened();
    expect(socket.session).toEqual({
      token: 'company-token',
      roomId: 'room-company-501',
      type: '2',
    });
    await socket.serverConnects();

    // The customer accepted another company's bid: the request is no longer open.
    open.current = [];
    await socket.serverEmits('notification', {
      id: 9,
      action_value: 301,
      message_body: 'The customer accepted another bid.',
      created_at: new Date().toISOString(),
      is_active: true,
    });
    expect(
      await screen.findByText('No requests are open for bids in your service area right now.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/company/open_requests').length).toBeGreaterThan(1);
  });

  it("signs the company out with its own token and leaves the customer's session", async () => {
    const { atLogOut, calls, connector, router } = renderConsole({
      current: [buildOpenRequest()],
    });
    const header = await screen.findByRole('banner');
    // The company's name as its profile has it, whole.
    expect(await within(header).findByText('Swift Movers LA')).toBeInTheDocument();
    const socket = await connector.opened();

    await userEvent.setup().click(within(header).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/partner/login'));
    const logOut = calls.find((c) => c.path === '/app_api/log_out')!;
    expect(logOut.headers[AUTH_HEADER]).toBe('company-token');
    expect(getToken('partner')).toBeNull();
    expect(getToken()).toBe('customer-token');
    expect(socket.closedByClient).toBe(true);
    // Closed before the server revoked the token, so no refused reconnection follows.
    expect(atLogOut.socketClosed).toBe(true);
  });

  it('offers the sections behind one menu button for a phone, marking where the company is', async () => {
    renderConsole({ current: [buildOpenRequest()] });
    const header = await screen.findByRole('banner');
    const user = userEvent.setup();
    await user.click(within(header).getByRole('button', { name: 'Open requests' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Open requests', 'My jobs', 'Profile', 'Direct links', 'Payouts']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Payouts' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});
