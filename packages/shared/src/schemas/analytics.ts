import { z } from 'zod';
import { envelope } from './envelope';
import { boundedInt, safeString } from './primitives';

/*
 * Page-view analytics (spec/portal.md §2 app shell: "a page-view analytics tool"; decision 043).
 * The browser reports, once the visitor has accepted the cookie notice, each page it shows and
 * each wizard step it reaches: the event's name, the page's path without its query, and the
 * step. Nothing else: no cookie, no identifier, no address. The server keeps only counts per day
 * of each page's route pattern, never the path itself (a path may carry a reset token or a
 * request's public link), and a direct link's visits for its company.
 */

/** The events the browser sends: a page shown, a step of the request wizard reached. */
export const ANALYTICS_EVENT_NAMES = ['pageview', 'wizard_step'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** The wizard's steps (spec/request-lifecycle.md §2): 0 the map … 7 confirm, 8 congratulations. */
export const WIZARD_STEP_COUNT = 9;
/** Step 8, congratulations: the request was sent. */
export const WIZARD_SENT_STEP = 8;

/** The longest path the browser sends: the route map's longest, with ids, fits many times. */
export const MAX_ANALYTICS_PATH_LENGTH = 300;

/**
 * The customer portal's pages (spec/portal.md §2 route map), as route patterns: the only paths
 * counted. A `:name` segment stands for any one segment, which is never stored. The partner
 * console and the foreman's screens are not the portal's, and are not counted.
 */
export const ANALYTICS_PAGES = [
  '/',
  '/login',
  '/register',
  '/register/:reff',
  '/forget-password',
  '/set-forget-password/:token',
  '/create-request',
  '/create-request/:direct_link',
  '/view-request/:access_token',
  '/claim-request/:token',
  '/sign-confirmation-letter/:id',
  '/add-address/:requestId',
  '/edit-address/:requestId/:addressId',
  '/edit-items/:requestId',
  '/edit-extra-items/:requestId',
  '/dashboard',
  '/dashboard/my-requests',
  '/dashboard/my-requests/:requestId',
  '/dashboard/my-requests/companies-list/:requestId',
  '/dashboard/my-requests/make-payment/:requestId',
  '/dashboard/my-requests/confirm-complete/:requestId',
  '/dashboard/my-requests/tracking-location/:requestId',
  '/dashboard/my-requests/add-address/:requestId',
  '/dashboard/my-requests/edit-address/:requestId/:addressId',
  '/dashboard/my-requests/edit-items/:requestId',
  '/dashboard/my-requests/edit-extra-items/:requestId',
  '/dashboard/my-requests/change-request/:type/:requestId',
  '/dashboard/chats',
  '/dashboard/my-cards',
  '/dashboard/refferral-program',
  '/dashboard/about-us',
  '/dashboard/edit-profile',
  '/dashboard/review-profile',
  '/dashboard/congratulations',
] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

/** The pages whose wizard steps are counted. */
export const WIZARD_PAGES: readonly AnalyticsPage[] = [
  '/create-request',
  '/create-request/:direct_link',
];
/** The direct-link wizard's page: its visits are its company's to see. */
export const DIRECT_LINK_PAGE: AnalyticsPage = '/create-request/:direct_link';

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = ANALYTICS_PAGES.map((pattern) => ({ pattern, segments: segmentsOf(pattern) }));

/**
 * The page a path shows, with the values of its `:name` segments; null for a path that is not
 * one of the portal's pages. A fixed segment wins over a `:name` one
 * (`/dashboard/my-requests/companies-list/7` is the companies list, not a request).
 */
export function analyticsPageOf(
  path: string,
): { page: AnalyticsPage; params: Record<string, string> } | null {
  const segments = segmentsOf(path);
  let best: { page: AnalyticsPage; params: Record<string, string>; fixed: number } | null = null;
  for (const { pattern, segments: parts } of PATTERNS) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    const matches = parts.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return true;
      }
      fixed += 1;
      return part === segment;
    });
    if (matches && (!best || fixed > best.fixed)) best = { page: pattern, params, fixed };
  }
  return best && { page: best.page, params: best.params };
}

/** POST /app_api/analytics_event (no token): one page view or wizard step. */
export const analyticsEventBodySchema = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: "name must be 'pageview' or 'wizard_step'." }),
    path: safeString()
      .max(
        MAX_ANALYTICS_PATH_LENGTH,
        `path must be at most ${MAX_ANALYTICS_PATH_LENGTH} characters.`,
      )
      .regex(/^\/[^?#]*$/, 'path must be a page path without query or fragment.'),
    step: boundedInt(0, WIZARD_STEP_COUNT - 1).optional(),
  })
  .refine((event) => (event.name === 'wizard_step') === (event.step !== undefined), {
    message: 'step goes with wizard_step, and only with it.',
    path: ['step'],
  });
export type AnalyticsEventBody = z.input<typeof analyticsEventBodySchema>;

/** Whether the event was counted: false past the address's quota, or outside the portal. */
export const analyticsEventResponseSchema = envelope({ recorded: z.boolean() });

/** How many days the partner console's view reaches back by default, and at most. */
export const LINK_ANALYTICS_DAYS = 7;
export const MAX_LINK_ANALYTICS_DAYS = 90;

/** POST /api/company/direct_link_analytics: the company's links' visits over the last days. */
export const directLinkAnalyticsBodySchema = z.object({
  days: boundedInt(
    1,
    MAX_LINK_ANALYTICS_DAYS,
    `days must be a whole number from 1 to ${MAX_LINK_ANALYTICS_DAYS}.`,
  ).optional(),
});
export type DirectLinkAnalyticsBody = z.input<typeof directLinkAnalyticsBodySchema>;

/** One direct link's visits and how far they went through the wizard. */
export const linkFunnelSchema = z
  .object({
    link_id: z.number().int(),
    /** Views of the link's wizard page. */
    visits: z.number().int(),
    /** How many reached each step, 0 to 7 in order (zeros included). */
    steps: z.array(z.object({ step: z.number().int(), count: z.number().int() })),
    /** How many reached congratulations (step 8): requests sent through the wizard. */
    sent: z.number().int(),
  })
  .meta({ id: 'LinkFunnel' });
export type LinkFunnel = z.infer<typeof linkFunnelSchema>;

export const directLinkAnalyticsResponseSchema = envelope({
  data: z.object({
    /** The first and last day counted (YYYY-MM-DD, in the service's time zone), today last. */
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    /** Every link of the company, newest first, with zeros where nobody came. */
    links: z.array(linkFunnelSchema),
  }),
});
export type DirectLinkAnalyticsResponse = z.infer<typeof directLinkAnalyticsResponseSchema>;

/** The wizard's steps as the partner console names them (spec/request-lifecycle.md §2). */
export const WIZARD_STEP_NAMES: readonly string[] = [
  'Move date and addresses',
  'Location details',
  'How to add items',
  'Rooms',
  'Common list',
  'Extra items',
  'Add card',
  'Confirm request details',
  'Request sent',
];

/**
 * The steps a direct link's customer passes (spec §4 "Wizard flow": 0, 1, 2, then 3 or 4, then
 * 7; 5 and 6 are side trips from 7), in the order the console lists them.
 */
export const DIRECT_FUNNEL_STEPS: readonly number[] = [0, 1, 2, 3, 4, 7];
