import { useEffect, useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { TOAST_MS } from '@movehub/shared';

/**
 * The one toast of the app (spec/portal.md §8: a failed call shows a red toast with the server
 * message for 5 seconds). The state lives in a tiny module store rather than a React context so
 * that the api client, which runs outside React, can raise it too.
 */

export type ToastSeverity = 'error' | 'info' | 'success';

export interface ToastState {
  id: number;
  message: string;
  severity: ToastSeverity;
  open: boolean;
  /** How long it stays; the spec's toast is 5 s, the chat's new-message snack 2 s (§9). */
  durationMs: number;
}

let state: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function setState(next: ToastState | null): void {
  state = next;
  for (const listener of listeners) listener();
}

export function showToast(
  message: string,
  severity: ToastSeverity = 'error',
  { durationMs = TOAST_MS }: { durationMs?: number } = {},
): void {
  setState({ id: nextId++, message, severity, open: true, durationMs });
}

export function hideToast(): void {
  if (state) setState({ ...state, open: false });
}

/** The current toast, for tests and for the Toaster. */
export function getToast(): ToastState | null {
  return state;
}

/** Forget the toast entirely (tests start from a clean slate). */
export function resetToast(): void {
  setState(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What components use to raise the toast. */
export function useToast(): { showToast: typeof showToast; hideToast: typeof hideToast } {
  return { showToast, hideToast };
}

/**
 * Rendered once, by the app providers: the toast at the top centre, over the page, as long as
 * its duration, the time held while the pointer or the keyboard is on it. Drawn with the Alert
 * the screens use already rather than MUI's Snackbar, whose transitions and listeners every first
 * screen would otherwise download for a message most visits never show (decision 034).
 */
export function Toaster() {
  const toast = useSyncExternalStore(subscribe, getToast, getToast);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!toast?.open || held) return;
    const timer = setTimeout(hideToast, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, held]);

  if (!toast?.open) return null;
  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  return (
    <Box
      sx={{
        position: 'fixed',
        top: { xs: 8, sm: 24 },
        left: 8,
        right: 8,
        display: 'flex',
        justifyContent: 'center',
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: 'none',
      }}
    >
      <Alert
        key={toast.id}
        severity={toast.severity}
        variant="filled"
        onClose={hideToast}
        onMouseEnter={hold}
        onMouseLeave={release}
        onFocus={hold}
        onBlur={release}
        sx={{
          pointerEvents: 'auto',
          width: { xs: '100%', sm: 'auto' },
          minWidth: { sm: 288 },
          maxWidth: 600,
          boxShadow: 6,
          '@keyframes toast-in': {
            from: { opacity: 0, transform: 'translateY(-8px)' },
            to: { opacity: 1, transform: 'none' },
          },
          animation: 'toast-in 200ms ease-out',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {toast.message}
      </Alert>
    </Box>
  );
}
