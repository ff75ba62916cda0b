import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageViews } from '../features/analytics/page-views';
import { CookieBanner } from './cookie-banner';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { ScrollRestoration } from './scroll-restoration';
import { TopProgress } from '../ui/top-progress';

/**
 * Wraps every page: a progress bar while a layout's code loads (each layout shows its own
 * spinner for its pages), the cookie banner and page-view analytics of the app shell, and the
 * scroll position.
 */
export function RootLayout() {
  return (
    <>
      <ScreenErrorBoundary>
        <Suspense fallback={<TopProgress label="Loading page" />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
      <CookieBanner>
        <PageViews />
      </CookieBanner>
      <ScrollRestoration />
    </>
  );
}
