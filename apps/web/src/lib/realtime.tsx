import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SERVER_EVENTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  type ServerEvent,
  type ServerToClientEvents,
} from '@movehub/shared';
import { profileQueryOptions } from './profile-query';
import { connectSocket, type RealtimeSocket, type SocketConnector } from './socket';
import { useAuthToken, useSessionEnding, useStoredUser, type SessionKind } from './storage';

/*
 * The signed-in session's realtime connection for React. The provider opens one socket while a
 * token and its user's room are stored, and closes it when they go (log-out, a 401 that clears
 * storage, another tab logging out). Screens listen through `useRealtimeEvent`, which works
 * before the socket has loaded and across reconnections, and put what arrives into the query
 * cache (CONVENTIONS.md: a socket event updates or invalidates the cache, it keeps no copy).
 */

export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

type Listener<E extends ServerEvent> = (...args: Parameters<ServerToClientEvents[E]>) => void;

/** What a connect listener learns: when the room was joined, and whether it was a reconnection. */
export interface RealtimeConnectInfo {
  /** Date.now() when the connection opened: data fetched before it may have missed events. */
  connectedAt: number;
  reconnect: boolean;
}

/** Listeners by event, kept apart from the socket so that they outlive a reconnection. */
class RealtimeHub {
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  on(event: string, listener: (...args: unknown[]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // One screen's failing handler must not keep the event from the others.
        console.error(`realtime ${event} listener failed`, error);
      }
    }
  }
}

interface Connection {
  socket: RealtimeSocket | null;
  status: RealtimeStatus;
}

interface RealtimeContextValue extends Connection {
  hub: RealtimeHub | null;
}

const RealtimeContext = createContext<RealtimeContextValue>({
  socket: null,
  status: 'off',
  hub: null,
});

/**
 * The connector the provider uses: socket.io's, unless a test puts a fake one here (the adapter
 * boundary, CONVENTIONS.md "Tests").
 */
export const SocketConnectorContext = createContext<SocketConnector>(connectSocket);

export interface RealtimeProviderProps {
  children: ReactNode;
  /** Opens the connection; by default the context's connector. */
  connect?: SocketConnector;
  /**
   * Whose session connects (decision 022): the customer's by default, as type 1; the partner
   * console's connects with its user's own user_type.
   */
  session?: SessionKind;
  /**
   * One authenticated call of that session, made when the server refuses the token at the
   * handshake, so that the api client's 401 handling ends the session. By default the
   * customer's profile read.
   */
  checkSession?: () => Promise<unknown>;
}

