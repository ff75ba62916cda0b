import { createElement, lazy, useState, type ComponentType } from 'react';
import { Navigate, matchRoutes, useParams, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from './guards';
import { SimpleLayout } from './layouts/simple-layout';
import { RootLayout } from './root-layout';

/*
 * The whole route map of spec/portal.md §2 and spec/request-lifecycle.md §2. Screens load lazily,
 * one chunk per feature, each the first time it is shown (a layout's Suspense shows a spinner
 * meanwhile). Paths whose screens are not built yet render the 404 page, so that every
 * spec path answers; a screen, once built, replaces its `notFound` entry (or `notFoundPage` in EDIT_ROUTES) and nothing else moves.
 */

/** A lazily loaded route component that can also be loaded ahead of its first render. */
type Screen = ComponentType & { preload: () => Promise<void> };

/**
 * A route's component whose module loads the first time the route is shown, or earlier through
 * `preload()`. A screen loaded ahead renders at once, without passing through its layout's
 * spinner: the prerendered entry pages (decision 031) are replaced by the same screen, drawn in
 * one go. Each mount keeps the form it started with, so that a screen that mounted lazily is not
 * remounted when its module arrives.
 */
function screen(load: () => Promise<{ Component: ComponentType }>): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      ({ Component }) => (loaded = Component),
      (error: unknown) => {
        // A preload that failed (main.tsx goes on without it) is tried again by the render.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function LazyScreen(props: object) {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(LazyScreen, {
    preload: async () => {
      await loadOnce();
    },
  });
}

/**
 * Loads the modules of every lazy route component that `pathname` renders (its layouts and its
 * screen), so that the first render draws the screen itself rather than a spinner.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const component = route.Component as Partial<Screen> | null | undefined;
      return component?.preload?.();
    }),
  );
}

const loginPage = screen(async () => ({
  Component: (await import('../features/auth/login-page')).LoginPage,
}));
const registerPage = screen(async () => ({
  Component: (await import('../features/auth/register-page')).RegisterPage,
}));
const forgetPasswordPage = screen(async () => ({
  Component: (await import('../features/auth/forget-password-page')).ForgetPasswordPage,
}));
const setPasswordPage = screen(async () => ({
  Component: (await import('../features/auth/set-password-page')).SetPasswordPage,
}));
const claimRequestPage = screen(async () => ({
  Component: (await import('../features/auth/claim-request-page')).ClaimRequestPage,
}));
const editProfilePage = screen(async () => ({
  Component: (await import('../features/profile/edit-profile-page')).EditProfilePage,
}));
const aboutPage = screen(async () => ({
  Component: (await import('../features/about/about-page')).AboutPage,
}));
const referralPage = screen(async () => ({
  Component: (await import('../features/referral/referral-page')).ReferralPage,
}));
const myRequestsPage = screen(async () => ({
  Component: (await import('../features/requests/my-requests-page')).MyRequestsPage,
}));
const companiesListPage = screen(async () => ({
  Component: (await import('../features/bids/companies-list-page')).CompaniesListPage,
}));
const reviewProfilePage = screen(async () => ({
  Component: (await import('../features/bids/review-profile-page')).ReviewProfilePage,
}));
const publicRequestPage = screen(async () => ({
  Component: (await import('../features/public-request/public-request-page')).PublicRequestPage,
}));
const notFoundPage = screen(async () => ({
  Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
}));
const dashboardLayout = screen(async () => ({
  Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
}));

const createRequestPage = screen(async () => ({
  Component: (await import('../features/wizard/create-request-page')).CreateRequestPage,
}));
const congratulationsPage = screen(async () => ({
  Component: (await import('../features/wizard/summary/congratulations-page')).CongratulationsPage,
}));

const requestDetailPage = screen(async () => ({
  Component: (await import('../features/requests/request-detail-page')).RequestDetailPage,
}));
// The request's address edit screens (the requests feature, beside the detail they return to).
const addAddressPage = screen(async () => ({
  Component: (await import('../features/requests/address-form-page')).AddAddressPage,
}));
const editAddressPage = screen(async () => ({
  Component: (await import('../features/requests/address-form-page')).EditAddressPage,
}));

const confirmCompletePage = screen(async () => ({
  Component: (await import('../features/completion/confirm-complete-page')).ConfirmCompletePage,
}));

const editItemsPage = screen(async () => ({
  Component: (await import('../features/item-edits/edit-items-page')).EditItemsPage,
}));
const editExtraItemsPage = screen(async () => ({
  Component: (await import('../features/item-edits/edit-extra-items-page')).EditExtraItemsPage,
}));

const makePaymentPage = screen(async () => ({
  Component: (await import('../features/payments/make-payment-page')).MakePaymentPage,
}));

const trackingPage = screen(async () => ({
  Component: (await import('../features/tracking/tracking-page')).TrackingPage,
}));

const signLetterPage = screen(async () => ({
  Component: (await import('../features/letter/sign-letter-page')).SignLetterPage,
}));

const chatPage = screen(async () => ({
  Component: (await import('../features/chat/chat-page')).ChatPage,
}));

/**
 * The change confirmation screen of one of the four types (request-lifecycle §2); any other type
 * is the 404 page.
 */
