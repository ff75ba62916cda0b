import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  type ChannelsResponse,
  type ChatChannel,
  type ChatMessage,
  type ConversationBody,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { addConversationMessage } from '../../lib/chat/conversation-cache';

/*
 * The chat's calls (spec/portal.md §7: channels, get_messages, change_chat_status); its one socket
 * emit (sendMessage) is lib/chat's, shared with the partner console. A conversation is one request with one counterpart: the company
 * (type 0) or the foreman (type 2), addressed by the counterpart's room.
 */

/** What names one conversation from the customer's side. */
export interface ConversationRef {
  request_id: number;
  type: number;
  /** The counterpart's room (a channel's receiver_room_id). */
  receiver_room_id: string;
}

export const chatKeys = {
  all: ['chat'] as const,
  channels: () => ['chat', 'channels'] as const,
  messages: (ref: ConversationRef) =>
    ['chat', 'messages', ref.request_id, ref.type, ref.receiver_room_id] as const,
};

/** POST /app_api/channels (auth): the customer's conversations and own profile. */
export function getChannels(signal?: AbortSignal) {
  return callApi('POST /app_api/channels', {
    signal,
  });
}

function conversationBody(ref: ConversationRef): ConversationBody {
  return { socket_id: ref.receiver_room_id, request_id: ref.request_id, type: ref.type };
}

/** POST /app_api/get_messages (auth): one conversation, oldest first. */
export function getMessages(ref: ConversationRef, signal?: AbortSignal) {
  return callApi('POST /app_api/get_messages', {
    body: conversationBody(ref),
    signal,
  });
}

/** POST /app_api/change_chat_status (auth): marks one conversation read. */
export function changeChatStatus(ref: ConversationRef) {
  return callApi('POST /app_api/change_chat_status', {
    body: conversationBody(ref),
    // Marking read happens behind the reader's back; a failure leaves the count, not a toast.
    suppressToast: true,
  });
}

/** Newest conversation first; those without a message yet keep the server's order, last. */
function byLastMessage(a: ChatChannel, b: ChatChannel): number {
  if (a.last_message_at === b.last_message_at) return 0;
  if (a.last_message_at === null) return 1;
  if (b.last_message_at === null) return -1;
  return b.last_message_at.localeCompare(a.last_message_at);
}

export interface ChannelsView {
  /** Company (type 0) and foreman (type 2) channels in one list. */
  channels: ChatChannel[];
  profile: ChannelsResponse['profile'];
}

export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.channels(),
    queryFn: ({ signal }) => getChannels(signal),
    select: (response): ChannelsView => ({
      channels: [...response.request_data, ...response.request_data_foreman].sort(byLastMessage),
      profile: response.profile,
    }),
  });

/** Whether any conversation has unread messages (the sidebar's dot). */
export const hasUnreadChatQueryOptions = () =>
  queryOptions({
    ...channelsQueryOptions(),
    select: (response) =>
      [...response.request_data, ...response.request_data_foreman].some(
        (channel) => channel.unread_messages > 0,
      ),
  });

export const messagesQueryOptions = (ref: ConversationRef) =>
  queryOptions({
    queryKey: chatKeys.messages(ref),
    queryFn: ({ signal }) => getMessages(ref, signal),
    select: (response) => response.getchatdata,
  });

/** The counterpart's name as the list shows it: name, else first and last name. */
export function channelName(channel: ChatChannel): string {
  const profile = channel.profile_data;
  const name = profile.name?.trim();
  if (name) return name;
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ').trim() || 'Unknown';
}

/** Same conversation? (The counterpart's room is implied by request and type on our side.) */
export function isConversation(a: ConversationRef, request_id: number, type: number): boolean {
  return a.request_id === request_id && a.type === type;
}

/** The conversation a message belongs to, from the customer's point of view. */
export function conversationOf(message: ChatMessage): ConversationRef {
  return {
    request_id: message.request_id,
    type: message.receive_type,
    // sender_type 1: the customer's own message (from another tab), sent to the counterpart.
    receiver_room_id: message.sender_type === 1 ? message.receiver_id : message.sender_id,
  };
}

/** Puts a stored message into its conversation's cache, once, in order. */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage): void {
  const key = chatKeys.messages(conversationOf(message));
  // While the conversation is being read its answer would overwrite the pushed message: read it
  // again once more instead (a conversation never read is read when it opens).
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  addConversationMessage(queryClient, key, message);
}

/** After a conversation is read: its count is 0 at once, and the list is fetched again. */
export function markReadInCache(queryClient: QueryClient, ref: ConversationRef): Promise<void> {
  queryClient.setQueryData(chatKeys.channels(), (current: ChannelsResponse | undefined) => {
    if (!current) return current;
    const clear = (list: ChatChannel[]) =>
      list.map((channel) =>
        isConversation(ref, channel.request_id, channel.type)
          ? { ...channel, unread_messages: 0 }
          : channel,
      );
    return {
      ...current,
      request_data: clear(current.request_data),
      request_data_foreman: clear(current.request_data_foreman),
    };
  });
  return queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
}
