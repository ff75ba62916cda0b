import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the page is drawn at build time and while the app hydrates that drawing
 * (decision 034), true after: a value that belongs to the moment the page is opened (today's
 * date) is rendered only then, so that the hydrated markup is the markup the build drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
