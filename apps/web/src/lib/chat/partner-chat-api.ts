import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  getMessagesResponseSchema,
  okEnvelopeSchema,
  type ChatMessage,
  type ChatObject,
  type GetMessagesResponse,
} from '@movehub/shared';
import { callApi } from '../api-client';

/*
 * The partner console's side of one conversation with a customer, the company's (type 0) and
 * the foreman's (type 2) alike, with the partner session (decision 022). Each screen keeps the
 * messages under a key of its own queries, so its refresh on a notification reloads them too.
 */

/** POST /app_api/get_messages: the conversation, oldest first. */
export function getConversation(chat: ChatObject, signal?: AbortSignal) {
  return callApi('/app_api/get_messages', {
    method: 'POST',
    body: { socket_id: chat.receiver_room_id, request_id: chat.request_id, type: chat.type },
    schema: getMessagesResponseSchema,
    session: 'partner',
    signal,
    // The chat shows the failure itself, with Try again.
    suppressToast: true,
  });
}

/** POST /app_api/change_chat_status: what the customer wrote is read once it is on screen. */
export function markConversationRead(chat: ChatObject) {
  return callApi('/app_api/change_chat_status', {
    method: 'POST',
    body: { socket_id: chat.receiver_room_id, request_id: chat.request_id, type: chat.type },
    schema: okEnvelopeSchema,
    session: 'partner',
    // Marking read happens behind the reader's back; a failure leaves the count, not a toast.
    suppressToast: true,
  });
}

export const conversationQueryOptions = (queryKey: QueryKey, chat: ChatObject) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => getConversation(chat, signal),
    select: (response) => response.getchatdata,
  });

/** Puts a stored message into the conversation kept under `queryKey`, once, in order. */
export function addConversationMessage(
  queryClient: QueryClient,
  queryKey: QueryKey,
  message: ChatMessage,
): void {
  queryClient.setQueryData(queryKey, (current: GetMessagesResponse | undefined) => {
    if (!current || current.getchatdata.some((m) => m.id === message.id)) return current;
    const getchatdata = [...current.getchatdata, message].sort(
      (a, b) => a.message_datatime.localeCompare(b.message_datatime) || a.id - b.id,
    );
    return { ...current, getchatdata };
  });
}
