import { CHAT_TYPES, type ChatType } from '@movehub/shared';

/*
 * The chat screen's address, shared by the screens that open it (the Chat buttons of a request)
 * and the screen itself: the selected conversation lives in the query string, so that a reload,
 * a shared link or the browser's Back keep it.
 */

export const CHATS_PATH = '/dashboard/chats';

/** One request's conversation with its company (type 0) or its foreman (type 2). */
export interface ChatSelection {
  request_id: number;
  type: ChatType;
}

/** /dashboard/chats?request_id=42&type=0 */
export function chatLink(selection?: ChatSelection): string {
  if (!selection) return CHATS_PATH;
  const query = new URLSearchParams({
    request_id: String(selection.request_id),
    type: String(selection.type),
  });
  return `${CHATS_PATH}?${query.toString()}`;
}

/** The selection a query string names, or null when it names none (or nonsense). */
export function chatSelectionFromSearch(search: string | URLSearchParams): ChatSelection | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawRequestId = params.get('request_id')?.trim();
  const rawType = params.get('type')?.trim();
  // Number('') is 0: an empty value must not read as the company's type or a request.
  if (!rawRequestId || !rawType) return null;
  const requestId = Number(rawRequestId);
  const type = Number(rawType);
  if (!Number.isSafeInteger(requestId) || requestId <= 0) return null;
  if (!(CHAT_TYPES as number[]).includes(type)) return null;
  return { request_id: requestId, type: type as ChatType };
}
