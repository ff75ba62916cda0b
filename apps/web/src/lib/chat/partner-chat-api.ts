import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { type ChatObject } from '@movehub/shared';
import { callPartnerApi } from '../partner-api';
import { messagesOfPages } from './conversation-cache';

/** Messages asked per page of a conversation. */
export const PARTNER_MESSAGES_PAGE_SIZE = 50;

/*
 * The partner console's side of one conversation with a customer, the company's (type 0) and
 * the foreman's (type 2) alike, with the partner session (decision 022). Each screen keeps the
 * messages under a key of its own queries, so its refresh on a notification reloads them too.
 */

/** POST /app_api/get_messages: a page of the conversation, oldest first within it. */
export function getConversation(
  chat: ChatObject,
  beforeId: number | undefined,
  signal?: AbortSignal,
) {
  return callPartnerApi('POST /app_api/get_messages', {
    body: {
      socket_id: chat.receiver_room_id,
      request_id: chat.request_id,
      type: chat.type,
      limit: PARTNER_MESSAGES_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    signal,
    // The chat shows the failure itself, with Try again.
    suppressToast: true,
  });
}

/** POST /app_api/change_chat_status: what the customer wrote is read once it is on screen. */
export function markConversationRead(chat: ChatObject) {
  return callPartnerApi('POST /app_api/change_chat_status', {
    body: { socket_id: chat.receiver_room_id, request_id: chat.request_id, type: chat.type },
    // Marking read happens behind the reader's back; a failure leaves the count, not a toast.
    suppressToast: true,
  });
}

/** The conversation, newest page first and older ones on demand; every message read, oldest first. */
export const conversationQueryOptions = (queryKey: QueryKey, chat: ChatObject) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getConversation(chat, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    select: messagesOfPages,
  });
