import {
  SOCKET_TIMEOUT_MS,
  type ChatMessage,
  type SendMessage,
  type SocketAck,
} from '@movehub/shared';
import type { RealtimeSocket } from '../socket';

/*
 * The chat's one socket emit (sendMessage), the same for the customer's chat and the partner
 * console's: each sends through the socket of its own session (decision 022).
 */

export const SEND_TIMEOUT_MESSAGE =
  'Your message could not be sent: no answer from the server. Check your connection and try again.';
export const NOT_CONNECTED_MESSAGE =
  'Chat is not connected right now. Please wait a moment and try again.';

/**
 * Emits sendMessage and waits for its acknowledgement (the message as stored). A timeout or a
 * refusal rejects with the message to show. Nothing is queued while the socket is down: a
 * message the screen called unsent must not go out later behind the customer's back.
 */
export async function sendChatMessage(
  socket: RealtimeSocket | null,
  message: SendMessage,
): Promise<ChatMessage> {
  if (!socket?.connected) throw new Error(NOT_CONNECTED_MESSAGE);
  let ack: SocketAck<ChatMessage>;
  try {
    ack = await socket.timeout(SOCKET_TIMEOUT_MS).emitWithAck('sendMessage', message);
  } catch {
    throw new Error(SEND_TIMEOUT_MESSAGE);
  }
  if (ack.code !== 200 || !ack.data) throw new Error(ack.message);
  return ack.data;
}
