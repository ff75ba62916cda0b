import { CONSENT_COOKIE, type AnalyticsEventName } from '@movehub/shared';
import { callApi } from '../../lib/api-client';
import { readCookie } from '../../lib/cookies';
import { WIZARD_DRAFT_KEY } from '../../lib/saved-request';
import { readString } from '../../lib/storage';

/*
 * The page-view sender (spec/portal.md §2 app shell "a page-view analytics tool"; decision 043):
 * each page shown and each wizard step reached goes to the server's analytics call with its path
 * alone: no query, no session, no identifier, no cookie of ours. The server decides what it
 * keeps (the page's pattern, a count a day) and where it sends it.
 */

/** The attribute in which the request wizard shows its step (features/wizard/wizard-flow.tsx). */
export const WIZARD_STEP_ATTRIBUTE = 'data-wizard-step';

/** What this page life sent already: a page drawn again, a step reached again, counts once. */
let lastPage = '';
const stepsSent = new Set<string>();
let observer: MutationObserver | null = null;

function send(name: AnalyticsEventName, path: string, step?: number) {
  // Only with the visitor's consent (the cookie notice's 'I understand').
  if (readCookie(CONSENT_COOKIE) !== '1') return;
  callApi('POST /app_api/analytics_event', {
    body: { name, path, step },
    withToken: false,
    suppressToast: true,
  }).catch(() => undefined);
}

/** The step of the stored draft the wizard at `path` reads on opening, if there is one. */
function storedStep(path: string): number | undefined {
  const link = path.split('/')[2];
  const key = link ? `${WIZARD_DRAFT_KEY}:${decodeURIComponent(link)}` : WIZARD_DRAFT_KEY;
  try {
    const screen = (JSON.parse(readString(key) ?? 'null') as { screen?: unknown } | null)?.screen;
    return typeof screen === 'number' ? screen : undefined;
  } catch {
    return undefined;
  }
}

/** The wizard's step, when a wizard is on the page and the step is new to this page life. */
function reportStep() {
  const wizard = document.querySelector(`[${WIZARD_STEP_ATTRIBUTE}]`);
  if (!wizard) return;
  const step = Number(wizard.getAttribute(WIZARD_STEP_ATTRIBUTE));
  if (!Number.isInteger(step) || step < 0) return;
  const path = window.location.pathname;
  // A visit that goes on with a stored draft shows the map while the draft is read: that is
  // not a step it reached now.
  if (step === 0 && (storedStep(path) ?? 0) !== 0) return;
  const key = `${path} ${step}`;
  if (stepsSent.has(key)) return;
  stepsSent.add(key);
  send('wizard_step', path, step);
}

/** A page was shown (the router's pathname); the partner console is not the portal's. */
export function pageShown(path: string) {
  if (!observer) {
    observer = new MutationObserver(reportStep);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: [WIZARD_STEP_ATTRIBUTE],
    });
  }
  if (path !== lastPage && !path.startsWith('/partner')) {
    lastPage = path;
    send('pageview', path);
  }
  reportStep();
}

/** Tests start each case as a new page life. */
export function resetAnalyticsSender() {
  observer?.disconnect();
  observer = null;
  lastPage = '';
  stepsSent.clear();
}
