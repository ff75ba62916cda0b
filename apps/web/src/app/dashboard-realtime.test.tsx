import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MSG,
  NEW_MESSAGE_SNACK_MS,
  type ChatChannel,
  type ChatMessage,
  type Notification,
} from '@movehub/shared';
import { SocketConnectorContext } from '../lib/realtime';
import { setSession } from '../lib/storage';
import { getToast } from '../lib/toast';
import { fakeConnector } from '../test/fake-socket';
import { stubFetch, type RecordedCall } from '../test/fetch-stub';
import { buildCounts, buildRequestEntry, buildUser } from '../test/fixtures';
import { renderApp } from '../test/render';

/*
 * The dashboard's realtime connection end to end inside the app: the real routes and layout on a
 * fake socket (the connector boundary) and a stubbed API.
 */

const channel: ChatChannel = {
  room_id: 'room-1',
  request_id: 42,
  receiver_room_id: 'room-company',
  type: 0,
  profile_data: {
    room_id: 'room-company',
    name: 'Swift Movers',
    profile_picture: null,
    online_status: 1,
  },
  unread_messages: 0,
  last_message_at: null,
  is_open: true,
};

const received: ChatMessage = {
  id: 7,
  request_id: 42,
  message_text: 'We will be there at 8.',
  message_type: 0,
  message_datatime: '2026-03-15T10:00:00.000Z',
  message_status: 0,
  sender_type: 0,
  is_active: true,
  sender_id: 'room-company',
  receiver_id: 'room-1',
  receive_type: 0,
};

const bidNotification: Notification = {
  id: 3,
  action_value: 42,
  message_body: 'Swift Movers placed a bid on your request.',
  created_at: '2026-03-15T10:00:00.000Z',
  is_active: true,
};

function renderDashboard() {
  setSession('token-abc', buildUser({ room_id: 'room-1' }));
  const server = {
    notifications: [] as Notification[],
    unread: 0,
    timeline: 1,
    /** Whether the socket was already closed when log_out reached the server. */
    socketClosedAtLogOut: null as boolean | null,
  };
  const http = stubFetch({
    'GET /api/customer/profile_customer': { code: 200, profile: buildUser(), customer_rating: 4 },
    'POST /api/customer/get_customer_request': () => ({
      code: 200,
      data: [buildRequestEntry({ request: { id: 42, request_timeline_status: server.timeline } })],
      request_count: buildCounts({ active_request_count: 1 }),
      next_before_id: null,
    }),
    'GET /app_api/get_notification': () => ({
      code: 200,
      data: server.notifications,
      notification_count: server.notifications.filter((n) => n.is_active).length,
      next_before_id: null,
    }),
    'POST /app_api/channels': () => ({
      code: 200,
      request_data: [{ ...channel, unread_messages: server.unread }],
      request_data_foreman: [],
      next_before_id: null,
      profile: { room_id: 'room-1', first_name: 'Dana', last_name: 'Mover', profile_picture: null },
    }),
    'POST /app_api/log_out': () => {
      server.socketClosedAtLogOut = connector.latest.closedByClient;
      return { code: 200, message: MSG.loggedOut };
    },
  });
  const connector = fakeConnector();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SocketConnectorContext.Provider value={connector.connect}>
      {children}
    </SocketConnectorContext.Provider>
  );
  const view = renderApp('/dashboard/my-requests', { wrapper });
  return { ...http, ...view, server, connector };
}

const callsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.path === path).length;

async function chatLink() {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
  return within(nav).getByRole('link', { name: /^Chat/ });
}

describe('the dashboard on the realtime connection', () => {
  it("connects with the session's token and room, and joins the room", async () => {
    const { connector } = renderDashboard();
    const socket = await connector.opened();
    expect(socket.session).toEqual({ token: 'token-abc', roomId: 'room-1' });
    await socket.serverConnects();
    expect(socket.emitted[0]).toEqual({ event: 'create', args: ['room-1', expect.any(Function)] });
  });

  it('counts a pushed notification on the bell and reloads the requests it is about', async () => {
    const { connector, calls, server } = renderDashboard();
    const socket = await connector.opened();
    await socket.serverConnects();
    await screen.findByText('Bids received: 0');
    const before = callsTo(calls, '/api/customer/get_customer_request');

    server.notifications = [bidNotification];
    server.timeline = 2;
    await socket.serverEmits('notification', bidNotification);
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, '/api/customer/get_customer_request')).toBeGreaterThan(before),
    );
  });

  it("puts the unread dot on the sidebar's Chat link and shows the 2 s snack when a message arrives", async () => {
    const { connector, server } = renderDashboard();
    const socket = await connector.opened();
    await socket.serverConnects();
    expect((await chatLink()).textContent).toBe('Chat');

    server.unread = 1;
    await socket.serverEmits('chatMessage', received);
    await waitFor(async () =>
      expect(await chatLink()).toHaveAccessibleName('Chat, unread messages'),
    );
    expect(getToast()).toMatchObject({
      message: 'New message from Swift Movers',
      severity: 'info',
      durationMs: NEW_MESSAGE_SNACK_MS,
    });
  });

  it('fetches notifications, chats and requests again after a reconnection, so nothing is missed', async () => {
    const { connector, calls, server } = renderDashboard();
    const socket = await connector.opened();
    await socket.serverConnects();
    await screen.findByText('Bids received: 0');
    await waitFor(() => expect(callsTo(calls, '/app_api/channels')).toBeGreaterThan(0));
    const before = {
      notifications: callsTo(calls, '/app_api/get_notification'),
      channels: callsTo(calls, '/app_api/channels'),
      requests: callsTo(calls, '/api/customer/get_customer_request'),
    };

    await socket.serverDrops();
    // While it was down: a message and a notification the socket never delivered.
    server.unread = 2;
    server.notifications = [bidNotification];
    await socket.serverConnects();

    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect(await chatLink()).toHaveAccessibleName('Chat, unread messages'),
    );
    expect(callsTo(calls, '/app_api/get_notification')).toBeGreaterThan(before.notifications);
    expect(callsTo(calls, '/app_api/channels')).toBeGreaterThan(before.channels);
    expect(callsTo(calls, '/api/customer/get_customer_request')).toBeGreaterThan(before.requests);
  });

  it('closes the connection on logout, before the server revokes the token', async () => {
    // The server closes a revoked token's socket and refuses its handshake: a socket still open
    // then would reconnect, be refused, and check the session with a call that answers 401.
    const { connector, server } = renderDashboard();
    const socket = await connector.opened();
    await socket.serverConnects();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(socket.closedByClient).toBe(true);
    expect(server.socketClosedAtLogOut).toBe(true);
    expect(connector.sockets).toHaveLength(1);
  });
});
