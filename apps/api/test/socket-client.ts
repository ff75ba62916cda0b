import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@movehub/shared';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io client as the web app connects: websocket only, token and room. */
export function openSocket(
  baseUrl: string,
  opts: { token?: string; roomId?: string; type?: number; headers?: Record<string, string> },
): TestSocket {
  return connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: opts.token === undefined ? {} : { token: opts.token },
    ...(opts.headers ? { extraHeaders: opts.headers } : {}),
    query: {
      ...(opts.roomId === undefined ? {} : { room_id: opts.roomId }),
      ...(opts.type === undefined ? {} : { type: String(opts.type) }),
    },
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
}

/** Resolves once connected; rejects with the server's refusal ({code, message} in data). */
export function connected(socket: TestSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The refusal of a handshake: the error's data. */
export function refusal(socket: TestSocket): Promise<{ code: number; message: string }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    socket.once('connect_error', (err) =>
      resolve((err as Error & { data: { code: number; message: string } }).data),
    );
  });
}

/** The next `event` the socket hears, or a rejection after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 5_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (socket.once as (e: string, l: (p: unknown) => void) => void)(event, (payload) => {
      clearTimeout(timer);
      resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
    });
  });
}

/** Resolves true if `event` arrives within `ms`, false otherwise. */
export function heardWithin<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms: number,
): Promise<boolean> {
  return next(socket, event, ms).then(
    () => true,
    () => false,
  );
}
