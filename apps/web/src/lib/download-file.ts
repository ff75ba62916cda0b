import { AUTH_HEADER } from '@movehub/shared';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  page,
  readEnvelope,
  UNEXPECTED_RESPONSE_MESSAGE,
} from './api-client';
import { clearSession, getToken, type SessionKind } from './storage';
import { showToast } from './toast';

/**
 * Downloads a file the API gives only to the signed-in owner (a calendar invite, a receipt PDF):
 * fetched with the session token in the x-sh-auth header, like every api call, and saved from
 * a blob. The token never appears in a URL (no history, logs or Referer carry it). A failure
 * shows the server's message as the red toast and throws, as callApi does. `session` picks whose
 * token goes and which session a 401 ends (decision 022).
 */
export async function downloadFile(
  path: string,
  filename: string,
  { session = 'customer' }: { session?: SessionKind } = {},
): Promise<void> {
  const token = getToken(session);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'GET',
      headers: token ? { [AUTH_HEADER]: token } : {},
    });
  } catch {
    showToast(NETWORK_ERROR_MESSAGE, 'error');
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    let message = UNEXPECTED_RESPONSE_MESSAGE;
    try {
      const envelope = readEnvelope(await response.json());
      if (envelope?.message) message = envelope.message;
    } catch {
      // Not an envelope: the generic message stands.
    }
    if (response.status === 401) {
      clearSession(session);
      if (token) page.reload();
      throw new ApiError(401, message);
    }
    showToast(message, 'error');
    throw new ApiError(response.status, message);
  }
  saveBlob(await response.blob(), filename);
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // After the click has handed the blob over.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