const changeRequestPage = screen(async () => {
  const [{ ChangeRequestPage, isChangeType }, { NotFoundPage }] = await Promise.all([
    import('../features/changes/change-request-page'),
    import('../features/not-found/not-found-page'),
  ]);
  return {
    Component: function ChangeRequestRoute() {
      const { type } = useParams();
      return isChangeType(type) ? <ChangeRequestPage key={type} type={type} /> : <NotFoundPage />;
    },
  };
});

const myCardsPage = screen(async () => ({
  Component: (await import('../features/cards/my-cards-page')).MyCardsPage,
}));

const notFound = (path: string): RouteObject => ({ path, Component: notFoundPage });

// The partner console (decision 022): its own lazy chunks, none on the customer's screens.
const partnerLoginPage = screen(async () => ({
  Component: (await import('../features/partner-auth/partner-login-page')).PartnerLoginPage,
}));
const partnerLayout = screen(async () => ({
  Component: (await import('./layouts/partner-layout')).PartnerLayout,
}));
const openRequestsPage = screen(async () => ({
  Component: (await import('../features/partner-market/open-requests-page')).OpenRequestsPage,
}));
const jobsPage = screen(async () => ({
  Component: (await import('../features/partner-jobs/jobs-page')).JobsPage,
}));
const partnerProfilePage = screen(async () => ({
  Component: (await import('../features/partner-profile/profile-page')).ProfilePage,
}));
const partnerSetPasswordPage = screen(async () => ({
  Component: (await import('../features/partner-auth/partner-set-password-page'))
    .PartnerSetPasswordPage,
}));
const linksPage = screen(async () => ({
  Component: (await import('../features/partner-links/links-page')).LinksPage,
}));
const payoutsPage = screen(async () => ({
  Component: (await import('../features/partner-payouts/payouts-page')).PayoutsPage,
}));
const jobDetailPage = screen(async () => ({
  Component: (await import('../features/partner-jobs/job-detail-page')).JobDetailPage,
}));
const partnerPublicOnly = screen(async () => ({
  Component: (await import('./partner-guards')).PartnerPublicOnly,
}));
const requireCompany = screen(async () => ({
  Component: (await import('./partner-guards')).RequireCompany,
}));
const requireForeman = screen(async () => ({
  Component: (await import('./partner-guards')).RequireForeman,
}));
const foremanJobsPage = screen(async () => ({
  Component: (await import('../features/foreman/foreman-jobs-page')).ForemanJobsPage,
}));
const foremanJobPage = screen(async () => ({
  Component: (await import('../features/foreman/foreman-job-page')).ForemanJobPage,
}));

