import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ChatObject } from '@movehub/shared';
import { useConnectedSocket } from '../realtime';
import { newClientId } from './client-id';
import { sendChatMessage } from './send-chat-message';

/**
 * sendMessage on the socket, acknowledged once the message is stored. A text sent again after a
 * failure keeps its client_id, so the server stores it once however many times it arrives.
 */
export function useSendChatMessage(channel: ChatObject) {
  const connectedSocket = useConnectedSocket();
  const pending = useRef<{ text: string; clientId: string } | null>(null);
  return useMutation({
    mutationFn: async (text: string) => {
      if (pending.current?.text !== text) pending.current = { text, clientId: newClientId() };
      // A tab just opened may still be connecting: the message waits for it, shown as sending.
      return sendChatMessage(await connectedSocket(), {
        client_id: pending.current.clientId,
        sender_id: channel.room_id,
        room_id: channel.room_id,
        receiver_id: channel.receiver_room_id,
        receive_type: channel.type,
        request_id: channel.request_id,
        message: text,
      });
    },
    onSuccess: () => {
      pending.current = null;
    },
  });
}
