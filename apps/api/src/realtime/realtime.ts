import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  CHAT_TEXT,
  ErrorCode,
  hasControlCharacters,
  MSG,
  SOCKET_PATH,
  roomIdSchema,
  sendMessageSchema,
  serverEventSchemas,
  type ChatMessage,
  type ClientToServerEvents,
  type ServerEvent,
  type ServerToClientEvents,
  type SocketAck,
  type SocketHandshakeAuth,
} from '@movehub/shared';
import { authenticate } from '../modules/auth/auth.service';
import { messageToDeliver } from '../modules/chat/chat.service';
import { isDatabaseUnavailable } from '../db/unavailable';
import { failFastRedisOptions } from '../plugins/rate-limit';
import { AppError } from '../errors';
import { parseSignal, REALTIME_CHANNEL, type ChatDelivery, type RealtimeSignal } from './signals';

/*
 * The realtime channel (docs/decisions/018): socket.io on the API's own HTTP server, websocket
 * transport only. A socket is one signed-in tab: the handshake carries the session's token and
 * the account's room; the socket joins that room and nothing else. Everything it is told about
 * is stored first (messages, points, notifications), so a client that reconnects refetches.
 */

export interface SocketData {
  userId: number;
  userType: number;
  roomId: string;
  sessionId: number;
}

export type Io = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** What a socket's sendMessage does with a valid message: the chat module answers it. */
export type MessageHandler = (
  socket: AppSocket,
  body: ReturnType<(typeof sendMessageSchema)['parse']>,
) => Promise<SocketAck<Parameters<Parameters<ClientToServerEvents['sendMessage']>[1]>[0]['data']>>;

