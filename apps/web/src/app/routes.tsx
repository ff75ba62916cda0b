import { Navigate, useParams, type RouteObject } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { PublicOnly, RequireAuth } from './guards';
import { SimpleLayout } from './layouts/simple-layout';
import { RootLayout } from './root-layout';

/*
 * The whole route map of spec/portal.md §2 and spec/request-lifecycle.md §2. Screens load lazily,
 * one chunk per feature. Paths whose screens are not built yet render the 404 page, so that every
 * spec path answers; a screen, once built, replaces its `notFound` entry (or `notFoundPage` in EDIT_ROUTES) and nothing else moves.
 */

const loginPage = async () => ({
  Component: (await import('../features/auth/login-page')).LoginPage,
});
const registerPage = async () => ({
  Component: (await import('../features/auth/register-page')).RegisterPage,
});
const forgetPasswordPage = async () => ({
  Component: (await import('../features/auth/forget-password-page')).ForgetPasswordPage,
});
const setPasswordPage = async () => ({
  Component: (await import('../features/auth/set-password-page')).SetPasswordPage,
});
const claimRequestPage = async () => ({
  Component: (await import('../features/auth/claim-request-page')).ClaimRequestPage,
});
const editProfilePage = async () => ({
  Component: (await import('../features/profile/edit-profile-page')).EditProfilePage,
});
const aboutPage = async () => ({
  Component: (await import('../features/about/about-page')).AboutPage,
});
const referralPage = async () => ({
  Component: (await import('../features/referral/referral-page')).ReferralPage,
});
const myRequestsPage = async () => ({
  Component: (await import('../features/requests/my-requests-page')).MyRequestsPage,
});
const companiesListPage = async () => ({
  Component: (await import('../features/bids/companies-list-page')).CompaniesListPage,
});
const reviewProfilePage = async () => ({
  Component: (await import('../features/bids/review-profile-page')).ReviewProfilePage,
});
const publicRequestPage = async () => ({
  Component: (await import('../features/public-request/public-request-page')).PublicRequestPage,
});
const notFoundPage = async () => ({
  Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
});
const dashboardLayout = async () => ({
  Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
});

const createRequestPage = async () => ({
  Component: (await import('../features/wizard/create-request-page')).CreateRequestPage,
});
const congratulationsPage = async () => ({
  Component: (await import('../features/wizard/summary/congratulations-page')).CongratulationsPage,
});

const requestDetailPage = async () => ({
  Component: (await import('../features/requests/request-detail-page')).RequestDetailPage,
});
// The request's address edit screens (the requests feature, beside the detail they return to).
const addAddressPage = async () => ({
  Component: (await import('../features/requests/address-form-page')).AddAddressPage,
});
const editAddressPage = async () => ({
  Component: (await import('../features/requests/address-form-page')).EditAddressPage,
});

const confirmCompletePage = async () => ({
  Component: (await import('../features/completion/confirm-complete-page')).ConfirmCompletePage,
});

const editItemsPage = async () => ({
  Component: (await import('../features/item-edits/edit-items-page')).EditItemsPage,
});
const editExtraItemsPage = async () => ({
  Component: (await import('../features/item-edits/edit-extra-items-page')).EditExtraItemsPage,
});

const makePaymentPage = async () => ({
  Component: (await import('../features/payments/make-payment-page')).MakePaymentPage,
});

const trackingPage = async () => ({
  Component: (await import('../features/tracking/tracking-page')).TrackingPage,
});

const signLetterPage = async () => ({
  Component: (await import('../features/letter/sign-letter-page')).SignLetterPage,
});

const chatPage = async () => ({
  Component: (await import('../features/chat/chat-page')).ChatPage,
});

/**
 * The change confirmation screen of one of the four types (request-lifecycle §2); any other type
 * is the 404 page.
 */
const changeRequestPage = async () => {
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
};

const notFound = (path: string): RouteObject => ({ path, lazy: notFoundPage });

// The partner console (decision 022): its own lazy chunks, none on the customer's screens.
const partnerLoginPage = async () => ({
  Component: (await import('../features/partner-auth/partner-login-page')).PartnerLoginPage,
});
const partnerLayout = async () => ({
  Component: (await import('./layouts/partner-layout')).PartnerLayout,
});
const openRequestsPage = async () => ({
  Component: (await import('../features/partner-market/open-requests-page')).OpenRequestsPage,
});
const jobsPage = async () => ({
  Component: (await import('../features/partner-jobs/jobs-page')).JobsPage,
});
const partnerProfilePage = async () => ({
  Component: (await import('../features/partner-profile/profile-page')).ProfilePage,
});
const partnerSetPasswordPage = async () => ({
  Component: (await import('../features/partner-auth/partner-set-password-page'))
    .PartnerSetPasswordPage,
});
const linksPage = async () => ({
  Component: (await import('../features/partner-links/links-page')).LinksPage,
});
const payoutsPage = async () => ({
  Component: (await import('../features/partner-payouts/payouts-page')).PayoutsPage,
});
const jobDetailPage = async () => ({
  Component: (await import('../features/partner-jobs/job-detail-page')).JobDetailPage,
});
const partnerPublicOnly = async () => ({
  Component: (await import('./partner-guards')).PartnerPublicOnly,
});
const requireCompany = async () => ({
  Component: (await import('./partner-guards')).RequireCompany,
});
const requireForeman = async () => ({
  Component: (await import('./partner-guards')).RequireForeman,
});
const foremanJobsPage = async () => ({
  Component: (await import('../features/foreman/foreman-jobs-page')).ForemanJobsPage,
});
const foremanJobPage = async () => ({
  Component: (await import('../features/foreman/foreman-job-page')).ForemanJobPage,
});

