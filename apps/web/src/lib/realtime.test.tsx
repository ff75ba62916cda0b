import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  type Notification,
} from '@movehub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fakeConnector } from '../test/fake-socket';
import { stubFetch } from '../test/fetch-stub';
import { buildUser } from '../test/fixtures';
import {
  RealtimeProvider,
  useRealtime,
  useRealtimeConnect,
  useRealtimeEvent,
  type RealtimeConnectInfo,
} from './realtime';
import { page } from './api-client';
import { createQueryClient } from './query-client';
import { socketOptions } from './socket';
import { clearSession, markSessionEnding, setSession } from './storage';

const notification: Notification = {
  id: 9,
  action_value: 42,
  message_body: 'Your move is on its way.',
  created_at: '2026-03-15T10:00:00.000Z',
  is_active: true,
};

/** Shows the connection's status and what its listeners heard. */
function Probe({
  onNotification,
  onConnect,
}: {
  onNotification: (n: Notification) => void;
  onConnect: (info: RealtimeConnectInfo) => void;
}) {
  const { status, socket } = useRealtime();
  useRealtimeEvent('notification', onNotification);
  useRealtimeConnect(onConnect);
  return (
    <p>
      status {status} {socket ? 'with socket' : 'no socket'}
    </p>
  );
}

function renderProvider() {
  const connector = fakeConnector();
  const onNotification = vi.fn();
  const onConnect = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RealtimeProvider connect={connector.connect}>
        <Probe onNotification={onNotification} onConnect={onConnect} />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  return { ...view, connector, onNotification, onConnect };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('socketOptions', () => {
  it('connects by websocket only, with the token, the room and type 1, and the spec timings', () => {
    expect(socketOptions({ token: 'token-abc', roomId: 'room-1' })).toEqual({
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: 'token-abc' },
      query: { room_id: 'room-1', type: '1' },
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
      reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
      timeout: SOCKET_TIMEOUT_MS,
    });
    expect([SOCKET_RECONNECT_DELAY_MS, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_TIMEOUT_MS]).toEqual([
      2000, 60_000, 10_000,
    ]);
  });

  it("connects a partner console's session with its own user_type", () => {
    expect(
      socketOptions({ token: 'company-token', roomId: 'room-company', type: '2' }).query,
    ).toEqual({ room_id: 'room-company', type: '2' });
  });
});

