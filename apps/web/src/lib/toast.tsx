import { useCallback, useSyncExternalStore, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
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

/** Rendered once, by the app providers. */
export function Toaster() {
  const toast = useSyncExternalStore(subscribe, getToast, getToast);
  const onClose = useCallback((_event?: Event | SyntheticEvent, reason?: SnackbarCloseReason) => {
    // The spec keeps the toast for its full time; a stray click elsewhere does not dismiss it.
    if (reason === 'clickaway') return;
    hideToast();
  }, []);

  return (
    <Snackbar
      key={toast?.id}
      open={toast?.open ?? false}
      autoHideDuration={toast?.durationMs ?? TOAST_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={toast?.severity ?? 'error'}
        variant="filled"
        onClose={onClose}
        sx={{ width: '100%' }}
      >
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
