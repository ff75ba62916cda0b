import { useMemo } from 'react';
import type { SessionUser } from '@movehub/shared';
import { useStoreAfterHydration } from './use-hydrated';

/**
 * Browser storage (spec/portal.md §3 "Stored session": token and user object in browser storage).
 * Every read and write goes through here so that a blocked or full localStorage (private
 * windows, quotas) degrades to "no session" instead of throwing inside a render.
 *
 * Two sessions live side by side (decision 022): the customer's (the spec's `token` and `user`)
 * and the partner console's (`partner_token`, `partner_user`). localStorage is shared by every
 * window of the origin, so one slot would make a company's sign-in end the customer's session in
 * the other window. Every function takes the session it means; the customer's is the default.
 */

export type SessionKind = 'customer' | 'partner';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const PARTNER_TOKEN_KEY = 'partner_token';
export const PARTNER_USER_KEY = 'partner_user';

const SLOTS: Record<SessionKind, { token: string; user: string }> = {
  customer: { token: TOKEN_KEY, user: USER_KEY },
  partner: { token: PARTNER_TOKEN_KEY, user: PARTNER_USER_KEY },
};

/** The storage key of a session's token (what a storage event from another tab names). */
export function tokenKeyOf(session: SessionKind): string {
  return SLOTS[session].token;
}

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only as long as the page.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The token of each session whose log-out has begun. Logging out revokes the token on the
 * server, which closes its socket and refuses the socket's next handshake; a session on its way
 * out must not read that as news (a reconnection, a session check answered 401), so its socket
 * closes first. Kept in memory, and forgotten when the session is cleared or replaced.
 */
const endingTokens: Record<SessionKind, string | null> = { customer: null, partner: null };

export function getToken(session: SessionKind = 'customer'): string | null {
  const token = readString(SLOTS[session].token);
  return token ? token : null;
}

/**
 * The stored user, as setSession wrote it from an answer the server had checked; anything else
 * (another app's key, a hand edit) is no session. The profile call refreshes it on the dashboard.
 */
function parseUserJson(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as unknown;
    if (typeof user !== 'object' || user === null) return null;
    const { id, user_type: userType, room_id: roomId, email } = user as Record<string, unknown>;
    const isUser =
      Number.isInteger(id) &&
      Number.isInteger(userType) &&
      typeof roomId === 'string' &&
      typeof email === 'string';
    return isUser ? (user as SessionUser) : null;
  } catch {
    return null;
  }
}

export function getStoredUser(session: SessionKind = 'customer'): SessionUser | null {
  return parseUserJson(readString(SLOTS[session].user));
}

export function setSession(
  token: string,
  user: SessionUser,
  session: SessionKind = 'customer',
): void {
  writeString(SLOTS[session].token, token);
  writeString(SLOTS[session].user, JSON.stringify(user));
  endingTokens[session] = null;
  notify();
}

/**
 * Keeps the session's user current. Only a session's: an answer that arrives after the session
 * ended (a profile call in flight when another call's 401 cleared it) does not bring the user
 * back without its token.
 */
export function setStoredUser(user: SessionUser, session: SessionKind = 'customer'): void {
  if (!getToken(session)) return;
  writeString(SLOTS[session].user, JSON.stringify(user));
  notify();
}

/** Ends one session only: the other window's session stays. */
export function clearSession(session: SessionKind = 'customer'): void {
  removeKey(SLOTS[session].token);
  removeKey(SLOTS[session].user);
  endingTokens[session] = null;
  notify();
}

/** The log-out of the stored session has begun: its connections close before the server hears. */
export function markSessionEnding(session: SessionKind = 'customer'): void {
  const token = getToken(session);
  if (!token || endingTokens[session] === token) return;
  endingTokens[session] = token;
  notify();
}

function isSessionEnding(session: SessionKind): boolean {
  return endingTokens[session] !== null && endingTokens[session] === getToken(session);
}

const SESSION_KEYS = new Set(Object.values(SLOTS).flatMap((slot) => [slot.token, slot.user]));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes what this tab may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.has(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored token, re-rendering when it changes (log-in, log-out, a 401, another tab); null while
 * a page drawn at build time hydrates, as the build drew it (lib/use-hydrated.ts).
 */
export function useAuthToken(session: SessionKind = 'customer'): string | null {
  return useStoreAfterHydration(subscribe, () => getToken(session), null);
}

/** Whether the stored session's log-out has begun (markSessionEnding). */
export function useSessionEnding(session: SessionKind = 'customer'): boolean {
  return useStoreAfterHydration(subscribe, () => isSessionEnding(session), false);
}

/** The stored user; the JSON string is the snapshot so that an unchanged user keeps its identity. */
export function useStoredUser(session: SessionKind = 'customer'): SessionUser | null {
  const raw = useStoreAfterHydration(subscribe, () => readString(SLOTS[session].user), null);
  return useMemo(() => parseUserJson(raw), [raw]);
}
