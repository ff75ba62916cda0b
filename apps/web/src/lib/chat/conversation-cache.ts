import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatMessage, GetMessagesResponse } from '@movehub/shared';

/*
 * A conversation's messages as cached, the customer's chat and the partner console's alike: a
 * message pushed on the socket or acknowledged after sending joins the cached answer rather than
 * a second copy of it.
 */

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
