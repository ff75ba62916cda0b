import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatMessage, GetMessagesResponse } from '@movehub/shared';

/*
 * A conversation's messages as cached, the customer's chat and the partner console's alike: the
 * pages of get_messages, newest page first (each oldest first within it). A message pushed on the
 * socket or acknowledged after sending joins the newest page rather than a second copy of it.
 */

export type ConversationPages = InfiniteData<GetMessagesResponse, number | undefined>;

/** Every message of the pages read so far, oldest first. */
export function messagesOfPages(data: ConversationPages): ChatMessage[] {
  return [...data.pages].reverse().flatMap((page) => page.getchatdata);
}

/** Puts a stored message into the conversation kept under `queryKey`, once, in order. */
export function addConversationMessage(
  queryClient: QueryClient,
  queryKey: QueryKey,
  message: ChatMessage,
): void {
  queryClient.setQueryData(queryKey, (current: ConversationPages | undefined) => {
    if (!current || current.pages.length === 0) return current;
    if (current.pages.some((page) => page.getchatdata.some((m) => m.id === message.id))) {
      return current;
    }
    const [newest, ...older] = current.pages;
    const getchatdata = [...newest!.getchatdata, message].sort(
      (a, b) => a.message_datatime.localeCompare(b.message_datatime) || a.id - b.id,
    );
    return { ...current, pages: [{ ...newest!, getchatdata }, ...older] };
  });
}
