import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketHandshakeAuth,
  type SocketHandshakeQuery,
} from '@movehub/shared';

/*
 * The realtime channel's client (spec/portal.md §7 "Real-time channel"): one socket.io
 * connection per signed-in tab, on the page's own origin (the API serves the app; vite proxies
 * /socket.io in development), websocket transport only. socket.io-client is imported here only as
 * a type: the library itself loads on demand, inside the dashboard, so that the first screens
 * (/login, /create-request) never download it.
 */

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Who connects: the stored session's token and its user's room. */
export interface SocketSession {
  token: string;
  roomId: string;
  /**
   * The account's user_type in the handshake (the server checks it against the token): the
   * customer's '1' unless said otherwise; the partner console's session connects as '2' or '3'.
   */
  type?: string;
}

/** Opens a connection for a session; the adapter boundary that tests replace with a fake. */
export type SocketConnector = (session: SocketSession) => Promise<RealtimeSocket>;

/** The customer's user_type in the handshake query ("connects with the user's room_id and type 1"). */
export const CUSTOMER_SOCKET_TYPE = '1';

/** The connection's options: the handshake of the contract and the spec's reconnect timings. */
export function socketOptions(session: SocketSession): Partial<ManagerOptions & SocketOptions> {
  const auth: SocketHandshakeAuth = { token: session.token };
  const query: SocketHandshakeQuery = {
    room_id: session.roomId,
    type: session.type ?? CUSTOMER_SOCKET_TYPE,
  };
  return {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { ...auth },
    query: { ...query },
    // spec §7: reconnect delay 2 s growing to 60 s, unlimited attempts, timeout 10 s.
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    timeout: SOCKET_TIMEOUT_MS,
  };
}

/** The real connector: loads socket.io-client on first use and connects to this origin. */
export const connectSocket: SocketConnector = async (session) => {
  const { io } = await import('socket.io-client');
  return io(window.location.origin, socketOptions(session));
};
