import type { AnalyticsEventName, AnalyticsPage } from '@movehub/shared';

/**
 * One counted event (decision 043): what the browser reported, reduced to what may be kept. The
 * page is its route pattern, never the visitor's path; nobody is named in it.
 */
export interface PageEvent {
  name: AnalyticsEventName;
  page: AnalyticsPage;
  /** The wizard step of a wizard_step (0 to 8); null for a page view. */
  step: number | null;
  /** The direct link whose wizard was shown (an active link of a company); null elsewhere. */
  directLinkId: number | null;
  /**
   * The browser's User-Agent, which Plausible and Umami require to tell bots apart. Passed on to
   * them as it came, never stored; the database does not read it.
   */
  userAgent: string | null;
}

/**
 * Where page events go: the embedded database counts by default, or a configured provider
 * (Plausible, Umami, GA4), which the server calls itself so that the browser loads no script of
 * theirs and sets no cookie. A provider's failure is logged and never fails the caller's call.
 */
export interface Analytics {
  readonly kind: 'database' | 'plausible' | 'umami' | 'ga4';
  record(event: PageEvent): Promise<void>;
}

/** How long the server waits for a provider before it gives the event up. */
export const PROVIDER_TIMEOUT_MS = 3_000;