export interface Realtime {
  io: Io;
  /** Which of these rooms have a socket connected now, in any process. */
  onlineRooms(roomIds: readonly string[]): Promise<Set<string>>;
  /** Sets what sendMessage does (the chat module, which stores before it delivers). */
  handleMessages(handler: MessageHandler): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

// socket.io's frame ceiling: a message of 2,000 characters and its fields fit many times over.
const MAX_FRAME_BYTES = 16 * 1024;
// Our tokens are 43 base64url characters.
const MAX_TOKEN_LENGTH = 512;
// How long a presence question waits for the other processes (Redis adapter).
const PRESENCE_TIMEOUT_MS = 2_000;
/** One account may hold this many sockets in one process (tabs, phones); more are refused. */
export const MAX_SOCKETS_PER_USER = 20;

function handshakeError(code: number, message: string): Error {
  return Object.assign(new Error(message), { data: { code, message } });
}

function queryValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The session's token, from the handshake's `auth` only (SocketHandshakeAuth, as the web app
 * sends it). Never from the query string: the handshake's URL lands in proxy and server logs and
 * in the browser's history. Nor from a header, so that there is one way a socket signs in.
 */
function tokenOf(handshake: AppSocket['handshake']): unknown {
  return (handshake.auth as Partial<SocketHandshakeAuth> | undefined)?.token;
}

function ackError(error: unknown): SocketAck<never> {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  // As the HTTP error handler does: an outage is "try again", not a fault of ours (issue 30).
  if (isDatabaseUnavailable(error)) {
    return { code: ErrorCode.serviceUnavailable, message: MSG.serviceUnavailable };
  }
  return { code: ErrorCode.internal, message: MSG.internal };
}

/**
 * Attaches socket.io to the app's HTTP server and decorates `app.realtime`. What the sockets are
 * told comes from the events' signals (signals.ts): they reach every process through
 * PostgreSQL's LISTEN, and each tells its own sockets. With REDIS_URL the Redis adapter answers
 * the presence question across processes.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const io: Io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  if (app.config.redisUrl) {
    // Presence questions are asked inside requests: they fail fast when Redis is away (and
    // presence answers for this process). The subscriber waits for messages, with no timeout.
    const pub = new Redis(app.config.redisUrl, failFastRedisOptions());
    const sub = new Redis(app.config.redisUrl, { connectTimeout: 2_000, lazyConnect: true });
    pub.on('error', (err) => app.log.warn({ err }, 'redis (realtime publish) error'));
    sub.on('error', (err) => app.log.warn({ err }, 'redis (realtime subscribe) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter publishes (its presence questions) and does not catch: while Redis is away
    // ioredis rejects the queued commands, and an unhandled rejection would end the process. A
    // publish that fails is logged; presence then answers for this process's sockets.
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (
      ...args: unknown[]
    ) =>
      publish(...args).catch((err: unknown) => {
        app.log.warn({ err }, 'redis (realtime publish) failed');
        return 0;
      });
    io.adapter(createAdapter(pub, sub, { requestsTimeout: PRESENCE_TIMEOUT_MS }));
    redis = { pub, sub };
  }

  let messageHandler: MessageHandler | null = null;

  // Each handshake costs a database read: an address gets the per-address ceiling of the other
  // abusable calls (IP_RATE_LIMIT_PER_MINUTE) in each process.
  const handshakes = new RateLimiterMemory({
    keyPrefix: 'socket-handshake',
    points: app.config.ipRateLimitPerMinute,
    duration: 60,
  });
  const tokens = new WeakMap<AppSocket, string>();
  const socketsPerUser = new Map<number, number>();

  io.use((socket, next) => {
    // Cheap checks first: the address's pace, then the token's shape, then the database.
    handshakes.consume(socket.handshake.address).then(
      () => admit(socket, next),
      () => next(handshakeError(ErrorCode.tooManyRequests, MSG.tooManyRequests)),
    );
  });

  function admit(socket: AppSocket, next: (err?: Error) => void): void {
    const token = tokenOf(socket.handshake);
    if (
      typeof token !== 'string' ||
      token === '' ||
      token.length > MAX_TOKEN_LENGTH ||
      hasControlCharacters(token)
    ) {
      next(handshakeError(ErrorCode.unauthorized, MSG.unauthorized));
      return;
    }
    authenticate({ db: app.db, token }).then(
      (auth) => {
        if (!auth) return next(handshakeError(ErrorCode.unauthorized, MSG.unauthorized));
        const room = queryValue(socket.handshake.query.room_id);
        if (room !== undefined && room !== auth.user.roomId) {
          return next(handshakeError(ErrorCode.forbidden, CHAT_TEXT.notYourRoom));
        }
        const type = queryValue(socket.handshake.query.type);
        if (type !== undefined && type !== String(auth.user.userType)) {
          return next(handshakeError(ErrorCode.forbidden, 'type is not this account\u2019s type.'));
        }
        if ((socketsPerUser.get(auth.user.id) ?? 0) >= MAX_SOCKETS_PER_USER) {
          return next(handshakeError(ErrorCode.tooManyRequests, MSG.tooManyRequests));
        }
        tokens.set(socket, token);
        socket.data = {
          userId: auth.user.id,
          userType: auth.user.userType,
          roomId: auth.user.roomId,
          sessionId: auth.sessionId,
        };
        next();
      },
      (err: unknown) => {
        app.log.warn({ err }, 'socket handshake could not reach the database');
        next(handshakeError(ErrorCode.serviceUnavailable, MSG.serviceUnavailable));
      },
    );
  }

  io.on('connection', (socket: AppSocket) => {
    const { roomId, userId, sessionId } = socket.data;
    void socket.join([roomId, `user:${userId}`, `session:${sessionId}`]);
    socketsPerUser.set(userId, (socketsPerUser.get(userId) ?? 0) + 1);
    socket.once('disconnect', () => {
      const left = (socketsPerUser.get(userId) ?? 1) - 1;
      if (left > 0) socketsPerUser.set(userId, left);
      else socketsPerUser.delete(userId);
    });

    socket.on('create', (requested, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = roomIdSchema.safeParse(requested);
      if (!parsed.success || parsed.data !== roomId) {
        reply({ code: ErrorCode.forbidden, message: CHAT_TEXT.notYourRoom });
        return;
      }
      void socket.join(roomId);
      reply({ code: 200, message: 'Joined.', data: undefined });
    });

    socket.on('sendMessage', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      // Messages per user across all their sockets (and processes, with Redis): more sockets do
      // not multiply the ceiling (issue 30, item 6; docs/decisions/040).
      app.businessLimits.admit('chatMessage', String(userId)).then(
        (refused) => (refused ? reply(refused) : receive(payload, reply)),
        (err: unknown) => {
          app.log.warn({ err }, 'chat message limit could not be read');
          reply({ code: ErrorCode.serviceUnavailable, message: MSG.serviceUnavailable });
        },
      );
    });

    function receive(payload: unknown, reply: (result: SocketAck<ChatMessage>) => void): void {
      const parsed = sendMessageSchema.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reply({ code: ErrorCode.unprocessable, message: issue?.message ?? 'Invalid message.' });
        return;
      }
      const handler = messageHandler;
      if (!handler) {
        reply({ code: ErrorCode.serviceUnavailable, message: MSG.serviceUnavailable });
        return;
      }
      // The session is read again: one that was revoked or has expired since the handshake
      // sends nothing, even if its revocation signal never reached this process.
      const token = tokens.get(socket) ?? '';
      authenticate({ db: app.db, token })
        .then(async (auth) => {
          if (!auth || auth.sessionId !== sessionId) {
            reply({ code: ErrorCode.unauthorized, message: MSG.unauthorized });
            socket.disconnect(true);
            return;
          }
          reply(await handler(socket, parsed.data));
        })
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) app.log.error({ err: error }, 'sendMessage failed');
          reply(ackError(error));
        });
    }
  });

  /**
   * Emits an event checked against its shared schema, as the HTTP serializer checks an answer:
   * a payload of another shape is a bug to report here, not a thing for the browser to draw.
   */
  const send = <E extends ServerEvent>(
    to: ReturnType<Io['to']>,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) => {
    const checked = serverEventSchemas[event].safeParse(payload);
    if (!checked.success) {
      app.log.error(
        { event, issues: checked.error.issues },
        'realtime event does not match its schema',
      );
      return;
    }
    // socket.io types emit per event name; the name and payload were checked together above.
    (to as unknown as { emit(name: string, value: unknown): boolean }).emit(event, checked.data);
  };

