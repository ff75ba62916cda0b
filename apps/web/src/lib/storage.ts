import { useMemo, useSyncExternalStore } from 'react';
import { sessionUserSchema, type SessionUser } from '@movehub/shared';

/**
 * Browser storage (spec/portal.md §3 "Stored session": token and user object in browser storage).
 * Every read and write goes through here so that a blocked or full localStorage (private
 * windows, quotas) degrades to "no session" instead of throwing inside a render.
 */

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

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

export function getToken(): string | null {
  const token = readString(TOKEN_KEY);
  return token ? token : null;
}

function parseUserJson(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function getStoredUser(): SessionUser | null {
  return parseUserJson(readString(USER_KEY));
}

export function setSession(token: string, user: SessionUser): void {
  writeString(TOKEN_KEY, token);
  writeString(USER_KEY, JSON.stringify(user));
  notify();
}

export function setStoredUser(user: SessionUser): void {
  writeString(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  removeKey(TOKEN_KEY);
  removeKey(USER_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes what this tab may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when it changes (log-in, log-out, a 401, another tab). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

/** The stored user; the JSON string is the snapshot so that an unchanged user keeps its identity. */
export function useStoredUser(): SessionUser | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readString(USER_KEY),
    () => null,
  );
  return useMemo(() => parseUserJson(raw), [raw]);
}
