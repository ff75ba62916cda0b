import { createElement, type ReactNode } from 'react';
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type {
  ChatMessage,
  ClientToServerEvents,
  SendMessage,
  ServerToClientEvents,
  SocketAck,
} from '@movehub/shared';
import { SocketConnectorContext } from '../lib/realtime';
import type { RealtimeSocket, SocketConnector, SocketSession } from '../lib/socket';

/**
 * A stand-in for socket.io-client's socket at the connector boundary: the part of its surface
 * the app uses (on/off, emit with an ack, timeout().emitWithAck, connect/disconnect, connected,
 * active), driven by the test as a server would drive it.
 */

type Handler = (...args: unknown[]) => void;
export type SendReply = SocketAck<ChatMessage> | 'no-answer';

export class FakeSocket {
  connected = false;
  /** socket.io's "will reconnect by itself": false after a refused handshake or disconnect(). */
  active = true;
  closedByClient = false;
  /** What the client emitted, in order. */
  readonly emitted: { event: string; args: unknown[] }[] = [];
  /** The server's answer to `create`. */
  createReply: SocketAck = { code: 200, message: 'Joined', data: undefined };
  /** The server's answer to `sendMessage`; by default it stores the message as sent. */
  sendReply: (message: SendMessage) => SendReply | Promise<SendReply> = (message) => ({
    code: 200,
    message: 'Sent',
    data: storedMessage(message),
  });
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(readonly session: SocketSession) {}

  on(event: string, handler: Handler) {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return this;
  }

  off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  emit<E extends keyof ClientToServerEvents>(event: E, ...args: unknown[]) {
    this.emitted.push({ event, args });
    if (event === 'create') {
      const ack = args[1] as ((result: SocketAck) => void) | undefined;
      queueMicrotask(() => ack?.(this.createReply));
    }
    return this;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: async (event: keyof ClientToServerEvents, ...args: unknown[]) => {
        this.emitted.push({ event, args });
        if (event !== 'sendMessage') throw new Error(`FakeSocket: no ack for ${event}`);
        const reply = await this.sendReply(args[0] as SendMessage);
        if (reply === 'no-answer') throw new Error('operation has timed out');
        return reply;
      },
    };
  }

  connect() {
    this.active = true;
    return this;
  }

  disconnect() {
    this.closedByClient = true;
    this.active = false;
    this.connected = false;
    return this;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }

  /** The handshake succeeds (first connection or a reconnection). */
  async serverConnects() {
    await act(async () => {
      this.connected = true;
      this.fire('connect');
      await settle();
    });
  }

  /** The connection drops (a server restart, a lost network). */
  async serverDrops(reason = 'transport close') {
    await act(async () => {
      this.connected = false;
      this.fire('disconnect', reason);
      await settle();
    });
  }

  /** The handshake is refused (a middleware error): socket.io does not retry by itself. */
  async serverRefuses(message = 'Unauthorized', code = 401) {
    await act(async () => {
      this.active = false;
      this.connected = false;
      this.fire('connect_error', Object.assign(new Error(message), { data: { code, message } }));
      await settle();
    });
  }

  /** A server event arrives. */
  async serverEmits<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) {
    await act(async () => {
      this.fire(event, ...args);
      await settle();
    });
  }

  /** Whether the app listens for this event. */
  listens(event: string): boolean {
    return (this.handlers.get(event)?.size ?? 0) > 0;
  }

  /** How many times the client emitted this event. */
  count(event: keyof ClientToServerEvents): number {
    return this.emitted.filter((e) => e.event === event).length;
  }
}

/** A macrotask: TanStack Query tells its observers on the next tick, React then renders. */
const settle = () =>
  vi.isFakeTimers() ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, 0));

let storedIds = 5000;

/** A message as the server stores and acknowledges it (the customer's own: sender_type 1). */
export function storedMessage(message: SendMessage): ChatMessage {
  return {
    id: storedIds++,
    request_id: Number(message.request_id),
    message_text: message.message,
    message_type: 0,
    message_datatime: new Date().toISOString(),
    message_status: 0,
    sender_type: 1,
    is_active: true,
    sender_id: message.sender_id,
    receiver_id: message.receiver_id,
    receive_type: Number(message.receive_type) as ChatMessage['receive_type'],
  };
}

/** A connector handing out fake sockets; `sockets` holds every one opened, newest last. */
export function fakeConnector() {
  const sockets: FakeSocket[] = [];
  const connect: SocketConnector = async (session) => {
    const socket = new FakeSocket(session);
    sockets.push(socket);
    return socket as unknown as RealtimeSocket;
  };
  return {
    connect,
    sockets,
    /** Waits until the app has opened a socket and listens on it; returns that socket. */
    async opened(): Promise<FakeSocket> {
      await waitFor(() => expect(sockets.at(-1)?.listens('connect')).toBe(true));
      return sockets.at(-1)!;
    },
    get latest(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

/**
 * A fake connector and the wrapper that hands it to the app (`renderApp(at, { wrapper })`): the
 * layouts' realtime providers then open their sockets on it, which the test drives.
 */
export function fakeSocketWrapper() {
  const connector = fakeConnector();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(SocketConnectorContext.Provider, { value: connector.connect }, children);
  return { connector, wrapper };
}