const PARTNER_ROUTES: RouteObject = {
  path: 'partner',
  children: [
    {
      element: <SimpleLayout />,
      children: [
        {
          lazy: partnerPublicOnly,
          children: [{ path: 'login', lazy: partnerLoginPage }],
        },
        // An invited foreman's link: open whoever is signed in, since it signs him in.
        { path: 'set-password', lazy: partnerSetPasswordPage },
      ],
    },
    // The foreman's phone screens, in the same layout with his own nav.
    {
      path: 'foreman',
      lazy: requireForeman,
      children: [
        {
          lazy: partnerLayout,
          children: [
            { index: true, lazy: foremanJobsPage },
            { path: 'jobs/:requestId', lazy: foremanJobPage },
            notFound('*'),
          ],
        },
      ],
    },
    {
      lazy: requireCompany,
      children: [
        {
          lazy: partnerLayout,
          children: [
            { index: true, element: <Navigate to="/partner/open-requests" replace /> },
            { path: 'open-requests', lazy: openRequestsPage },
            { path: 'jobs', lazy: jobsPage },
            { path: 'profile', lazy: partnerProfilePage },
            { path: 'links', lazy: linksPage },
            { path: 'payouts', lazy: payoutsPage },
            { path: 'jobs/:requestId', lazy: jobDetailPage },
            notFound('*'),
          ],
        },
      ],
    },
  ],
};

/** Request editing screens, reachable under /dashboard/my-requests and at top level. */
const EDIT_ROUTES: RouteObject[] = [
  { path: 'add-address/:requestId', lazy: addAddressPage },
  { path: 'edit-address/:requestId/:addressId', lazy: editAddressPage },
  { path: 'edit-items/:requestId', lazy: editItemsPage },
  { path: 'edit-extra-items/:requestId', lazy: editExtraItemsPage },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: () => <PageLoader />,
    children: [
      { index: true, element: <Navigate to="/create-request" replace /> },
      // Direct-link mode wears the company's layout (spec/portal.md §2), not the simple one.
      { path: 'create-request/:direct_link', lazy: createRequestPage },

      {
        element: <SimpleLayout />,
        children: [
          {
            element: <PublicOnly />,
            children: [
              { path: 'login', lazy: loginPage },
              { path: 'register', lazy: registerPage },
              { path: 'register/:reff', lazy: registerPage },
              { path: 'forget-password', lazy: forgetPasswordPage },
              { path: 'set-forget-password/:token', lazy: setPasswordPage },
            ],
          },
          // Reachable with or without a token.
          { path: 'create-request', lazy: createRequestPage },
          { path: 'view-request/:access_token', lazy: publicRequestPage },
          // Ours: the emailed confirmation of a direct request (decision 007).
          { path: 'claim-request/:token', lazy: claimRequestPage },
          // A public access link or a request id; with or without a session (decision 016).
          { path: 'sign-confirmation-letter/:id', lazy: signLetterPage },
          notFound('*'),
        ],
      },

      // The edit routes are also exposed at top level (request-lifecycle §2): the same screens,
      // signed in, in the dashboard's layout.
      {
        element: <RequireAuth />,
        children: [{ lazy: dashboardLayout, children: EDIT_ROUTES }],
      },

      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            lazy: dashboardLayout,
            children: [
              { index: true, element: <Navigate to="/dashboard/my-requests" replace /> },
              {
                path: 'my-requests',
                children: [
                  { index: true, lazy: myRequestsPage },
                  { path: ':requestId', lazy: requestDetailPage },
                  { path: 'companies-list/:requestId', lazy: companiesListPage },
                  { path: 'make-payment/:requestId', lazy: makePaymentPage },
                  { path: 'confirm-complete/:requestId', lazy: confirmCompletePage },
                  { path: 'tracking-location/:requestId', lazy: trackingPage },
                  ...EDIT_ROUTES,
                  { path: 'change-request/:type/:requestId', lazy: changeRequestPage },
                ],
              },
              { path: 'chats', lazy: chatPage },
              {
                path: 'my-cards',
                lazy: async () => ({
                  Component: (await import('../features/cards/my-cards-page')).MyCardsPage,
                }),
              },
              { path: 'refferral-program', lazy: referralPage },
              { path: 'about-us', lazy: aboutPage },
              { path: 'edit-profile', lazy: editProfilePage },
              { path: 'review-profile', lazy: reviewProfilePage },
              { path: 'congratulations', lazy: congratulationsPage },
              notFound('*'),
            ],
          },
        ],
      },

      PARTNER_ROUTES,
    ],
  },
];
