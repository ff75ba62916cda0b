/*
 * spec §4: "make-payment redirects unless status is 2 (unless already paid in the session)". The
 * requests paid in this browser tab's session, so that coming back to the payment screen after
 * paying (the Back button) shows the payment's success instead of sending the customer away.
 */

const KEY = 'movehub.paid-requests';

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

export function wasPaidInSession(requestId: number): boolean {
  return read().includes(requestId);
}

export function rememberPaidInSession(requestId: number): void {
  try {
    const ids = read();
    if (!ids.includes(requestId)) ids.push(requestId);
    window.sessionStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: the success state lasts as long as the page.
  }
}
