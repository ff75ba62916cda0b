import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { NEW_MESSAGE_SNACK_MS, type ChannelsResponse, type ChatMessage } from '@movehub/shared';
import { CHATS_PATH, chatSelectionFromSearch } from '../../lib/chat-link';
import { useRealtimeEvent } from '../../lib/realtime';
import { showToast } from '../../lib/toast';
import {
  addMessageToCache,
  changeChatStatus,
  channelName,
  channelsOfPages,
  chatKeys,
  conversationOf,
  markReadInCache,
} from './chat-api';

/** The snack's text when the sender's name is known, and when it is not. */
export const newMessageFrom = (name: string) => `New message from ${name}`;
export const NEW_MESSAGE_TEXT = 'You have a new message.';

/**
 * Every chatMessage of the session, wherever the customer is (mounted once by the dashboard):
 * the message goes into its conversation's cache; in the open conversation it is marked read at
 * once, anywhere else the unread counts are fetched again and a received message shows the info
 * snack for 2 s (spec/portal.md "Chat", §9).
 */
export function ChatMessageWatcher() {
  const queryClient = useQueryClient();
  const location = useLocation();

  useRealtimeEvent('chatMessage', (message: ChatMessage) => {
    addMessageToCache(queryClient, message);
    const ref = conversationOf(message);
    const selection =
      location.pathname === CHATS_PATH ? chatSelectionFromSearch(location.search) : null;
    const open =
      selection !== null && selection.request_id === ref.request_id && selection.type === ref.type;

    if (open) {
      if (message.sender_type === 0) {
        void changeChatStatus(ref)
          .catch(() => undefined)
          .then(() => markReadInCache(queryClient, ref));
      } else {
        void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
      }
      return;
    }

    void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
    if (message.sender_type === 0) {
      const view = queryClient.getQueryData<InfiniteData<ChannelsResponse>>(chatKeys.channels());
      const channel = channelsOfPages(view).find(
        (c) => c.request_id === ref.request_id && c.type === ref.type,
      );
      showToast(channel ? newMessageFrom(channelName(channel)) : NEW_MESSAGE_TEXT, 'info', {
        durationMs: NEW_MESSAGE_SNACK_MS,
      });
    }
  });

  return null;
}
