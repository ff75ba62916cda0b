import { z } from 'zod';
import { envelope } from './envelope';
import { nextPageField, pageFields } from './paging';
import { idSchema, safeString } from './primitives';
import { CHAT_TEXT, ChatType, MAX_CHAT_MESSAGE_LENGTH } from '../rules/chat';

/*
 * Chat (spec/portal.md "Chat", §3 "Chat channel" and "Chat message", §7 channels, get_messages,
 * change_chat_status, "Real-time channel"). A conversation is one request between its customer
 * and one counterpart: the company that won it (type 0) or, once the move is under way, its
 * foreman (type 2). Everyone, customer or partner, is addressed by the room_id of their account.
 */

/** Rooms are the uuid of an account (users.room_id). */
export const roomIdSchema = z
  .string({ error: 'room id must be a string.' })
  .trim()
  .min(1, 'room id is required.')
  .max(64, 'room id must be at most 64 characters.')
  .regex(/^[A-Za-z0-9-]+$/, 'room id must hold letters, digits and dashes only.');

export const chatTypeSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (n !== ChatType.company && n !== ChatType.foreman) {
    ctx.addIssue({ code: 'custom', message: 'type must be 0 (company) or 2 (foreman).' });
    return z.NEVER;
  }
  return n as ChatType;
});

/** The text of a message: required, at most MAX_CHAT_MESSAGE_LENGTH, line breaks allowed. */
export const chatMessageTextSchema = safeString({ multiline: true })
  .trim()
  .min(1, CHAT_TEXT.messageRequired)
  .max(MAX_CHAT_MESSAGE_LENGTH, CHAT_TEXT.messageTooLong);

/** A counterpart as the contact list shows it (§3 profile_data). online_status 0 is offline. */
export const chatProfileSchema = z
  .object({
    room_id: z.string(),
    name: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    profile_picture: z.string().nullable(),
    online_status: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'ChatProfile' });
export type ChatProfile = z.infer<typeof chatProfileSchema>;

/** One contact-list entry (§3 Chat channel): the caller's room, the request, the other side. */
export const chatChannelSchema = z
  .object({
    room_id: z.string(),
    request_id: z.number().int(),
    receiver_room_id: z.string(),
    type: z.union([z.literal(ChatType.company), z.literal(ChatType.foreman)]),
    profile_data: chatProfileSchema,
    unread_messages: z.number().int(),
    /** The newest message's time, for ordering the list (null before the first message). */
    last_message_at: z.string().nullable(),
    /**
     * Whether messages can be sent (the request's timeline status opens this conversation).
     * A conversation that has messages stays listed, to read, once its move is over.
     */
    is_open: z.boolean(),
  })
  .meta({ id: 'ChatChannel' });
export type ChatChannel = z.infer<typeof chatChannelSchema>;

/**
 * The chat object of a request list entry (company_chat_obj, foreman_chat_obj) and of the detail
 * (chat_data_comapny, chat_data_foreman): the conversation a Chat button opens. Null while that
 * conversation is closed.
 */
export const chatObjectSchema = z
  .object({
    room_id: z.string(),
    request_id: z.number().int(),
    receiver_room_id: z.string(),
    type: z.union([z.literal(ChatType.company), z.literal(ChatType.foreman)]),
  })
  .meta({ id: 'ChatObject' });
export type ChatObject = z.infer<typeof chatObjectSchema>;

/**
 * One message (§3 Chat message). sender_type is seen from the caller: 1 sent by the caller (the
 * customer, on the customer's side), 0 received. message_status 1 once the receiver has read it.
 */
export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    request_id: z.number().int(),
    message_text: z.string(),
    message_type: z.literal(0),
    message_datatime: z.string(),
    message_status: z.union([z.literal(0), z.literal(1)]),
    sender_type: z.union([z.literal(0), z.literal(1)]),
    is_active: z.boolean(),
    sender_id: z.string(),
    receiver_id: z.string(),
    receive_type: z.union([z.literal(ChatType.company), z.literal(ChatType.foreman)]),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * POST /app_api/channels (auth): a page of the caller's conversations, keyed by request (a
 * request's company and foreman conversations come in the same page). The spec sends an empty
 * body: that is the first page.
 */
export const channelsBodySchema = z.object(pageFields('a request')).default({});
export type ChannelsBody = z.input<typeof channelsBodySchema>;

/** POST /app_api/channels (auth): the caller's conversations and own profile. */
export const channelsResponseSchema = envelope({
  request_data: z.array(chatChannelSchema),
  request_data_foreman: z.array(chatChannelSchema),
  profile: z.object({
    room_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    profile_picture: z.string().nullable(),
  }),
  ...nextPageField,
});
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;

/**
 * POST /app_api/get_messages and change_chat_status (auth): one conversation, named by the other
 * side's room (socket_id), the request and the channel type.
 */
export const conversationBodySchema = z.object({
  socket_id: roomIdSchema,
  request_id: idSchema('request_id must be a request id.'),
  type: chatTypeSchema,
});
export type ConversationBody = z.input<typeof conversationBodySchema>;

/**
 * get_messages: a conversation and a page of its messages. Without before_id the newest page;
 * next_before_id asks for the page of older ones.
 */
export const getMessagesBodySchema = conversationBodySchema.extend(pageFields('a message'));
export type GetMessagesBody = z.input<typeof getMessagesBodySchema>;

/** get_messages: a page of the conversation, oldest first within the page. */
export const getMessagesResponseSchema = envelope({
  getchatdata: z.array(chatMessageSchema),
  ...nextPageField,
});
export type GetMessagesResponse = z.infer<typeof getMessagesResponseSchema>;

/**
 * The socket's sendMessage (§3 "Fields sent: sender_id, receiver_id, receive_type, room_id and
 * the message"). The server trusts the socket's account for the sender: sender_id must be that
 * account's room, room_id one of the conversation's two rooms. request_id names the
 * conversation's request; without it the newest open conversation of the two rooms and the type
 * is meant.
 */
export const sendMessageSchema = z.object({
  /** The sender's id for this message (a uuid): resending it after a lost ack stores it once. */
  client_id: z.uuid({ error: 'client_id must be a uuid.' }).optional(),
  sender_id: roomIdSchema,
  receiver_id: roomIdSchema,
  receive_type: chatTypeSchema,
  room_id: roomIdSchema,
  request_id: idSchema('request_id must be a request id.').optional(),
  message: chatMessageTextSchema,
});
export type SendMessage = z.input<typeof sendMessageSchema>;