const PARTNER_ROUTES: RouteObject = {
  path: 'partner',
  children: [
    {
      element: <SimpleLayout />,
      children: [
        {
          Component: partnerPublicOnly,
          children: [{ path: 'login', Component: partnerLoginPage }],
        },
        // An invited foreman's link: open whoever is signed in, since it signs him in.
        { path: 'set-password', Component: partnerSetPasswordPage },
      ],
    },
    // The foreman's phone screens, in the same layout with his own nav.
    {
      path: 'foreman',
      Component: requireForeman,
      children: [
        {
          Component: partnerLayout,
          children: [
            { index: true, Component: foremanJobsPage },
            { path: 'jobs/:requestId', Component: foremanJobPage },
            notFound('*'),
          ],
        },
      ],
    },
    {
      Component: requireCompany,
      children: [
        {
          Component: partnerLayout,
          children: [
            { index: true, element: <Navigate to="/partner/open-requests" replace /> },
            { path: 'open-requests', Component: openRequestsPage },
            { path: 'jobs', Component: jobsPage },
            { path: 'profile', Component: partnerProfilePage },
            { path: 'links', Component: linksPage },
            { path: 'payouts', Component: payoutsPage },
            { path: 'jobs/:requestId', Component: jobDetailPage },
            notFound('*'),
          ],
        },
      ],
    },
  ],
};

/** Request editing screens, reachable under /dashboard/my-requests and at top level. */
const EDIT_ROUTES: RouteObject[] = [
  { path: 'add-address/:requestId', Component: addAddressPage },
  { path: 'edit-address/:requestId/:addressId', Component: editAddressPage },
  { path: 'edit-items/:requestId', Component: editItemsPage },
  { path: 'edit-extra-items/:requestId', Component: editExtraItemsPage },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/create-request" replace /> },
      // Direct-link mode wears the company's layout (spec/portal.md §2), not the simple one.
      { path: 'create-request/:direct_link', Component: createRequestPage },

      {
        element: <SimpleLayout />,
        children: [
          {
            element: <PublicOnly />,
            children: [
              { path: 'login', Component: loginPage },
              { path: 'register', Component: registerPage },
              { path: 'register/:reff', Component: registerPage },
              { path: 'forget-password', Component: forgetPasswordPage },
              { path: 'set-forget-password/:token', Component: setPasswordPage },
            ],
          },
          // Reachable with or without a token.
          { path: 'create-request', Component: createRequestPage },
          { path: 'view-request/:access_token', Component: publicRequestPage },
          // Ours: the emailed confirmation of a direct request (decision 007).
          { path: 'claim-request/:token', Component: claimRequestPage },
          // A public access link or a request id; with or without a session (decision 016).
          { path: 'sign-confirmation-letter/:id', Component: signLetterPage },
          notFound('*'),
        ],
      },

      // The edit routes are also exposed at top level (request-lifecycle §2): the same screens,
      // signed in, in the dashboard's layout.
      {
        element: <RequireAuth />,
        children: [{ Component: dashboardLayout, children: EDIT_ROUTES }],
      },

      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            Component: dashboardLayout,
            children: [
              { index: true, element: <Navigate to="/dashboard/my-requests" replace /> },
              {
                path: 'my-requests',
                children: [
                  { index: true, Component: myRequestsPage },
                  { path: ':requestId', Component: requestDetailPage },
                  { path: 'companies-list/:requestId', Component: companiesListPage },
                  { path: 'make-payment/:requestId', Component: makePaymentPage },
                  { path: 'confirm-complete/:requestId', Component: confirmCompletePage },
                  { path: 'tracking-location/:requestId', Component: trackingPage },
                  ...EDIT_ROUTES,
                  { path: 'change-request/:type/:requestId', Component: changeRequestPage },
                ],
              },
              { path: 'chats', Component: chatPage },
              {
                path: 'my-cards',
                Component: myCardsPage,
              },
              { path: 'refferral-program', Component: referralPage },
              { path: 'about-us', Component: aboutPage },
              { path: 'edit-profile', Component: editProfilePage },
              { path: 'review-profile', Component: reviewProfilePage },
              { path: 'congratulations', Component: congratulationsPage },
              notFound('*'),
            ],
          },
        ],
      },

      PARTNER_ROUTES,
    ],
  },
];
