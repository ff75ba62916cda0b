import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  type ChannelsResponse,
  type ChatChannel,
  type ChatMessage,
  type ConversationBody,
} from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { addConversationMessage, messagesOfPages } from '../../lib/chat/conversation-cache';

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

/** Conversations (by request) asked per page of the contact list. */
export const CHANNELS_PAGE_SIZE = 30;
/** Messages asked per page of a conversation. */
export const MESSAGES_PAGE_SIZE = 50;

/** POST /app_api/channels (auth): a page of the customer's conversations and own profile. */
export function getChannels(beforeId: number | undefined, signal?: AbortSignal) {
  return callApi('POST /app_api/channels', {
    body: {
      limit: CHANNELS_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
  });
}

function conversationBody(ref: ConversationRef): ConversationBody {
  return { socket_id: ref.receiver_room_id, request_id: ref.request_id, type: ref.type };
}

/** POST /app_api/get_messages (auth): a page of one conversation, oldest first within it. */
export function getMessages(
  ref: ConversationRef,
  beforeId: number | undefined,
  signal?: AbortSignal,
) {
  return callApi('POST /app_api/get_messages', {
    body: {
      ...conversationBody(ref),
      limit: MESSAGES_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
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

/** Every channel of the pages read so far, company and foreman ones together. */
export function channelsOfPages(data: InfiniteData<ChannelsResponse> | undefined): ChatChannel[] {
  return (data?.pages ?? []).flatMap((page) => [
    ...page.request_data,
    ...page.request_data_foreman,
  ]);
}

/** The contact list, a page (of requests, newest first) at a time as the reader scrolls. */
export const channelsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.channels(),
    queryFn: ({ pageParam, signal }) => getChannels(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    select: (data): ChannelsView => ({
      channels: channelsOfPages(data).sort(byLastMessage),
      // Each page carries the profile; the first is as good as any.
      profile: data.pages[0]!.profile,
    }),
  });

/** Whether any conversation read so far has unread messages (the sidebar's dot). */
export const hasUnreadChatQueryOptions = () =>
  infiniteQueryOptions({
    ...channelsQueryOptions(),
    select: (data) => channelsOfPages(data).some((channel) => channel.unread_messages > 0),
  });

/**
 * A conversation, its newest page first and older ones as the reader scrolls up; the messages of
 * every page read, oldest first.
 */
export const messagesQueryOptions = (ref: ConversationRef) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(ref),
    queryFn: ({ pageParam, signal }) => getMessages(ref, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    select: messagesOfPages,
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
  queryClient.setQueryData(
    chatKeys.channels(),
    (current: InfiniteData<ChannelsResponse> | undefined) => {
      if (!current) return current;
      const clear = (list: ChatChannel[]) =>
        list.map((channel) =>
          isConversation(ref, channel.request_id, channel.type)
            ? { ...channel, unread_messages: 0 }
            : channel,
        );
      return {
        ...current,
        pages: current.pages.map((page) => ({
          ...page,
          request_data: clear(page.request_data),
          request_data_foreman: clear(page.request_data_foreman),
        })),
      };
    },
  );
  return queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
}