  /** A stored message to both sides, each seeing it from where it stands (sender_type). */
  const deliver = (message: ChatDelivery, exceptSocketId: string | undefined) => {
    send(io.local.to(message.receiver_id), 'chatMessage', { ...message, sender_type: 0 });
    const senderTabs = io.local.to(message.sender_id);
    send(exceptSocketId ? senderTabs.except(exceptSocketId) : senderTabs, 'chatMessage', {
      ...message,
      sender_type: 1,
    });
  };

  const onSignal = (signal: RealtimeSignal) => {
    switch (signal.kind) {
      case 'chat-message':
        if ('data' in signal) {
          deliver(signal.data, signal.exceptSocketId);
          return;
        }
        messageToDeliver(app.db, signal.id).then(
          (message) => {
            if (message) deliver(message, signal.exceptSocketId);
          },
          (err: unknown) =>
            app.log.warn({ err, messageId: signal.id }, 'chat message not read for delivery'),
        );
        return;
      case 'tracking':
        send(io.local.to(signal.room), 'tracking', signal.data);
        return;
      case 'notification':
        send(io.local.to(signal.room), 'notification', signal.data);
        return;
      case 'open-request':
        send(io.local.to(signal.room), 'openRequest', signal.data);
        return;
      case 'request-comment':
        send(io.local.to(signal.room), 'requestComment', signal.data);
        return;
      case 'revoke-session':
        io.local.in(`session:${signal.sessionId}`).disconnectSockets(true);
        return;
      case 'revoke-user':
        for (const socket of io.of('/').sockets.values()) {
          if (
            socket.data.userId === signal.userId &&
            socket.data.sessionId !== signal.keepSessionId
          ) {
            socket.disconnect(true);
          }
        }
        return;
    }
  };
  const stopListening = await app.database.listen(REALTIME_CHANNEL, (payload) => {
    const signal = parseSignal(payload);
    if (signal) onSignal(signal);
  });

  const realtime: Realtime = {
    io,
    async onlineRooms(roomIds) {
      if (roomIds.length === 0) return new Set();
      try {
        const sockets = await io.in([...roomIds]).fetchSockets();
        return new Set(sockets.map((s) => s.data.roomId));
      } catch (err) {
        // Another process did not answer in time: this process's own sockets still count.
        app.log.warn({ err }, 'presence across processes unavailable');
        const sockets = await io.local.in([...roomIds]).fetchSockets();
        return new Set(sockets.map((s) => s.data.roomId));
      }
    },
    handleMessages(handler) {
      messageHandler = handler;
    },
  };
  app.decorate('realtime', realtime);

  // Open websockets would keep the HTTP server from closing: end them before it closes.
  app.addHook('preClose', (done) => {
    io.local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await stopListening();
    if (redis) {
      const { pub, sub } = redis;
      // A client without its offline queue cannot send QUIT while Redis is away: drop it.
      await Promise.allSettled([pub.quit().catch(() => pub.disconnect()), sub.quit()]);
    }
  });
}
