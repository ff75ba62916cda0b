import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, type ChatChannel } from '@movehub/shared';
import { apiRoute } from '../../lib/api-route';
import { authOf, signedIn } from '../../plugins/auth';
import type { AuthContext } from '../../plugins/auth';
import type { AppSocket } from '../../realtime/realtime';
import {
  listChannels,
  listMessages,
  markConversationRead,
  storeMessage,
  toChatMessage,
  type ChannelDraft,
  type ChatCaller,
} from './chat.service';

function callerOf(auth: AuthContext): ChatCaller {
  return { id: auth.user.id, roomId: auth.user.roomId, userType: auth.user.userType };
}

function withPresence(drafts: ChannelDraft[], online: ReadonlySet<string>): ChatChannel[] {
  return drafts.map((d) => ({
    ...d,
    profile_data: { ...d.profile_data, online_status: online.has(d.receiver_room_id) ? 1 : 0 },
  }));
}

/**
 * The socket's sendMessage: stores the message (its event delivers it after the commit to the
 * other side and to the sender's other tabs) and acknowledges with the stored message. A resend
 * of a stored client_id is acknowledged again without a second delivery.
 */
export function registerChatDelivery(app: FastifyInstance): void {
  app.realtime.handleMessages(async (socket: AppSocket, body) => {
    const caller = {
      id: socket.data.userId,
      roomId: socket.data.roomId,
      userType: socket.data.userType,
    };
    const { row, conversation } = await storeMessage({
      domain: app.domain,
      caller,
      body,
      socketId: socket.id,
    });
    const rooms = { sender: conversation.me.roomId, receiver: conversation.other.roomId };
    return { code: 200, message: 'Message sent.', data: toChatMessage(row, caller.id, rooms) };
  });
}

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...apiRoute('POST /app_api/channels', {
      tags: ['chat'],
      summary:
        "A page of the caller's conversations, by request, newest first: with companies (request_data) and foremen (request_data_foreman)",
      failures: [401],
    }),
    config: signedIn,
    handler: async (request) => {
      const auth = authOf(request);
      const { company, foreman, next_before_id } = await listChannels(
        app.db,
        callerOf(auth),
        request.body,
      );
      // One presence question for both lists (across processes it is a round trip of its own).
      const online = await app.realtime.onlineRooms(
        [...company, ...foreman].map((d) => d.receiver_room_id),
      );
      const requestData = withPresence(company, online);
      const requestDataForeman = withPresence(foreman, online);
      return {
        code: 200,
        message: MSG.ok,
        request_data: requestData,
        request_data_foreman: requestDataForeman,
        profile: {
          room_id: auth.user.roomId,
          first_name: auth.user.firstName,
          last_name: auth.user.lastName,
          profile_picture: auth.user.profilePicture,
        },
        next_before_id,
      };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/get_messages', {
      tags: ['chat'],
      summary:
        'A page of one conversation (the other side\u2019s room in socket_id, the request, type 0 company or 2 foreman): the newest messages, or those older than before_id; oldest first within the page',
      failures: [401, 404, 422],
    }),
    config: signedIn,
    handler: async (request) => {
      const { socket_id, request_id, type, limit, before_id } = request.body;
      const { messages, next_before_id } = await listMessages({
        db: app.db,
        caller: callerOf(authOf(request)),
        requestId: request_id,
        type,
        otherRoomId: socket_id,
        page: { limit, before_id },
      });
      return { code: 200, message: MSG.ok, getchatdata: messages, next_before_id };
    },
  });

  app.route({
    ...apiRoute('POST /app_api/change_chat_status', {
      tags: ['chat'],
      summary: 'Marks what the caller received in one conversation read',
      failures: [401, 404, 422],
    }),
    config: signedIn,
    handler: async (request) => {
      const { socket_id, request_id, type } = request.body;
      await markConversationRead({
        db: app.db,
        caller: callerOf(authOf(request)),
        requestId: request_id,
        type,
        otherRoomId: socket_id,
      });
      return { code: 200, message: 'Messages marked read.' };
    },
  });
};
