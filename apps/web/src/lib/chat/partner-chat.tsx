import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatMessage, ChatObject } from '@movehub/shared';
import { useRealtime, useRealtimeEvent } from '../realtime';
import { MessageForm } from './message-form';
import { LoadMore } from '../../ui/load-more';
import { LOAD_OLDER_MESSAGES_LABEL, MessageLog, OLDER_MESSAGES_ERROR } from './message-log';
import { useConversationScroll } from './use-conversation-scroll';
import { conversationQueryOptions, markConversationRead } from './partner-chat-api';
import { addConversationMessage } from './conversation-cache';

export const NO_MESSAGES_TEXT = 'No messages yet. Write to the customer here.';
export const RECONNECTING_TEXT = 'Reconnecting to chat…';

/**
 * A partner's chat with the customer of one job, through the partner session's socket
 * (decision 022): the company's on its job page (type 0, paid to to-be-confirmed) and the
 * foreman's on his (type 2, while the move is under way). The messages, oldest first, live as
 * they arrive, and the message form the customer's chat uses. Which conversation it is comes
 * from the server's job detail (`chat`); the screen only says where its messages are kept.
 */
export function PartnerChat({
  chat,
  customerName,
  queryKey,
}: {
  /** The conversation as the job detail names it: the partner's room, the customer's, the type. */
  chat: ChatObject;
  customerName: string;
  /** Where the screen keeps the messages: under its own queries' root. */
  queryKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { status } = useRealtime();
  const messages = useInfiniteQuery(conversationQueryOptions(queryKey, chat));
  const { scrollRef } = useConversationScroll(messages.data);
  const add = (message: ChatMessage) => addConversationMessage(queryClient, queryKey, message);

  useRealtimeEvent('chatMessage', (message: ChatMessage) => {
    if (message.request_id === chat.request_id && message.receive_type === chat.type) {
      add(message);
      if (message.sender_type === 0) void markConversationRead(chat).catch(() => undefined);
    }
  });

  // The conversation is on screen: what the customer wrote is read.
  const unread = messages.data?.some((m) => m.sender_type === 0 && m.message_status === 0);
  const { room_id, request_id, receiver_room_id, type } = chat;
  useEffect(() => {
    if (!unread) return;
    void markConversationRead({ room_id, request_id, receiver_room_id, type }).catch(
      () => undefined,
    );
  }, [unread, room_id, request_id, receiver_room_id, type]);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {status === 'reconnecting' && (
        <Typography role="status" variant="body2" sx={{ px: 2, py: 0.5, bgcolor: 'warning.light' }}>
          {RECONNECTING_TEXT}
        </Typography>
      )}
      <Box ref={scrollRef} sx={{ maxHeight: 360, overflowY: 'auto', px: 2, py: 1.5 }}>
        {/* Older messages load above, as the reader scrolls up to them. */}
        <LoadMore
          query={messages}
          label={LOAD_OLDER_MESSAGES_LABEL}
          errorMessage={OLDER_MESSAGES_ERROR}
        />
        <MessageLog messages={messages} name={customerName} emptyText={NO_MESSAGES_TEXT} />
      </Box>
      <MessageForm channel={chat} onSent={add} />
    </Box>
  );
}