describe('RealtimeProvider', () => {
  it('opens no connection without a stored session', async () => {
    const { connector } = renderProvider();
    expect(await screen.findByText('status off no socket')).toBeInTheDocument();
    expect(connector.sockets).toHaveLength(0);
  });

  it("connects with the stored token and the user's room, and joins the room on connecting", async () => {
    setSession('token-abc', buildUser({ room_id: 'room-7' }));
    const { connector, onConnect } = renderProvider();
    await connector.opened();
    expect(connector.sockets).toHaveLength(1);
    expect(connector.latest.session).toEqual({ token: 'token-abc', roomId: 'room-7' });
    expect(screen.getByText('status connecting with socket')).toBeInTheDocument();

    await connector.latest.serverConnects();
    expect(screen.getByText('status connected with socket')).toBeInTheDocument();
    expect(connector.latest.emitted).toEqual([
      { event: 'create', args: ['room-7', expect.any(Function)] },
    ]);
    await waitFor(() => expect(onConnect).toHaveBeenCalledTimes(1));
    expect(onConnect.mock.calls[0]![0]).toMatchObject({ reconnect: false });
  });

  it('joins the room again on every reconnection and tells the listeners it was one', async () => {
    setSession('token-abc', buildUser({ room_id: 'room-7' }));
    const { connector, onConnect } = renderProvider();
    const socket = await connector.opened();
    await socket.serverConnects();
    await waitFor(() => expect(onConnect).toHaveBeenCalledTimes(1));

    await socket.serverDrops();
    expect(screen.getByText('status reconnecting with socket')).toBeInTheDocument();
    await socket.serverConnects();
    await waitFor(() => expect(onConnect).toHaveBeenCalledTimes(2));
    expect(onConnect.mock.calls[1]![0]).toMatchObject({ reconnect: true });
    expect(socket.count('create')).toBe(2);
    // One connection all along: socket.io reconnects the same socket.
    expect(connector.sockets).toHaveLength(1);
  });

  it('reconnects by itself after the server closed the connection', async () => {
    setSession('token-abc', buildUser());
    const { connector } = renderProvider();
    const socket = await connector.opened();
    await socket.serverConnects();
    const connect = vi.spyOn(socket, 'connect');
    await socket.serverDrops('io server disconnect');
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('tries again after a refused handshake, 2 s growing to 60 s', async () => {
    // The middle of the ±50% spread: the delays themselves.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    setSession('token-abc', buildUser());
    const { connector } = renderProvider();
    const socket = await connector.opened();
    const connect = vi.spyOn(socket, 'connect');
    vi.useFakeTimers();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await socket.serverRefuses('The service is unavailable right now.', 503);
      const before = connect.mock.calls.length;
      let waited = 0;
      while (connect.mock.calls.length === before) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('checks the session with an authenticated call when the handshake answers 401', async () => {
    setSession('token-abc', buildUser());
    vi.spyOn(page, 'reload').mockImplementation(() => {});
    const { calls } = stubFetch({
      'GET /api/customer/profile_customer': { code: 401, message: 'Unauthorized' },
    });
    const { connector } = renderProvider();
    const socket = await connector.opened();
    await socket.serverRefuses('Unauthorized', 401);
    // The api client's 401 ends the session; the connection closes with it.
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual(['/api/customer/profile_customer']),
    );
    await waitFor(() => expect(socket.closedByClient).toBe(true));
    expect(await screen.findByText('status off no socket')).toBeInTheDocument();
  });

  it('hands server events to the listeners', async () => {
    setSession('token-abc', buildUser());
    const { connector, onNotification } = renderProvider();
    await (await connector.opened()).serverConnects();
    await connector.latest.serverEmits('notification', notification);
    expect(onNotification).toHaveBeenCalledWith(notification);
  });

  it('closes the connection when the session ends (log-out or a 401 clearing storage)', async () => {
    setSession('token-abc', buildUser());
    const { connector } = renderProvider();
    const socket = await connector.opened();
    await socket.serverConnects();

    act(() => clearSession());
    expect(socket.closedByClient).toBe(true);
    expect(await screen.findByText('status off no socket')).toBeInTheDocument();
  });

  it("closes the connection once the session's log-out begins, and opens no other", async () => {
    setSession('token-abc', buildUser());
    const { calls } = stubFetch({});
    const { connector } = renderProvider();
    const socket = await connector.opened();
    await socket.serverConnects();

    act(() => markSessionEnding());
    expect(socket.closedByClient).toBe(true);
    expect(await screen.findByText('status off no socket')).toBeInTheDocument();
    expect(connector.sockets).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('opens a new connection for a new session, closing the old one', async () => {
    setSession('token-abc', buildUser({ room_id: 'room-1' }));
    const { connector } = renderProvider();
    await waitFor(() => expect(connector.sockets).toHaveLength(1));
    const first = connector.latest;

    act(() => setSession('token-xyz', buildUser({ room_id: 'room-2' })));
    await waitFor(() => expect(connector.sockets).toHaveLength(2));
    expect(first.closedByClient).toBe(true);
    expect(connector.latest.session).toEqual({ token: 'token-xyz', roomId: 'room-2' });
  });

  it('closes a connection that finished opening after the component was gone', async () => {
    setSession('token-abc', buildUser());
    const { connector, unmount } = renderProvider();
    unmount();
    await waitFor(() => expect(connector.sockets).toHaveLength(1));
    await waitFor(() => expect(connector.latest.closedByClient).toBe(true));
  });
});
