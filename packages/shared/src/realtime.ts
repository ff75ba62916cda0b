import type { ChatMessage, SendMessage } from './schemas/chat';
import type { Notification } from './schemas/accounts';
import type { OpenRequestEvent, RequestCommentEvent } from './schemas/realtime-events';
import type { TrackingEvent } from './schemas/tracking';

/*
 * The realtime channel (spec/portal.md §7 "Real-time channel", ARCHITECTURE "Realtime"): one
 * socket.io connection per signed-in tab, websocket transport only, on the API's own port.
 * Both sides type their sockets with these maps.
 */

/** portal.md §7: reconnect delay 2 s growing to 60 s, unlimited attempts, timeout 10 s. */
export const SOCKET_RECONNECT_DELAY_MS = 2000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 60_000;
export const SOCKET_TIMEOUT_MS = 10_000;
/** socket.io's path on the API's origin. */
export const SOCKET_PATH = '/socket.io';

/**
 * The handshake: the token in `auth`, the room and user type in the query (portal.md: "connects
 * with the user's room_id and type 1"). A bad or revoked token, or a room that is not the
 * token's own, is refused before the connection opens.
 */
export interface SocketHandshakeAuth {
  token: string;
}
export interface SocketHandshakeQuery {
  room_id: string;
  /** The account's user_type: 1 customer, 2 company, 3 foreman. */
  type: string;
}

/** What an acknowledged client event answers: the envelope of the HTTP calls. */
export type SocketAck<T = undefined> =
  { code: 200; message: string; data: T } | { code: number; message: string; data?: undefined };

export interface ClientToServerEvents {
  /** Joins the caller's own room (refused for anyone else's). */
  create: (roomId: string, ack?: (result: SocketAck) => void) => void;
  /** Stores a message, then delivers it; the ack carries the stored message. */
  sendMessage: (message: SendMessage, ack: (result: SocketAck<ChatMessage>) => void) => void;
}

export interface ServerToClientEvents {
  /** A message of one of the caller's conversations (from the caller's point of view). */
  chatMessage: (message: ChatMessage) => void;
  /** A new point of the truck of one of the customer's moves in progress. */
  tracking: (event: TrackingEvent) => void;
  /** A new notification for the bell. */
  notification: (notification: Notification) => void;
  /**
   * A company's console: a new marketplace request opened in its area (its pick-up zip is one
   * the company serves). Only the id: the console loads the request through open_requests, which
   * applies the company's own scope.
   */
  openRequest: (event: OpenRequestEvent) => void;
  /**
   * A company's console: a comment or reply was added to a request open for bids in its area
   * (or that it bid on). Only the id: the console reads the thread again through open_requests,
   * which hides the customer's name.
   */
  requestComment: (event: RequestCommentEvent) => void;
}

export type ServerEvent = keyof ServerToClientEvents;

/** The server's events by name, for a client that listens to each. */
export const SERVER_EVENTS = [
  'chatMessage',
  'tracking',
  'notification',
  'openRequest',
  'requestComment',
] as const satisfies readonly ServerEvent[];
