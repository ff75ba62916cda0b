/*
 * The chat's vocabulary (spec/portal.md "Chat", §3 "Chat channel"): kept apart from its
 * schemas (schemas/chat.ts) so that a screen that only names a conversation loads no schema
 * library.
 */

/** §3 Chat channel type: 0 the company, 2 the foreman (a mover or other person). */
export const ChatType = { company: 0, foreman: 2 } as const;
export type ChatType = (typeof ChatType)[keyof typeof ChatType];
export const CHAT_TYPES = Object.values(ChatType);

/** The longest message one bubble holds. */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;

/** §5 "Chat: a message is required." */
export const CHAT_TEXT = {
  messageRequired: 'Please enter a message.',
  messageTooLong: `A message may be at most ${MAX_CHAT_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`,
  chatClosed: 'Chat is not open for this request.',
  notYourRoom: 'This room is not yours.',
} as const;
