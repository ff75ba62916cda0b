import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatMessage, ChatObject } from '@movehub/shared';
import { MessageForm } from '../../lib/chat/message-form';
import { useRealtime, useRealtimeEvent } from '../../lib/realtime';
import { ChatBubble } from '../../ui/chat-bubble';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { addJobMessage, jobMessagesQueryOptions, markJobChatRead } from './job-detail-api';

export const NO_MESSAGES_TEXT = 'No messages yet. Write to the customer here.';
export const RECONNECTING_TEXT = 'Reconnecting to chat…';

/**
 * The company's chat with the customer of one job (open from payment to completion), through
 * the partner session's socket (decision 022): the messages, oldest first, live as they arrive,
 * and the message form the customer's chat uses.
 */
export function JobChat({ chat, customerName }: { chat: ChatObject; customerName: string }) {
  const queryClient = useQueryClient();
  const { status } = useRealtime();
  const messages = useQuery(jobMessagesQueryOptions(chat));
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  useRealtimeEvent('chatMessage', (message: ChatMessage) => {
    if (message.request_id === chat.request_id && message.receive_type === chat.type) {
      addJobMessage(queryClient, message);
      if (message.sender_type === 0) void markJobChatRead(chat).catch(() => undefined);
    }
  });

  // The conversation is on screen: what the customer wrote is read.
  const unread = messages.data?.some((m) => m.sender_type === 0 && m.message_status === 0);
  const { room_id, request_id, receiver_room_id, type } = chat;
  useEffect(() => {
    if (!unread) return;
    void markJobChatRead({ room_id, request_id, receiver_room_id, type }).catch(() => undefined);
  }, [unread, room_id, request_id, receiver_room_id, type]);

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {status === 'reconnecting' && (
        <Typography role="status" variant="body2" sx={{ px: 2, py: 0.5, bgcolor: 'warning.light' }}>
          {RECONNECTING_TEXT}
        </Typography>
      )}
      <Box sx={{ maxHeight: 360, overflowY: 'auto', px: 2, py: 1.5 }}>
        {messages.isPending ? (
          <PageLoader label="Loading messages" />
        ) : messages.isError ? (
          <LoadError message={messages.error.message} onRetry={messages.refetch} />
        ) : (
          <Box role="log" aria-label={`Messages with ${customerName}`}>
            {count === 0 ? (
              <Typography color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
                {NO_MESSAGES_TEXT}
              </Typography>
            ) : (
              <Box
                component="ul"
                sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}
              >
                {messages.data.map((message) => (
                  <ChatBubble key={message.id} message={message} name={customerName} />
                ))}
              </Box>
            )}
          </Box>
        )}
        <div ref={endRef} />
      </Box>
      <MessageForm channel={chat} onSent={(stored) => addJobMessage(queryClient, stored)} />
    </Box>
  );
}