export function RealtimeProvider({
  children,
  connect: connectProp,
  session = 'customer',
  checkSession,
}: RealtimeProviderProps) {
  const contextConnect = useContext(SocketConnectorContext);
  const connect = connectProp ?? contextConnect;
  const queryClient = useQueryClient();
  // A token the server no longer takes: one authenticated call lets the api client end the
  // session (a 401 clears storage and reloads), which closes this socket too.
  const onUnauthorized = useLatest(() => {
    const check = checkSession
      ? checkSession()
      : queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
    void check.catch(() => undefined);
  });
  // A session whose log-out has begun connects no more (markSessionEnding).
  const storedToken = useAuthToken(session);
  const token = useSessionEnding(session) ? null : storedToken;
  const user = useStoredUser(session);
  const roomId = user?.room_id ?? null;
  const socketType = session === 'customer' ? undefined : user ? String(user.user_type) : undefined;
  const [hub] = useState(() => new RealtimeHub());
  const sessionKey = token && roomId ? `${roomId} ${token}` : null;
  // The connection of one session; a state left by an earlier session does not count.
  const [state, setState] = useState<Connection & { sessionKey: string | null }>({
    sessionKey: null,
    socket: null,
    status: 'off',
  });
  const connection: Connection =
    sessionKey === null
      ? { socket: null, status: 'off' }
      : state.sessionKey === sessionKey
        ? state
        : { socket: null, status: 'connecting' };

  useEffect(() => {
    if (!token || !roomId) return;
    const key = `${roomId} ${token}`;
    const setConnection = (next: Connection) => setState({ ...next, sessionKey: key });
    let closed = false;
    let socket: RealtimeSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let everConnected = false;
    let refusals = 0;

    const attach = (s: RealtimeSocket) => {
      s.on('connect', () => {
        const info: RealtimeConnectInfo = { connectedAt: Date.now(), reconnect: everConnected };
        everConnected = true;
        refusals = 0;
        setConnection({ socket: s, status: 'connected' });
        // Join the room on every (re)connection; then let the screens fetch what they missed.
        let answered = false;
        const joined = () => {
          if (answered) return;
          answered = true;
          clearTimeout(joinTimer);
          if (closed) return;
          hub.emit(READY, s);
          hub.emit('connect', info);
        };
        const joinTimer = setTimeout(() => {
          console.warn('realtime: joining the room got no answer');
          joined();
        }, SOCKET_TIMEOUT_MS);
        s.emit('create', roomId, (result) => {
          if (result.code !== 200) console.warn(`realtime: room refused: ${result.message}`);
          joined();
        });
      });
      s.on('disconnect', (reason) => {
        if (closed) return;
        setConnection({ socket: s, status: 'reconnecting' });
        // socket.io retries a lost transport by itself, not a server's own disconnect.
        if (reason === 'io server disconnect') s.connect();
      });
      s.on('connect_error', (error: Error & { data?: { code?: number } }) => {
        if (closed || s.active) return;
        // Refused at the handshake (401 a revoked token, 503 a database that did not answer):
        // socket.io gives up there, so try again, 2 s growing to 60 s like its own retries.
        setConnection({ socket: s, status: 'reconnecting' });
        if (error.data?.code === 401) onUnauthorized.current();
        clearTimeout(retryTimer);
        retryTimer = setTimeout(
          () => {
            if (!closed) s.connect();
          },
          // Spread by ±50% like socket.io's own retries, so that the tabs refused together
          // (a database that was away) do not all come back in the same instant.
          Math.min(
            SOCKET_RECONNECT_DELAY_MS * 2 ** refusals * (0.5 + Math.random()),
            SOCKET_RECONNECT_DELAY_MAX_MS,
          ),
        );
        refusals += 1;
      });
      // The server checked each payload against its event's schema before sending it.
      for (const event of SERVER_EVENTS) {
        s.on(event, (payload: unknown) => hub.emit(event, payload));
      }
    };

    connect({ token, roomId, ...(socketType ? { type: socketType } : {}) }).then(
      (s) => {
        if (closed) {
          s.disconnect();
          return;
        }
        socket = s;
        attach(s);
        setConnection({ socket: s, status: s.connected ? 'connected' : 'connecting' });
      },
      (error: unknown) => {
        // The client library failed to load (offline on first visit): the screens still work
        // from their calls, without live updates.
        console.error('realtime: could not open the connection', error);
        if (!closed) setConnection({ socket: null, status: 'off' });
      },
    );

    return () => {
      closed = true;
      clearTimeout(retryTimer);
      socket?.disconnect();
    };
  }, [token, roomId, socketType, connect, hub, onUnauthorized]);

  return (
    <RealtimeContext.Provider value={{ socket: connection.socket, status: connection.status, hub }}>
      {children}
    </RealtimeContext.Provider>
  );
}

/** The hub's own event: the socket has connected and joined its room (useConnectedSocket). */
const READY = 'ready';

/**
 * The socket for something the person has just asked to send: at once when it is connected;
 * while the session's first connection is being made (a tab just opened), once it has joined
 * its room, within `ms`; else null. A reconnection is not waited for: the screens say the
 * connection is back on its way, and what was not sent is not sent later behind one's back.
 */
export function useConnectedSocket(ms = SOCKET_TIMEOUT_MS): () => Promise<RealtimeSocket | null> {
  const { socket, status, hub } = useContext(RealtimeContext);
  const latest = useLatest({ socket, status });
  return useCallback(() => {
    const now = latest.current;
    if (now.socket?.connected) return Promise.resolve(now.socket);
    if (now.status !== 'connecting' || !hub) return Promise.resolve(null);
    return new Promise<RealtimeSocket | null>((resolve) => {
      const stop = hub.on(READY, (ready) => {
        clearTimeout(timer);
        stop();
        resolve(ready as RealtimeSocket);
      });
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, ms);
    });
  }, [hub, latest, ms]);
}

/** The open socket (null before it has loaded, or outside a session) and its status. */
export function useRealtime(): { socket: RealtimeSocket | null; status: RealtimeStatus } {
  const { socket, status } = useContext(RealtimeContext);
  return { socket, status };
}

/** The latest handler, without re-subscribing on every render. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Calls `handler` for every server event of this name, for as long as the component is mounted. */
export function useRealtimeEvent<E extends ServerEvent>(event: E, handler: Listener<E>): void {
  const { hub } = useContext(RealtimeContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!hub) return;
    return hub.on(event, (...args) =>
      latest.current(...(args as Parameters<ServerToClientEvents[E]>)),
    );
  }, [hub, event, latest]);
}

/**
 * Calls `handler` each time the socket has (re)connected and joined its room: the moment to
 * refetch whatever the events of the gap would have changed.
 */
export function useRealtimeConnect(handler: (info: RealtimeConnectInfo) => void): void {
  const { hub } = useContext(RealtimeContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!hub) return;
    return hub.on('connect', (info) => latest.current(info as RealtimeConnectInfo));
  }, [hub, latest]);
}
